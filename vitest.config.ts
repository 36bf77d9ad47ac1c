import { defineConfig } from "vitest/config";

// A test's time limit catches a hang, not slowness: vitest's default of 5 s failed a CLI test that took
// 10 s on a machine busy with four other processes, and npm test must pass on a busy machine. (Each
// project is given it: an inline project does not take the root's settings.)
const LIMITS = { testTimeout: 60_000, hookTimeout: 60_000 };

// The pure core is tested in Node with no DOM at all; only UI and store tests get jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...LIMITS,
          name: "core",
          environment: "node",
          include: ["tests/{schemas,runtime,scoring,evaluation,candidates,fixture-set,cli,mocks,mcp,integrity,fuzz,attacks,files,interop,bench,docs,architecture}/**/*.test.ts"],
        },
      },
      {
        // Real-clock timing under load: run on its own (npm run test:load), never beside other files.
        test: {
          ...LIMITS,
          name: "load",
          environment: "node",
          include: ["tests/load/**/*.test.ts"],
        },
      },
      {
        test: {
          ...LIMITS,
          name: "ui",
          environment: "jsdom",
          include: ["tests/{state,ui}/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
