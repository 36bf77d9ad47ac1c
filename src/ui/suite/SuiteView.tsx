import { useMemo } from "react";
import { useStore } from "../../state/app-store.ts";
import type { SuiteState } from "../../state/suite-slice.ts";
import { trialReliability } from "../../state/trial-reliability.ts";
import { PassKChart } from "./PassKChart.tsx";
import { ReliabilityFigures, ReliabilityTable } from "./ReliabilityTable.tsx";
import { SuiteCharts } from "./SuiteCharts.tsx";
import { SuiteMatrix } from "./SuiteMatrix.tsx";
import { TrialsControls } from "./TrialsControls.tsx";

function statusLine(suite: SuiteState, passed: number): string {
  if (suite.status === "running") return "Running…";
  if (suite.status === "idle") return "Run the suite to see every candidate's verdicts side by side. Click a row to open that run.";
  const n = suite.runs.length;
  return `${n} ${n === 1 ? "run" : "runs"}, ${passed} passed, ${n - passed} failed`;
}

export function SuiteView() {
  const suite = useStore((s) => s.suite);
  const fixtureId = useStore((s) => s.fixtureId);
  const runSuite = useStore((s) => s.runSuite);
  const openSuiteRun = useStore((s) => s.openSuiteRun);
  const passed = useMemo(() => suite.runs.filter((r) => r.passed).length, [suite.runs]);
  // Recomputed as trial runs arrive, so the curves fill in while the trials run.
  const reliability = useMemo(() => trialReliability(suite.runs), [suite.runs]);
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
      </div>
      <TrialsControls />
      <p role="status" className="muted" style={{ margin: 0 }}>
        {statusLine(suite, passed)}
      </p>
      {reliability && (
        <div className="reliability-panel">
          <PassKChart reliability={reliability} />
          <div>
            <ReliabilityTable reliability={reliability} />
            <ReliabilityFigures reliability={reliability} />
          </div>
        </div>
      )}
      {suite.runs.length > 0 && (
        <>
          <SuiteCharts runs={suite.runs} />
          <SuiteMatrix runs={suite.runs} onOpen={openSuiteRun} />
        </>
      )}
    </section>
  );
}
