import type { ReactNode } from "react";
import type { BudgetConfig } from "../../schemas/budget.ts";
import { formatSeconds } from "../shared/format.ts";
import { eventNumber } from "./cursor-url.ts";
import { TimelineAnnouncer } from "./TimelineAnnouncer.tsx";
import "./timeline.css";

interface Props {
  cursor: number;
  count: number;
  playing: boolean;
  onMove(index: number): void;
  onPlay(playing: boolean): void;
}

/**
 * A button that cannot act now but keeps the focus: `aria-disabled`, not `disabled`, so stepping
 * to the last event with "Next" leaves the focus on "Next" instead of dropping it to the page.
 */
export function SoftButton({ off, onPress, children, ...rest }: { off: boolean; onPress(): void; children: ReactNode; "aria-label": string; title?: string; className?: string }) {
  return (
    <button type="button" aria-disabled={off ? "true" : undefined} onClick={() => (off ? undefined : onPress())} {...rest}>
      {children}
    </button>
  );
}

/** First / previous / next / last / play-pause over the event log. Keys: ← → PageUp PageDown Home End Space. */
export function CursorControls({ cursor, count, playing, onMove, onPlay }: Props) {
  const last = count - 1;
  return (
    <div className="controls" role="toolbar" aria-label="Step through the run">
      <SoftButton onPress={() => onMove(0)} off={cursor <= 0} aria-label="First event" title="First event (Home)">«</SoftButton>
      <SoftButton onPress={() => onMove(cursor - 1)} off={cursor <= 0} aria-label="Previous event" title="Previous event (←)">‹</SoftButton>
      <SoftButton onPress={() => onPlay(!playing)} off={count === 0} aria-label={playing ? "Pause" : "Play"} title="Play / pause (Space)">{playing ? "❚❚ pause" : "▶ play"}</SoftButton>
      <SoftButton onPress={() => onMove(cursor + 1)} off={cursor >= last} aria-label="Next event" title="Next event (→)">›</SoftButton>
      <SoftButton onPress={() => onMove(last)} off={cursor >= last} aria-label="Last event" title="Last event (End)">»</SoftButton>
      <span className="muted" data-testid="cursor-position">event {count === 0 ? 0 : eventNumber(cursor)} of {count}</span>
      <TimelineAnnouncer />
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
