import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const PURE = ["src/schemas/**", "src/runtime/**", "src/scoring/**", "src/candidates/**", "src/fixtures/**", "src/integrity/**"];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "public/mockServiceWorker.js", "test-results/**", "playwright-report/**", "e2e/artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Arrows point inward: the pure core imports no framework, no DOM or Node module, no outer layer.
    files: PURE,
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          group: ["react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*", "msw", "msw/*", "node:*", "fs", "path", "**/state/**", "**/ui/**", "**/cli/**", "**/mocks/**"],
          message: "The pure core (schemas, runtime, scoring, candidates, fixtures) must not import React, zustand, msw, Node modules or an outer layer.",
        }],
      }],
    },
  },
  {
    files: ["src/state/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/ui/**", "**/cli/**", "react-dom", "react-dom/*"], message: "state/ is below ui/: it never imports the UI or the CLI." }] }],
    },
  },
);
