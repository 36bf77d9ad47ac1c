import { trialIntervals, trialReliability, type Reliability } from "../../evaluation/trial-reliability.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";

// The suite view's reliability figures, derived here from the suite's runs (the views do not import
// src/evaluation) and kept per value: the intervals resample the runs a thousand times, and the
// suite view asks for them on every render of its panels.

export type { FixtureReliability, Reliability } from "../../evaluation/trial-reliability.ts";

const reliabilities = new WeakMap<readonly ScoredRun[], Reliability | null>();
const intervals = new WeakMap<Reliability, ReturnType<typeof trialIntervals>>();

/** pass^k and the distributions over the suite's trials; null when it has none (trial-reliability.ts). */
export function suiteReliability(runs: readonly ScoredRun[]): Reliability | null {
  if (!reliabilities.has(runs)) reliabilities.set(runs, trialReliability(runs));
  return reliabilities.get(runs) ?? null;
}

/** The 95 % intervals of pass^1, pass^K and pass@K, as "62 % [47, 76]". */
export function suiteIntervals(r: Reliability): ReturnType<typeof trialIntervals> {
  let found = intervals.get(r);
  if (!found) intervals.set(r, (found = trialIntervals(r)));
  return found;
}
