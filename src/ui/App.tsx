import { Suspense, useDeferredValue, useEffect, type ReactNode } from "react";
import { appStore, useStore } from "../app/app-store.ts";
import { whenPageIdle } from "../state/scheduling/yield-to-page.ts";
import { HistoryView } from "./history/HistoryView.tsx";
import { useHistoryAtStart } from "./history/use-history-at-start.ts";
import { useUrlState } from "./meta/use-url-state.ts";
import { useTheme } from "./theme.ts";
import { useCursorKeys, usePlayback } from "./timeline/use-cursor-keys.ts";
import { RunView } from "./RunView.tsx";
import { useRunLinkUrl } from "./meta/run-link-url.ts";
import { SkipLinks, MAIN_ID } from "./SkipLinks.tsx";
import { TopBar } from "./TopBar.tsx";
import { lazyView } from "./shared/lazy-view.tsx";
import { claimsTable } from "./claims/lazy-claims-table.tsx";
import { ViewBoundary } from "./shared/ViewBoundary.tsx";
import { Notice } from "./io/Notice.tsx";

// The suite view carries the charting library, so it is not part of the first load. It loads when
// first opened or once the page is idle after its first paint, whichever comes first: a suite import
// lands in it, and evaluating its chunk then (recharts builds its stores as it loads) was one long task
// in the middle of the import. The claims table's code is
// loaded then too, where the run view has not asked for it already.
const suiteView = lazyView(() => import("./suite/SuiteView.tsx"), (m) => m.SuiteView);
/** How long a busy page may put off loading the suite view. */
const SUITE_VIEW_IDLE_TIMEOUT_MS = 5000;
const SuiteView = suiteView.View;
const MatrixView = lazyView(() => import("./matrix/MatrixView.tsx"), (m) => m.MatrixView).View;
const CompareView = lazyView(() => import("./compare/CompareView.tsx"), (m) => m.CompareView).View;
const LeaderboardView = lazyView(() => import("./leaderboard/LeaderboardView.tsx"), (m) => m.LeaderboardView).View;

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
    // Only loads them early: a failed load here is tried again when the part is first drawn.
    void whenPageIdle(SUITE_VIEW_IDLE_TIMEOUT_MS)
      .then(() => Promise.all([suiteView.preload(), claimsTable.preload(), appStore.getState().preloadRuntime()]))
      .catch(() => undefined);
  }, []);
  // The store's view changes in a synchronous update (an import switches to the suite as it ends); the
  // view's content follows as a deferred value, which React renders in slices between which the page
  // stays responsive. A view already loaded was otherwise mounted in one task (the suite view with a
  // large suite: a long one), where one still loading was mounted by a retry React could slice. Until it
  // is drawn, the tabs and the keys already follow the store's view (a click on a suite row steps the run).
  const view = useDeferredValue(useStore((s) => s.view));
  const fixtureErrors = useStore((s) => s.fixtureErrors);
  return (
    <div className="app">
      <SkipLinks view={view} />
      <TopBar />
      <Notice />
      {/* One <main> for every view, so each has the landmark a screen reader jumps to. */}
      <main id={MAIN_ID} className="view" tabIndex={-1}>
        <BoundedView key={view} view={view}>
          {fixtureErrors.length > 0 ? (
            <section className="panel" role="alert">
              <h2>Invalid fixture files</h2>
              <ul>{fixtureErrors.map((e) => <li key={e}>{e}</li>)}</ul>
            </section>
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
          ) : view === "leaderboard" ? (
            <Suspense key="leaderboard" fallback={<p className="panel empty" data-testid="view-loading">Loading the leaderboard view…</p>}>
              <LeaderboardView />
            </Suspense>
          ) : (
            <HistoryView />
          )}
        </BoundedView>
      </main>
    </div>
  );
}
