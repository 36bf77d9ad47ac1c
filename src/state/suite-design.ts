import { behavedAsIntended, declaredFailures, describeDesign, designOf } from "../evaluation/design.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { failedChecks } from "../scoring/score.ts";

// Designed failures vs regressions, for the suite view: each run judged against what its
// fixture declares for its candidate (src/evaluation/design.ts), and the suite's headline counts.

/** as_designed / regression for a candidate that declares its failures; passed / failed for one that declares nothing (a model, a trace). */
export type DesignStatus = "as_designed" | "regression" | "passed" | "failed";

export interface RunDesign {
  status: DesignStatus;
  /** Behaved as intended: as designed, or passed when nothing was declared. */
  ok: boolean;
  /** One line: "as designed (fails no_unauthorised_access)", "regression: also fails outcome", "passed". */
  text: string;
}

export interface SuiteDesign {
  /** One per run, in the order of the runs given. */
  runs: RunDesign[];
  total: number;
  /** Runs that behaved as intended. */
  ok: number;
  /** Runs of a candidate that declares its failures and no longer behaves as declared. */
  regressions: number;
  /** Runs of a candidate that declares nothing and failed. */
  failed: number;
  /** Runs of a candidate whose fixture declares its failures (as designed or a regression). */
  declared: number;
}

/** How each standing reads, on a badge and as a group's heading. */
export const DESIGN_LABEL: Record<DesignStatus, string> = { as_designed: "as designed", regression: "regression", passed: "passed", failed: "failed" };

export function runDesign(run: ScoredRun, fixture: Fixture | undefined): RunDesign {
  const d = designOf(failedChecks(run.verdicts), declaredFailures(fixture, run.candidate), run.passed);
  const status: DesignStatus = d.status === "undeclared" ? (d.passed ? "passed" : "failed") : d.status;
  return { status, ok: behavedAsIntended(d), text: describeDesign(d) };
}

/** Sort rank: what needs looking at first. */
export const DESIGN_RANK: Record<DesignStatus, number> = { regression: 0, failed: 1, as_designed: 2, passed: 2 };
