import { reliability, type Reliability } from "./reliability.ts";
import { formatEstimate, reliabilityIntervals } from "./statistics.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";

// A suite's reliability figures over its trials: pass^k, its distributions and their intervals.
export type { FixtureReliability, Reliability } from "./reliability.ts";

/**
 * pass^k and the distributions over the runs that are trials (they carry `trial`); null when
 * there are none. A scripted suite has one run per
 * fixture × candidate, so pass^k would mix different candidates and is not shown for it.
 */
export function trialReliability(runs: readonly ScoredRun[]): Reliability | null {
  const trials = runs.filter((r) => r.trial !== undefined);
  return trials.length === 0 ? null : reliability(trials);
}

/** The suite view's 95 % intervals (docs/statistics.md): pass^1, pass^K and pass@K overall, as "62 % [47, 76]". */
export function trialIntervals(r: Reliability): { passRate: string; passHat: string; passAt: string } {
  const i = reliabilityIntervals(r, { ks: [1, r.k], resamples: 1000 });
  return { passRate: formatEstimate(i.passHat[0] ?? null), passHat: formatEstimate(i.passHat[r.k - 1] ?? null), passAt: formatEstimate(i.passAt[r.k - 1] ?? null) };
}
