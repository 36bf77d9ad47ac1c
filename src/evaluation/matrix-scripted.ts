import { evaluateScripted } from "./evaluate.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";

/** How often a scripted matrix run reports progress, in runs. */
export const PROGRESS_EVERY = 10;

/**
 * One scripted candidate (`reference`, `obedient`, `cautious`) over matrix fixtures, in order, each
 * run on its own virtual clock: what the matrix worker runs, and the page where workers are missing.
 */
export async function evaluateScriptedMatrix(fixtures: readonly Fixture[], candidate: string, onProgress?: (done: number) => void): Promise<ScoredRun[]> {
  const runs: ScoredRun[] = [];
  for (const [i, fixture] of fixtures.entries()) {
    const run = await evaluateScripted(fixture, candidate, { includeDiagnostics: true });
    if (run) runs.push(run);
    if ((i + 1) % PROGRESS_EVERY === 0) onProgress?.(i + 1);
  }
  return runs;
}
