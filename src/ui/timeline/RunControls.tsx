import type { BudgetConfig } from "../../schemas/budget.ts";
import { formatSeconds } from "../shared/format.ts";

interface Props {
  cursor: number;
  count: number;
  playing: boolean;
  onMove(index: number): void;
  onPlay(playing: boolean): void;
}

/** First / previous / next / last / play-pause over the event log. Keys: ← → PageUp PageDown Home End Space. */
export function CursorControls({ cursor, count, playing, onMove, onPlay }: Props) {
  const last = count - 1;
  return (
    <div className="controls" role="toolbar" aria-label="Step through the run">
      <button type="button" onClick={() => onMove(0)} disabled={cursor <= 0} aria-label="First event" title="First event (Home)">«</button>
      <button type="button" onClick={() => onMove(cursor - 1)} disabled={cursor <= 0} aria-label="Previous event" title="Previous event (←)">‹</button>
      <button type="button" onClick={() => onPlay(!playing)} disabled={count === 0} aria-label={playing ? "Pause" : "Play"} title="Play / pause (Space)">{playing ? "❚❚ pause" : "▶ play"}</button>
      <button type="button" onClick={() => onMove(cursor + 1)} disabled={cursor >= last} aria-label="Next event" title="Next event (→)">›</button>
      <button type="button" onClick={() => onMove(last)} disabled={cursor >= last} aria-label="Last event" title="Last event (End)">»</button>
      <span className="muted" data-testid="cursor-position">event {count === 0 ? 0 : cursor + 1} of {count}</span>
    </div>
  );
}

/** Decisions used of the budget and time used of the deadline, as of the cursor. */
export function BudgetMeter({ budget, decisionsUsed, elapsedMs }: { budget: BudgetConfig; decisionsUsed: number; elapsedMs: number }) {
  const decisionShare = Math.min(1, decisionsUsed / budget.max_decisions);
  const timeShare = Math.min(1, elapsedMs / budget.deadline_ms);
  return (
    <div className="budget" data-testid="budget">
      <span>decisions</span>
      <div className={`meter${decisionShare >= 1 ? " over" : ""}`} role="meter" aria-label="decisions used" aria-valuemin={0} aria-valuemax={budget.max_decisions} aria-valuenow={decisionsUsed}>
        <span style={{ width: `${decisionShare * 100}%` }} />
      </div>
      <span className="mono">{decisionsUsed} of {budget.max_decisions}</span>
      <span>time</span>
      <div className={`meter${timeShare >= 1 ? " over" : ""}`} role="meter" aria-label="time used" aria-valuemin={0} aria-valuemax={budget.deadline_ms} aria-valuenow={elapsedMs}>
        <span style={{ width: `${timeShare * 100}%` }} />
      </div>
      <span className="mono">{formatSeconds(elapsedMs)} of {formatSeconds(budget.deadline_ms)}</span>
    </div>
  );
}
