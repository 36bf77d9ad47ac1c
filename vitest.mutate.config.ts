import { defineConfig } from "vitest/config";

// The tests Stryker runs against each mutant (npm run mutate). Only the fast, deterministic core tests
// that judge the scorer and the boundary, and those of re-scoring an export (the replay, the verdicts
// compared with the file's, alike runs replayed once): no long fuzz runs, no load suite, no jsdom, no CLI processes,
// no real-clock HTTP round trips (tests/candidates/http.test.ts waits seconds on real timers). With
// perTest coverage every mutant runs only the tests that reach it, so one slow test here costs once per
// mutant it covers.
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/{scoring,runtime,attacks,candidates}/**/*.test.ts", "tests/evaluation/{rescore,replays,compare-verdicts,import-pipeline}.test.ts"],
    exclude: ["tests/candidates/http.test.ts"],
    // Skips tests that bound real elapsed time (see the file for why).
    setupFiles: ["tests/mutate.setup.ts"],
    // Test files share one module graph instead of rebuilding it (every zod schema, every fixture) per
    // file: about three times faster per mutant. Stryker switches a mutant on at run time, so a shared
    // module still sees it; mutants that act only while a module loads (static ones) cannot be switched
    // that way, which is why stryker.config.json ignores them.
    isolate: false,
    pool: "threads",
  },
});
