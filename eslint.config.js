import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// Who may import whom (docs/architecture.md). Each rule names what a folder must never reach for.
const PURE = ["src/schemas/**", "src/runtime/**", "src/scoring/**", "src/evaluation/**", "src/candidates/**", "src/fixture-set/**", "src/integrity/**", "src/files/**"];
const HOST = ["react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*", "msw", "msw/*", "@modelcontextprotocol/*", "node:*", "fs", "path"];
const OUTER = ["**/state/**", "**/ui/**", "**/cli/**", "**/mocks/**", "**/app/**", "**/mcp/**"];

const forbid = (group, message) => ({ "no-restricted-imports": ["error", { patterns: [{ group, message }] }] });
// Types may cross where values may not: the rule's TypeScript form lets `import type` through.
const forbidValues = (group, message) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group, message, allowTypeImports: true }] }] });

export default tseslint.config(
  { ignores: ["dist/**", "dist-cli/**", "node_modules/**", "public/mockServiceWorker.js", "test-results/**", "playwright-report/**", "e2e/artifacts/**", "reports/**", ".stryker-tmp/**", "bin/**"] },
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
    rules: forbid([...HOST, ...OUTER], "The pure core (schemas, runtime, scoring, evaluation, candidates, fixtures, integrity, files) must not import React, zustand, msw, the MCP SDK, Node modules or an outer layer."),
  },
  {
    // Scoring judges a finished run; it never runs one (running lives in src/evaluation).
    files: ["src/scoring/**"],
    rules: forbid([...HOST, ...OUTER, "**/evaluation/**", "**/candidates/**", "**/runtime/episode*", "**/runtime/clock*"], "scoring/ judges a finished run: it must not run candidates (that is src/evaluation) or import an outer layer."),
  },
  {
    // Exports for other tools: the OpenTelemetry adapter (otlp.ts) may use the SDK, nothing outer and no Node module.
    files: ["src/interop/**"],
    rules: forbid([...HOST, ...OUTER], "interop/ turns runs into files for other tools: it must not import React, zustand, msw, the MCP SDK, Node modules or an outer layer."),
  },
  {
    // The rest of interop/ is pure, like the core: the SDK's platform code stays in otlp.ts.
    files: ["src/interop/**"],
    ignores: ["src/interop/otlp.ts"],
    rules: forbid([...HOST, ...OUTER, "@opentelemetry/*"], "interop/ is pure except otlp.ts: only otlp.ts may import the OpenTelemetry SDK."),
  },
  {
    files: ["src/state/**"],
    rules: forbid(["**/ui/**", "**/app/**", "**/cli/**", "**/mcp/**", "@modelcontextprotocol/*", "react", "react/*", "react-dom", "react-dom/*", "node:*", "fs", "path"], "state/ is plain slices below app/ and ui/: it never imports the platform (workers, IndexedDB, probes, the React hook: injected through StoreDeps), the UI, the CLI, the MCP server or Node."),
  },
  {
    // The store loads the simulator and the report writers on first use (dynamic imports), never statically.
    files: ["src/state/**"],
    rules: forbidValues(["**/mocks/**", "**/interop/**"], "state/ loads mocks/ and interop/ only through a dynamic import(), so they stay out of the first load."),
  },
  {
    // The browser platform: the store's wiring and React hook, the workers and their clients, IndexedDB, network probes.
    files: ["src/app/**"],
    rules: forbid(["**/ui/**", "**/cli/**", "**/mcp/**", "**/node/**", "@modelcontextprotocol/*", "node:*", "fs", "path"], "app/ is the browser's platform under the UI: it wires state/ to workers, IndexedDB and the network, and never imports the UI, the CLI, the MCP server or Node."),
  },
  {
    // The platform loads the simulated model and its data lazily, as state/ does.
    files: ["src/app/**"],
    rules: forbidValues(["**/mocks/**", "**/interop/**"], "app/ loads mocks/ and interop/ only through a dynamic import(), so they stay out of the first load."),
  },
  {
    // The views read the runtime's and the scorer's types; their values reach the UI through src/state.
    files: ["src/ui/**"],
    rules: forbidValues(["**/runtime/**", "**/scoring/**"], "ui/ may import types from runtime/ and scoring/; their functions and values reach it through src/state."),
  },
  {
    // The UI renders state: it never runs, fetches or reads files itself.
    files: ["src/ui/**"],
    rules: forbid(["**/cli/**", "**/mocks/**", "**/mcp/**", "**/evaluation/**", "**/candidates/**", "**/runtime/episode*", "msw", "msw/*", "@modelcontextprotocol/*", "node:*", "fs", "path"], "ui/ renders state: runs, models and files go through src/state, never imported here directly."),
  },
  {
    // The MCP server serves agents: Node and the SDK, over the pure core; the CLI starts it, never the reverse.
    files: ["src/mcp/**"],
    rules: forbid(["**/ui/**", "**/state/**", "**/app/**", "**/cli/**", "**/mocks/**", "react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*", "msw", "msw/*"], "mcp/ serves agents over MCP: it may use Node and the SDK over the pure core, never the UI, the store, the CLI or the mocks."),
  },
  {
    // Node adapters (the file system's fixtures, input errors) serve cli/, mcp/ and mocks/; they know none of them.
    files: ["src/node/**"],
    rules: forbid(["**/ui/**", "**/state/**", "**/app/**", "**/cli/**", "**/mcp/**", "**/mocks/**", "react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*", "msw", "msw/*"], "node/ holds Node adapters for the entry points: it may use Node over the pure core, never an outer layer."),
  },
  {
    // msw handlers and harnesses serve the model side; they know nothing of the workbench.
    files: ["src/mocks/**"],
    rules: forbid(["**/ui/**", "**/state/**", "**/cli/**", "react", "react/*", "react-dom", "react-dom/*", "zustand", "zustand/*"], "mocks/ simulate the model server: they must not import the UI, the store or the CLI (Node adapters are in src/node)."),
  },
);
