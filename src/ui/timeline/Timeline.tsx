import { useEffect, useRef } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { EventRow } from "./EventRow.tsx";
import { VirtualTimeline } from "./VirtualTimeline.tsx";

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
 * a larger budget may not (a million events included).
 */
export function Timeline(props: Props) {
  if (props.events.length === 0) return <p className="empty panel">No run yet: pick a fixture and a candidate, then press Run.</p>;
  return props.events.length >= VIRTUALIZE_FROM ? <VirtualTimeline {...props} /> : <PlainTimeline {...props} />;
}

function PlainTimeline({ events, cursor, onSelect }: Props) {
  const current = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [cursor]);
  return (
    <ol className="timeline" aria-label="Event log">
      {events.map((event, i) => (
        <EventRow key={event.seq} event={event} index={i} current={i === cursor} after={i > cursor} onSelect={onSelect} {...(i === cursor ? { rowRef: current } : {})} />
      ))}
    </ol>
  );
}
