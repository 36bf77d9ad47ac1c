import { useEffect, useRef } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { viewFor } from "./views/registry.ts";

/**
 * The event log, one row per event. Rows after the cursor are dimmed: every panel shows the
 * run as of the cursor. Rows use `content-visibility: auto`, so a long log only renders what is
 * on screen.
 */
export function Timeline({ events, cursor, onSelect }: { events: readonly RunEvent[]; cursor: number; onSelect(index: number): void }) {
  const current = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [cursor]);
  if (events.length === 0) return <p className="empty panel">No run yet: pick a fixture and a candidate, then press Run.</p>;
  return (
    <ol className="timeline" aria-label="Event log">
      {events.map((event, i) => {
        const view = viewFor(event);
        const isCurrent = i === cursor;
        return (
          <li
            key={event.seq}
            ref={isCurrent ? current : undefined}
            className={`event kind-${event.kind}${i > cursor ? " after-cursor" : ""}`}
            aria-current={isCurrent ? "step" : undefined}
            data-kind={event.kind}
            data-seq={event.seq}
            onClick={() => onSelect(i)}
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
      })}
    </ol>
  );
}
