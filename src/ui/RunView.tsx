import { useEffect } from "react";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import { appStore, useStore } from "../app/app-store.ts";
import { fixtureById } from "../state/workspace/workspace-slice.ts";
import { useScrollTopOn } from "./shared/use-scroll-top-on.ts";
import { Picker } from "./picker/Picker.tsx";
import { AfterPaint } from "./shared/after-paint.tsx";
import { claimsTable } from "./claims/lazy-claims-table.tsx";
import { ResultPanel } from "./ResultPanel.tsx";
import { BudgetMeter, CursorControls } from "./timeline/RunControls.tsx";
import { TaskBrief } from "./timeline/TaskBrief.tsx";
import { TimelineFind } from "./timeline/TimelineFind.tsx";
import { Timeline } from "./timeline/Timeline.tsx";
import { TIMELINE_ID } from "./timeline/focus-timeline.ts";
import { visible } from "./shared/inert.ts";

/** Stable, so the memoized picker is not re-rendered by a cursor move. */
const chooseFixture = (id: string): void => appStore.getState().selectFixture(id);

export function RunView() {
  const fixtures = useStore((s) => s.fixtures);
  const fixtureId = useStore((s) => s.fixtureId);
  const candidate = useStore((s) => s.candidate);
  const run = useStore((s) => s.run);
  const cursor = useStore((s) => s.cursor);
  const playing = useStore((s) => s.playing);
  const kind = useStore((s) => s.candidateKind);
  const shownRows = useStore((s) => s.search.rows);
  const { selectCandidate, setCursor, setPlaying, setCandidateKind } = appStore.getState();
  // Through the store, so a run opened from the attack matrix finds its generated fixture too.
  const selected = useStore((s) => fixtureById(s, fixtureId));
  const runFixture = useStore((s) => fixtureById(s, run?.fixtureId ?? null));
  const at = useStore((s) => s.at);
  // The result of another run is read from its top, not where the last one was left.
  const resultColumn = useScrollTopOn<HTMLDivElement>(run?.key);
  // The claims table's code, asked for as the view first draws: the result panel is drawn after the
  // page has painted (AfterPaint), by when it is usually in, so a run's claims show without a fallback.
  useEffect(() => void claimsTable.preload().catch(() => undefined), []);
  return (
    <div className="workbench">
      <div className="column column-picker">
        <Picker fixtures={fixtures} fixtureId={fixtureId} candidate={candidate} kind={kind} onFixture={chooseFixture} onCandidate={selectCandidate} onKind={setCandidateKind} />
      </div>
      <div className="column column-timeline" id={TIMELINE_ID} tabIndex={-1} aria-label="Timeline">
        {runFixture ? <TaskBrief fixture={runFixture} /> : selected && <TaskBrief fixture={selected} />}
        <section className="panel" style={{ position: "sticky", top: 0, zIndex: 2 }}>
          <div className="panel-head">
            <h2>Timeline</h2>
            {run && (
              <span className="muted mono" data-testid="run-title">
                {run.fixtureId} / {visible(run.candidate)} ({run.kind}){run.status === "running" ? " — running…" : run.stoppedByUser ? " — stopped by you" : ""}
              </span>
            )}
          </div>
          <CursorControls cursor={cursor} count={run?.events.length ?? 0} rows={shownRows} playing={playing} onMove={setCursor} onPlay={setPlaying} />
          <BudgetMeter budget={run?.budget ?? REFERENCE_BUDGET} decisionsUsed={at?.decisionsUsed ?? 0} elapsedMs={at?.elapsedMs ?? 0} />
          {run && <TimelineFind />}
        </section>
        <Timeline key={run?.key} events={run?.events ?? []} cursor={cursor} onSelect={setCursor} />
      </div>
      <div className="column column-result" aria-label="Result" ref={resultColumn}>
        {run && runFixture && at ? (
          // A new run's result mounts after its timeline has painted (a long log's list a frame after the page): the two in one task were the longest of opening a long run.
          <AfterPaint key={run.key} frames={2} sliced={false} placeholder={<p className="panel empty" aria-busy="true">Preparing the result…</p>}>
            <ResultPanel run={run} at={at} fixture={runFixture} />
          </AfterPaint>
        ) : (
          <p className="panel empty">Run a candidate to see its outcome, claims and verdicts.</p>
        )}
      </div>
    </div>
  );
}
