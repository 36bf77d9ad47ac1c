// What ran in a suite, in words: the candidate or model, over how many fixtures, how many trials.
// History labels a saved suite with it, and a model's trials headline says it.

export interface SuiteShape {
  /** Every candidate name, in the order first met. */
  candidates: readonly string[];
  fixtures: number;
  /** The most trials of any fixture, when the runs are trials; null otherwise. */
  trials: number | null;
  runs: number;
}

export function suiteShape(runs: Iterable<{ fixture: string; candidate: string; trial?: number | undefined }>): SuiteShape {
  const candidates = new Set<string>();
  const fixtures = new Set<string>();
  let trials: number | null = null;
  let count = 0;
  for (const run of runs) {
    count += 1;
    candidates.add(run.candidate);
    fixtures.add(run.fixture);
    if (run.trial !== undefined) trials = Math.max(trials ?? 0, run.trial);
  }
  return { candidates: [...candidates], fixtures: fixtures.size, trials, runs: count };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * "simulated:reference × 16 fixtures × 3 trials", "every scripted candidate × 16 fixtures (55 runs)",
 * "attack matrix: obedient × 171 cells". `scripted`: the runs are every scripted candidate of their fixtures.
 */
export function suiteLabel(shape: SuiteShape, source: "scripted" | "matrix" | "other"): string {
  const [only] = shape.candidates;
  const who = shape.candidates.length === 1 && only !== undefined ? only : source === "scripted" ? "every scripted candidate" : plural(shape.candidates.length, "candidate", "candidates");
  const trials = shape.trials === null ? "" : ` × ${plural(shape.trials, "trial", "trials")}`;
  const runs = shape.candidates.length > 1 ? ` (${plural(shape.runs, "run", "runs")})` : "";
  if (source === "matrix") return `attack matrix: ${who} × ${plural(shape.fixtures, "cell", "cells")}${trials}${runs}`;
  return `${who} × ${plural(shape.fixtures, "fixture", "fixtures")}${trials}${runs}`;
}
