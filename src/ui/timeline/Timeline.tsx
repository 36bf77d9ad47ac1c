import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { viewFor } from "./views/registry.ts";

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
 * a larger budget may not.
 */
export function Timeline(props: Props) {
  if (props.events.length === 0) return <p className="empty panel">No run yet: pick a fixture and a candidate, then press Run.</p>;
  return props.events.length >= VIRTUALIZE_FROM ? <VirtualTimeline {...props} /> : <PlainTimeline {...props} />;
}

function EventRow({ event, index, cursor, onSelect, rowRef, style }: { event: RunEvent; index: number; cursor: number; onSelect(i: number): void; rowRef?: (el: HTMLLIElement | null) => void; style?: React.CSSProperties }) {
  const view = viewFor(event);
  return (
    <li
      ref={rowRef}
      style={style}
      data-index={index}
      className={`event kind-${event.kind}${index > cursor ? " after-cursor" : ""}`}
      aria-current={index === cursor ? "step" : undefined}
      data-kind={event.kind}
      data-seq={event.seq}
      onClick={() => onSelect(index)}
    >
      <div className="when">
        #{event.seq}
        <br />
        {(event.at_ms / 1000).toFixed(2)} s
        <br />
        step {event.step}
      </div>
      <div className="body">
        <span className="kind">{view.label}</span>
        <view.Body event={event} />
      </div>
    </li>
  );
}

function PlainTimeline({ events, cursor, onSelect }: Props) {
  const current = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [cursor]);
  return (
    <ol className="timeline" aria-label="Event log">
      {events.map((event, i) => (
        <EventRow key={event.seq} event={event} index={i} cursor={cursor} onSelect={onSelect} {...(i === cursor ? { rowRef: (el) => void (current.current = el) } : {})} />
      ))}
    </ol>
  );
}

function VirtualTimeline({ events, cursor, onSelect }: Props) {
  const list = useRef<HTMLOListElement | null>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => list.current?.closest(".column") ?? null,
    estimateSize: () => 72,
    overscan: 8,
    // The list starts below the task brief; the sticky controls cover the top of the column.
    scrollMargin: list.current?.offsetTop ?? 0,
    scrollPaddingStart: 150,
  });
  useEffect(() => {
    virtualizer.scrollToIndex(cursor, { align: "auto" });
  }, [cursor, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  return (
    <ol className="timeline" aria-label="Event log" ref={list} data-virtualized="true" style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
      {items.map((item) => {
        const event = events[item.index];
        if (!event) return null;
        return (
          <EventRow
            key={event.seq}
            event={event}
            index={item.index}
            cursor={cursor}
            onSelect={onSelect}
            rowRef={virtualizer.measureElement}
            style={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${item.start - margin}px)` }}
          />
        );
      })}
    </ol>
  );
}
