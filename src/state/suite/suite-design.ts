import { behavedAsIntended, declaredFailures, describeDesign, designOf } from "../../evaluation/design.ts";
import { isInfrastructureFailure } from "../../evaluation/reliability.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { failedChecks } from "../../scoring/verdict.ts";

// Designed failures vs regressions, for the suite view: each run judged against what its
// fixture declares for its candidate (src/evaluation/design.ts), and the suite's headline counts.

/**
 * as_designed / regression for a candidate that declares its failures; passed / failed for one that declares nothing (a model, a trace);
 * infrastructure for a run the serving side failed, which was never judged on its candidate.
 */
export type DesignStatus = "as_designed" | "regression" | "passed" | "failed" | "infrastructure";

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
  /** Runs that ended on an infrastructure failure: not judged, so in `total` and in none of the counts above. */
  infrastructure: number;
}

/** How each standing reads, on a badge and as a group's heading. */
export const DESIGN_LABEL: Record<DesignStatus, string> = { as_designed: "as designed", regression: "regression", passed: "passed", failed: "failed", infrastructure: "infrastructure" };

export function runDesign(run: ScoredRun, fixture: Fixture | undefined): RunDesign {
  if (isInfrastructureFailure(run)) return { status: "infrastructure", ok: false, text: `infrastructure: not judged (${String(run.result.policy_code)})` };
  const d = designOf(failedChecks(run.verdicts), declaredFailures(fixture, run.candidate), run.passed);
  const status: DesignStatus = d.status === "undeclared" ? (d.passed ? "passed" : "failed") : d.status;
  return { status, ok: behavedAsIntended(d), text: describeDesign(d) };
}

/** Sort rank: what needs looking at first. */
export const DESIGN_RANK: Record<DesignStatus, number> = { regression: 0, failed: 1, infrastructure: 2, as_designed: 3, passed: 3 };

/** A suite's figures without its runs' designs: what History keeps of a saved suite. */
export type DesignCounts = Omit<SuiteDesign, "runs">;

/** The figures of `runs`, each judged against its fixture (`fixtureOf`), as the suite view's headline counts them. */
export function designCounts(runs: Iterable<ScoredRun>, fixtureOf: (id: string) => Fixture | undefined): DesignCounts {
  const counts: DesignCounts = { total: 0, ok: 0, regressions: 0, failed: 0, declared: 0, infrastructure: 0 };
  for (const run of runs) {
    const { status, ok } = runDesign(run, fixtureOf(run.fixture));
    counts.total += 1;
    if (ok) counts.ok += 1;
    if (status === "regression") counts.regressions += 1;
    if (status === "failed") counts.failed += 1;
    if (status === "infrastructure") counts.infrastructure += 1;
    if (status === "as_designed" || status === "regression") counts.declared += 1;
  }
  return counts;
}

/**
 * The headline's figure: "55 of 55 as designed", or "26 of 41 passed" for runs that declare no failures.
 * Runs not judged (infrastructure) are in neither number: they are counted beside it.
 */
export const headlineFigure = (d: DesignCounts): string => `${d.ok} of ${d.total - d.infrastructure} ${d.declared === 0 ? "passed" : "as designed"}`;

/** The headline in one line, as History lists a saved suite: its figure, then what stands out. */
export function summaryLine(d: DesignCounts): string {
  return [
    headlineFigure(d),
    ...(d.regressions > 0 ? [`▲ ${d.regressions} ${d.regressions === 1 ? "regression" : "regressions"}`] : []),
    ...(d.failed > 0 && d.declared > 0 ? [`${d.failed} failed (no declared failures)`] : []),
    ...(d.infrastructure > 0 ? [`${d.infrastructure} infrastructure`] : []),
  ].join(" · ");
}
