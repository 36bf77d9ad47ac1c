import type { ReactNode } from "react";
import type { BudgetConfig } from "../../schemas/budget.ts";
import { edgeOfShown, stepAmongShown } from "../../state/run/shown-steps.ts";
import { formatSeconds } from "../shared/format.ts";
import { eventNumber } from "./cursor-url.ts";
import { TimelineAnnouncer } from "./TimelineAnnouncer.tsx";
import "./timeline.css";

interface Props {
  cursor: number;
  count: number;
  /** The shown events when some kinds are hidden (null: all shown): the buttons step among them. */
  rows?: Int32Array | null;
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
export function CursorControls({ cursor, count, rows = null, playing, onMove, onPlay }: Props) {
  const first = edgeOfShown(rows, count, "first");
  const previous = stepAmongShown(rows, count, cursor, -1);
  const next = stepAmongShown(rows, count, cursor, 1);
  const last = edgeOfShown(rows, count, "last");
  const button = (to: number | undefined, label: string, title: string, text: string) => (
    <SoftButton onPress={() => to !== undefined && onMove(to)} off={to === undefined || to === cursor} aria-label={label} title={title}>{text}</SoftButton>
  );
  return (
    <div className="controls" role="toolbar" aria-label="Step through the run">
      {button(first, "First event", "First event (Home)", "«")}
      {button(previous, "Previous event", "Previous event (←)", "‹")}
      <SoftButton onPress={() => onPlay(!playing)} off={count === 0} aria-label={playing ? "Pause" : "Play"} title="Play / pause (Space)">{playing ? "❚❚ pause" : "▶ play"}</SoftButton>
      {button(next, "Next event", "Next event (→)", "›")}
      {button(last, "Last event", "Last event (End)", "»")}
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
