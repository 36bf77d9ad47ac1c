import { lazy, Suspense } from "react";
import { useStore } from "../state/app-store.ts";
import { HistoryView } from "./history/HistoryView.tsx";
import { useCursorKeys, useHistoryAtStart, usePlayback, useTheme, useUrlState } from "./hooks.ts";
import { RunView } from "./RunView.tsx";
import { useRunLinkUrl } from "./meta/run-link-url.ts";

// The suite view carries the charting library; it loads when first opened.
const SuiteView = lazy(() => import("./suite/SuiteView.tsx").then((m) => ({ default: m.SuiteView })));
const MatrixView = lazy(() => import("./matrix/MatrixView.tsx").then((m) => ({ default: m.MatrixView })));
const CompareView = lazy(() => import("./compare/CompareView.tsx").then((m) => ({ default: m.CompareView })));
import { TopBar } from "./TopBar.tsx";
import { Notice } from "./io/Notice.tsx";

export function App() {
  useTheme();
  // Before useUrlState: a run it replays is then saved after the history has loaded.
  useHistoryAtStart();
  useUrlState();
  useRunLinkUrl();
  useCursorKeys();
  usePlayback();
  const view = useStore((s) => s.view);
  const fixtureErrors = useStore((s) => s.fixtureErrors);
  return (
    <div className="app">
      <TopBar />
      <Notice />
      {fixtureErrors.length > 0 ? (
        <main className="panel" role="alert">
          <h2>Invalid fixture files</h2>
          <ul>{fixtureErrors.map((e) => <li key={e}>{e}</li>)}</ul>
        </main>
      ) : view === "run" ? (
        <RunView />
      ) : view === "suite" ? (
        <Suspense fallback={<p className="panel empty">Loading the suite view…</p>}>
          <SuiteView />
        </Suspense>
      ) : view === "matrix" ? (
        <Suspense fallback={<p className="panel empty">Loading the matrix view…</p>}>
          <MatrixView />
        </Suspense>
      ) : view === "compare" ? (
        <Suspense fallback={<p className="panel empty">Loading the compare view…</p>}>
          <CompareView />
        </Suspense>
      ) : (
        <HistoryView />
      )}
    </div>
  );
}
