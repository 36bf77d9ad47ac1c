/** The timeline column's id: the target of "Skip to timeline". */
export const TIMELINE_ID = "timeline";

/** The event log's one Tab stop: the current event's number. */
export const CURRENT_ROW = 'li[aria-current="step"] button.event-number';

/**
 * Puts the keyboard's focus on the current event (the event log's one Tab stop), or on the timeline
 * column while there is no run, and brings the column into view where the columns are stacked.
 */
export function focusTimeline(): void {
  const column = document.getElementById(TIMELINE_ID);
  if (!column) return;
  column.scrollIntoView({ block: "nearest" });
  (column.querySelector<HTMLElement>(CURRENT_ROW) ?? column).focus({ preventScroll: true });
}

let requested = false;

/** Asks the next event log that mounts (a run about to be opened elsewhere) to take the focus. */
export function focusTimelineWhenShown(): void {
  requested = true;
}

/** Whether an event log that has just mounted should take the focus; the request is then spent. */
export function takeTimelineFocusRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
