import { useDeferredValue, useMemo } from "react";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { useStore } from "../../app/app-store.ts";
import { describeCounts } from "../../state/suite/suite-summary.ts";
import { headlineFigure, type SuiteDesign } from "../../state/suite/suite-design.ts";
import { suiteShape, type SuiteShape } from "../../state/suite/suite-label.ts";
import { allFixtures } from "../../state/workspace/workspace-slice.ts";
import type { SuiteState } from "../../state/suite/suite-slice.ts";
import { suiteReliability } from "../../state/suite/suite-reliability.ts";
import { ShareButtons } from "../meta/ShareButtons.tsx";
import { ReliabilityPanel } from "./ReliabilityPanel.tsx";
import { SuiteCharts } from "./SuiteCharts.tsx";
import { ALL_ROWS_UP_TO, RunsTable } from "./RunsTable.tsx";
import { AfterPaint } from "../shared/after-paint.tsx";
import { TrialsControls } from "./TrialsControls.tsx";
import { formatCount } from "../shared/format.ts";
import { useSuiteSummary } from "./use-suite-summary.ts";

function statusLine(suite: Pick<SuiteState, "status"> & { runs: readonly ScoredRun[] }, passed: number, infrastructure: number): string {
  if (suite.status === "running") return "Running…";
  if (suite.status === "idle") return "Run the suite to see every candidate's verdicts side by side. Click a row to open that run.";
  const n = suite.runs.length;
  return `${n} ${n === 1 ? "run" : "runs"}, ${describeCounts({ runs: n, passed, failed: n - passed - infrastructure, infrastructure })}`;
}

/** What the headline's figure means for these runs: a model's trials are judged by passing, a scripted suite's by its declared failures. */
function headlineNote(design: SuiteDesign, shape: SuiteShape): string {
  const regressions = design.regressions > 0 ? "Regressions are listed first in the matrix. " : "";
  if (design.declared > 0) return `${regressions}A faulty candidate that fails exactly the checks its fixture declares behaves as designed.`;
  const what = shape.trials === null ? "Each run" : `${shape.trials} ${shape.trials === 1 ? "trial" : "trials"} of ${shape.candidates.join(", ")} on ${shape.fixtures === 1 ? "one fixture" : `each of ${shape.fixtures} fixtures`}, each`;
  return `${what} judged by whether it passed${design.infrastructure > 0 ? "; runs the serving side failed are not judged" : ""}.`;
}

/**
 * The headline: runs that behaved as their fixture designed them, not runs that passed — a faulty
 * candidate caught exactly as declared is the suite working. Regressions are counted and stand out;
 * runs the serving side failed are not judged, and are counted apart.
 */
function DesignHeadline({ design, shape }: { design: SuiteDesign; shape: SuiteShape }) {
  const { regressions, failed, declared, infrastructure } = design;
  return (
    <div className={`suite-headline${regressions > 0 ? " has-regressions" : ""}`} data-testid="suite-headline">
      {/* A model's runs declare no failures: for a suite of those alone, "as designed" would only mean "passed". */}
      <strong data-testid="suite-as-designed">{headlineFigure(design)}</strong>
      {regressions > 0 && (
        <span className="badge design design-regression" data-testid="suite-regressions">
          <span aria-hidden="true">▲ </span>
          {regressions} {regressions === 1 ? "regression" : "regressions"}
        </span>
      )}
      {failed > 0 && declared > 0 && (
        <span className="badge design design-failed" data-testid="suite-undeclared-failed" title="Runs of a candidate that declares no expected failures (a model, a trace) are judged by whether they passed">
          {failed} failed (no declared failures)
        </span>
      )}
      {infrastructure > 0 && (
        <span className="badge design design-infrastructure" data-testid="suite-infrastructure" title="model_http_error, network failures and request timeouts: the serving side failed, not the candidate">
          {infrastructure} infrastructure (not judged)
        </span>
      )}
      <span className="muted">{headlineNote(design, shape)}</span>
    </div>
  );
}

const NO_RUNS: ScoredRun[] = [];
const openNothing = (): void => {};

export function SuiteView() {
  const live = useStore((s) => s.suite);
  // The runs are rendered in the background (a deferred value: React renders it in slices, between
  // which the page stays responsive), so a 10,000-run import opens the view at once and fills it in.
  const deferred = useDeferredValue(live.runs, NO_RUNS);
  const fixtureId = useStore((s) => s.fixtureId);
  const runSuite = useStore((s) => s.runSuite);
  const openSuiteRun = useStore((s) => s.openSuiteRun);
  const fixtures = useStore((s) => s.fixtures);
  const matrixFixtures = useStore((s) => s.matrixFixtures);
  // A matrix suite's runs name the attack matrix's fixtures, with their declared failures.
  const judgedBy = useMemo(() => allFixtures(fixtures, matrixFixtures), [fixtures, matrixFixtures]);
  // A large suite's figures are worked out in slices; until they are, the view shows the runs they were last worked out for.
  const summary = useSuiteSummary(deferred, judgedBy, deferred.length > ALL_ROWS_UP_TO);
  const runs = summary?.runs ?? NO_RUNS;
  // The runs shown are the store's, or their first ones (a suite still running, or being filled in):
  // an index then names the same run in both, and a row may open it. Otherwise they are another suite's.
  const sameRuns = runs.length <= live.runs.length && (runs.length === 0 || (runs[0] === live.runs[0] && runs[runs.length - 1] === live.runs[runs.length - 1]));
  const preparing = runs !== live.runs && (!sameRuns || live.runs.length > runs.length);
  const suite = { ...live, runs };
  // Recomputed as trial runs arrive, so the curves fill in while the trials run.
  const reliability = suiteReliability(runs);
  const shape = useMemo(() => suiteShape(runs), [runs]);
  const running = suite.status === "running";

  return (
    <section className="suite" aria-label="Suite">
      <div className="controls">
        <button type="button" className="primary" disabled={running} onClick={() => void runSuite(null)}>
          Run all fixtures
        </button>
        <button
          type="button"
          disabled={running || fixtureId === null}
          onClick={() => {
            if (fixtureId !== null) void runSuite(fixtureId);
          }}
        >
          Run every candidate of {fixtureId ?? "—"}
        </button>
        <ShareButtons what="suite" />
      </div>
      <TrialsControls />
      {summary && suite.runs.length > 0 && <DesignHeadline design={summary.design} shape={shape} />}
      <p role="status" className="muted" style={{ margin: 0 }}>
        {preparing ? `Preparing ${formatCount(live.runs.length)} runs…` : statusLine(suite, summary?.passed ?? 0, summary?.design.infrastructure ?? 0)}
      </p>
      {reliability && (
        <ReliabilityPanel reliability={reliability} defer={suite.runs.length > ALL_ROWS_UP_TO} />
      )}
      {summary && suite.runs.length > 0 && (
        <>
          <SuiteCharts outcomes={summary.outcomes} rates={summary.rates} />
          {/* A large suite's matrix (an import, a merged file) mounts after the rest of the view has painted: laid out with it, its cells made most of one long task. */}
          <AfterPaint deferIf={suite.runs.length > ALL_ROWS_UP_TO} placeholder={<p className="muted" aria-busy="true">Laying out {formatCount(suite.runs.length)} runs…</p>}>
            <RunsTable runs={suite.runs} designs={summary.design.runs} checks={summary.checks} longestLabel={summary.longestLabel} onOpen={sameRuns ? openSuiteRun : openNothing} />
          </AfterPaint>
        </>
      )}
    </section>
  );
}
