import { reliability, type Reliability } from "../evaluation/reliability.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";

// The suite view's reliability figures, computed by src/evaluation (the UI may not import it).
export type { FixtureReliability, Reliability } from "../evaluation/reliability.ts";

/**
 * pass^k and the distributions over the runs that are trials (they carry `trial`); null when
 * there are none. A scripted suite has one run per
 * fixture × candidate, so pass^k would mix different candidates and is not shown for it.
 */
export function trialReliability(runs: readonly ScoredRun[]): Reliability | null {
  const trials = runs.filter((r) => r.trial !== undefined);
  return trials.length === 0 ? null : reliability(trials);
}
