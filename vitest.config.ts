import { defineConfig } from "vitest/config";

// A test's time limit catches a hang, not slowness: vitest's default of 5 s failed a CLI test that took
// 10 s on a machine busy with four other processes, and npm test must pass on a busy machine. (Each
// project is given it: an inline project does not take the root's settings.)
const LIMITS = { testTimeout: 60_000, hookTimeout: 60_000 };

// The pure core and the store's slices are tested in Node with no DOM at all; only the UI and the
// browser platform (src/app: workers, IndexedDB, the DOM probes) get jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...LIMITS,
          name: "core",
          environment: "node",
          // Every test folder but load/, app/ and ui/ (below): a new folder is run, never skipped by omission.
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/{load,app,ui}/**"],
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
          include: ["tests/{app,ui}/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
