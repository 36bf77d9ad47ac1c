import { z } from "zod";
import type { Fixture } from "../../schemas/fixture.ts";
import { ScoredRun } from "../../schemas/scored-run.ts";
import { ask } from "./protocol.ts";

/**
 * Runs a scripted candidate over matrix fixtures in a Web Worker (StoreDeps.evaluateMatrix), its
 * runs validated like any other boundary's. Where workers are unavailable the same code runs on the
 * main thread.
 */
export async function evaluateMatrixInWorker(fixtures: readonly Fixture[], candidate: string, onProgress?: (done: number) => void): Promise<ScoredRun[]> {
  if (typeof Worker === "undefined") return (await import("../../evaluation/matrix-scripted.ts")).evaluateScriptedMatrix(fixtures, candidate, onProgress);
  return ask(() => new Worker(new URL("./matrix.worker.ts", import.meta.url), { type: "module" }), { fixtures, candidate }, { progress: z.number().int().nonnegative(), result: ScoredRun.array() }, onProgress);
}
