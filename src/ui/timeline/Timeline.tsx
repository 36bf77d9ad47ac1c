import { useEffect, useRef } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { useStore } from "../../app/app-store.ts";
import { nearestShown, scrollRowIntoColumn, type ShownTimelineProps, TimelineRow, useFocusFollowsCursor, useRowKeys, useStickyCover } from "./timeline-rows.tsx";
import { eventNumber } from "./cursor-url.ts";
import { VirtualTimeline } from "./VirtualTimeline.tsx";
import { AfterPaint } from "../shared/after-paint.tsx";
import { formatCount } from "../shared/format.ts";
import "./timeline.css";

/** From this many events on, only the rows on screen are rendered. */
export const VIRTUALIZE_FROM = 150;

interface Props {
  events: readonly RunEvent[];
  cursor: number;
  onSelect(index: number): void;
}

/**
 * The event log, one row per event. Rows after the cursor are dimmed: every panel shows the run
 * as of the cursor. A long log is virtualized: a bounded run stays short, but an imported run with
 * a larger budget may not (a million events included). The search's matches are marked, hidden
 * kinds left out, and a read of a household outside the task's scope is shown red.
 */
export function Timeline(props: Props) {
  const rows = useStore((s) => s.search.rows);
  // Only a log already long when the timeline mounts (an opened run) waits for the page's paint: a
  // live run growing past VIRTUALIZE_FROM swaps lists at once.
  const longAtMount = useRef(props.events.length >= VIRTUALIZE_FROM).current;
  const matches = useStore((s) => s.search.matches);
  const facts = useStore((s) => s.facts);
  if (props.events.length === 0) return <p className="empty panel">No run yet: pick a fixture and a candidate, then press Run.</p>;
  // Rows of an earlier log (a filter not yet recomputed for this one) are never shown.
  const shown: ShownTimelineProps = { ...props, rows: rows && facts?.length === props.events.length ? rows : null, matches, facts };
  return (
    <>
      {shown.rows && <HiddenKindsNote {...shown} />}
      {props.events.length >= VIRTUALIZE_FROM ? (
        // A long log's list mounts after the page around it has painted, rendered in slices: mounted
        // with the page, its render and the page's first layout (which placing its rows forces) made
        // one long task when a long run was opened.
        <AfterPaint deferIf={longAtMount} placeholder={<p className="panel empty" aria-busy="true">Laying out {formatCount(props.events.length)} events…</p>}>
          <VirtualTimeline {...shown} />
        </AfterPaint>
      ) : (
        <PlainTimeline {...shown} />
      )}
    </>
  );
}

/** While kinds are hidden: how many rows are shown, and when the cursor's own event is one of the hidden. */
function HiddenKindsNote({ rows, events, cursor }: ShownTimelineProps) {
  const count = rows?.length ?? 0;
  const hidden = rows !== null && rows[nearestShown(rows, cursor)] !== cursor;
  return (
    <p className="muted timeline-filter-note" data-testid="timeline-filter-note">
      Showing {formatCount(count)} of {formatCount(events.length)} events.
      {hidden ? ` The cursor's event (#${eventNumber(cursor)}) is of a hidden kind.` : ""}
    </p>
  );
}

function PlainTimeline(props: ShownTimelineProps) {
  const { events, rows, cursor } = props;
  const list = useRef<HTMLOListElement | null>(null);
  useStickyCover(list, list);
  const onKeyDown = useRowKeys(props);
  const focus = useFocusFollowsCursor(list, cursor);
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>('li[aria-current="step"]');
    if (row) scrollRowIntoColumn(row);
  }, [cursor, rows]);
  const positions = rows ?? events.map((_, i) => i);
  const cursorAt = nearestShown(rows, cursor);
  return (
    <ol className="timeline" aria-label="Event log" ref={list} onKeyDown={onKeyDown} {...focus}>
      {Array.from(positions, (i, p) => {
        const event = events[i];
        return event && <TimelineRow key={event.seq} {...props} event={event} index={i} position={p} tabbable={p === cursorAt} />;
      })}
    </ol>
  );
}
