import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { evaluateScripted } from "./evaluate.ts";

/** Every scripted candidate of every fixture given, in order, each run on its own virtual clock. */
export async function evaluateSuite(fixtures: readonly Fixture[]): Promise<ScoredRun[]> {
  const runs: ScoredRun[] = [];
  for (const fx of fixtures) {
    for (const name of Object.keys(fx.candidates)) {
      const run = await evaluateScripted(fx, name, { includeDiagnostics: true });
      if (run) runs.push(run);
    }
  }
  return runs;
}
