import { z } from "zod";
import type { Fixture } from "../../schemas/fixture.ts";
import { ScoredRun } from "../../schemas/scored-run.ts";
import { ask } from "./protocol.ts";

/**
 * Scores a suite in a Web Worker (StoreDeps.evaluateSuite), its runs validated like any other
 * boundary's. Where workers are unavailable the same code runs on the main thread.
 */
export async function evaluateSuiteInWorker(fixtures: readonly Fixture[]): Promise<ScoredRun[]> {
  if (typeof Worker === "undefined") return (await import("../../evaluation/suite.ts")).evaluateSuite(fixtures);
  return ask(() => new Worker(new URL("./suite.worker.ts", import.meta.url), { type: "module" }), { fixtures }, { progress: z.never(), result: ScoredRun.array() });
}
