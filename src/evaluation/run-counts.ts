import type { ScoredRun } from "../schemas/scored-run.ts";
import { isInfrastructureFailure } from "./reliability.ts";

// Every count of runs says passed / failed / infrastructure: a run the serving side failed (an HTTP
// error, no connection, a request timeout) was never judged on the candidate, so it is not "failed".

export interface RunCounts {
  runs: number;
  passed: number;
  /** Judged and not passed. */
  failed: number;
  /** Ended on an infrastructure failure: not judged, so neither passed nor failed. */
  infrastructure: number;
}

/** How one run ended, as every count tells it. */
export type RunEnd = "passed" | "failed" | "infrastructure";

export const runEnd = (run: Pick<ScoredRun, "passed" | "result">): RunEnd => (isInfrastructureFailure(run) ? "infrastructure" : run.passed ? "passed" : "failed");

/** The runs told apart as passed, failed and infrastructure (the three add up to `runs`). */
export function countRuns(runs: Iterable<Pick<ScoredRun, "passed" | "result">>): RunCounts {
  const counts: RunCounts = { runs: 0, passed: 0, failed: 0, infrastructure: 0 };
  for (const run of runs) {
    counts.runs += 1;
    counts[runEnd(run)] += 1;
  }
  return counts;
}

/** "26 passed, 15 failed, 7 infrastructure"; the infrastructure part only when there is some. */
export const describeCounts = (c: RunCounts): string => `${c.passed} passed, ${c.failed} failed${c.infrastructure > 0 ? `, ${c.infrastructure} infrastructure` : ""}`;
