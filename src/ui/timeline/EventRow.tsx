import { memo, type Ref } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import type { Disclosure } from "../../state/run/cursor-index.ts";
import { eventNumber } from "./cursor-url.ts";
import { eventName } from "./event-name.ts";
import { isCancelledRequest } from "../../state/search/search-kinds.ts";
import { viewFor } from "./views/registry.ts";
import { RowTabbable } from "./views/row-focus.tsx";

/** What the row says, the same whatever the cursor does: rendered once per event and kept while the row moves. */
const EventBody = memo(function EventBody({ event, disclosure, household }: { event: RunEvent; disclosure: Disclosure | null; household: string | null }) {
  const view = viewFor(event);
  return (
    <div className="body">
      <span className="kind">
        <span className="kind-icon" aria-hidden="true">{view.icon}</span>
        {view.label}
        {disclosure === "out_of_scope" && <span className="disclosure-tag">disclosed {household} — outside the task's scope</span>}
      </span>
      <view.Body event={event} />
    </div>
  );
});

/** The row's name for a screen reader: its number, kind, and what makes it stand out. */
const rowName = (event: RunEvent, index: number, count: number, disclosure: Disclosure | null, match: boolean): string =>
  eventName(event, index, count, [...(disclosure === "out_of_scope" ? ["disclosed a household outside the task's scope"] : []), ...(match ? ["matches the search"] : [])]);

interface Props {
  event: RunEvent;
  index: number;
  /** Events in the log, for the row's name ("event 6 of 11"). */
  count: number;
  current: boolean;
  /** After the cursor: dimmed, since every panel shows the run as of the cursor. */
  after: boolean;
  /** The one row Tab reaches (roving tabindex): the cursor's, or the first shown when the cursor's is not. */
  tabbable: boolean;
  match: boolean;
  disclosure: Disclosure | null;
  household: string | null;
  onSelect(index: number): void;
  rowRef?: Ref<HTMLLIElement>;
  /** In a virtualized list: where the row is placed in the list, in px, and its position among the rows shown. */
  top?: number;
  position?: number;
}

/**
 * One event of the log; a click, or Enter on its number, moves the cursor to it. Numbered from 1,
 * as the position text and the URL's `at` are.
 */
export const EventRow = memo(function EventRow({ event, index, count, current, after, tabbable, match, disclosure, household, onSelect, rowRef, top, position }: Props) {
  return (
    <li
      ref={rowRef}
      style={top === undefined ? undefined : { position: "absolute", top, left: 0, right: 0 }}
      data-index={index}
      data-pos={position}
      className={`event kind-${event.kind}${isCancelledRequest(event) ? " cancelled" : ""}${after ? " after-cursor" : ""}`}
      aria-current={current ? "step" : undefined}
      data-kind={event.kind}
      data-seq={event.seq}
      data-disclosure={disclosure ?? undefined}
      data-match={match ? "true" : undefined}
      onClick={() => onSelect(index)}
    >
      <div className="when">
        <button type="button" className="event-number" tabIndex={tabbable ? 0 : -1} aria-label={rowName(event, index, count, disclosure, match)} aria-current={current ? "step" : undefined}>
          {`#${eventNumber(index)}`}
        </button>
        <br />
        {`${(event.at_ms / 1000).toFixed(2)} s`}
        <br />
        {`step ${event.step}`}
      </div>
      <RowTabbable.Provider value={tabbable}>
        <EventBody event={event} disclosure={disclosure} household={household} />
      </RowTabbable.Provider>
    </li>
  );
});
