import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { useStore } from "../state/app-store.ts";
import { whenPageIdle } from "../state/yield-to-page.ts";
import { HistoryView } from "./history/HistoryView.tsx";
import { useCursorKeys, useHistoryAtStart, usePlayback, useTheme, useUrlState } from "./hooks.ts";
import { RunView } from "./RunView.tsx";
import { useRunLinkUrl } from "./meta/run-link-url.ts";

// The suite view carries the charting library, so it is not part of the first load. It loads when
// first opened or once the page is idle after its first paint, whichever comes first: a suite import
// lands in it, and evaluating its chunk then (recharts builds its stores as it loads) was one task of
// 60–110 ms on a slow machine, in the middle of the import (issue 11).
type SuiteViewComponent = (typeof import("./suite/SuiteView.tsx"))["SuiteView"];
let loadedSuiteView: SuiteViewComponent | null = null;
const loadSuiteView = () =>
  import("./suite/SuiteView.tsx").then((m) => {
    loadedSuiteView = m.SuiteView;
    return m;
  });
const LazySuiteView = lazy(() => loadSuiteView().then((m) => ({ default: m.SuiteView })));
/** How long a busy page may put off loading the suite view. */
const SUITE_VIEW_IDLE_TIMEOUT_MS = 5000;
const MatrixView = lazy(() => import("./matrix/MatrixView.tsx").then((m) => ({ default: m.MatrixView })));
const CompareView = lazy(() => import("./compare/CompareView.tsx").then((m) => ({ default: m.CompareView })));
import { TopBar } from "./TopBar.tsx";
import { ViewBoundary } from "./shared/ViewBoundary.tsx";
import { Notice } from "./io/Notice.tsx";

/**
 * The suite view's own component once its chunk has loaded, else the lazy one; chosen as it mounts,
 * so it never changes type under a mounted view. A lazy component suspends on its first render even
 * when its chunk is in (its promise, through Vite's preload wrapper, settles after React has given up
 * waiting for it): the boundary then showed its fallback, and React holds back the commit that
 * replaces a fallback shown less than 300 ms before, so a suite import's first drawing waited
 * 250–270 ms with the page idle (issue 11).
 */
function SuiteView() {
  const [View] = useState<SuiteViewComponent | typeof LazySuiteView>(() => loadedSuiteView ?? LazySuiteView);
  return <View />;
}

/**
 * The view inside its error boundary, drawn again when another run or suite is opened in it. Read
 * here, not in App, so that a suite's runs arriving render this and not every view below App.
 */
function BoundedView({ view, children }: { view: string; children: ReactNode }) {
  const runKey = useStore((s) => s.run?.key ?? null);
  const suiteRuns = useStore((s) => s.suite.runs);
  return (
    <ViewBoundary view={view} resetKeys={[runKey, suiteRuns]}>
      {children}
    </ViewBoundary>
  );
}

export function App() {
  useTheme();
  // Before useUrlState: a run it replays is then saved after the history has loaded.
  useHistoryAtStart();
  useUrlState();
  useRunLinkUrl();
  useCursorKeys();
  usePlayback();
  useEffect(() => {
    // Only loads it early: if this load fails, opening the view loads it (or meets the failure) as before.
    void whenPageIdle(SUITE_VIEW_IDLE_TIMEOUT_MS).then(loadSuiteView).catch(() => undefined);
  }, []);
  // The store's view changes in a synchronous update (an import switches to the suite as it ends); the
  // view's content follows as a deferred value, which React renders in slices between which the page
  // stays responsive. A view already loaded was otherwise mounted in one task (the suite view, with
  // 10,000 runs: 160–210 ms), where one still loading was mounted by a retry React could slice. Until it
  // is drawn, the tabs and the keys already follow the store's view (a click on a suite row steps the run).
  const view = useDeferredValue(useStore((s) => s.view));
  const fixtureErrors = useStore((s) => s.fixtureErrors);
  return (
    <div className="app">
      <TopBar />
      <Notice />
      <BoundedView key={view} view={view}>
        {fixtureErrors.length > 0 ? (
          <main className="panel" role="alert">
            <h2>Invalid fixture files</h2>
            <ul>{fixtureErrors.map((e) => <li key={e}>{e}</li>)}</ul>
          </main>
        ) : view === "run" ? (
          <RunView />
        ) : view === "suite" ? (
          // Each view its own boundary (a key): a boundary already on screen that suspends in a deferred render keeps showing the last view, with no "Loading".
          <Suspense key="suite" fallback={<p className="panel empty" data-testid="view-loading">Loading the suite view…</p>}>
            <SuiteView />
          </Suspense>
        ) : view === "matrix" ? (
          <Suspense key="matrix" fallback={<p className="panel empty" data-testid="view-loading">Loading the matrix view…</p>}>
            <MatrixView />
          </Suspense>
        ) : view === "compare" ? (
          <Suspense key="compare" fallback={<p className="panel empty" data-testid="view-loading">Loading the compare view…</p>}>
            <CompareView />
          </Suspense>
        ) : (
          <HistoryView />
        )}
      </BoundedView>
    </div>
  );
}
