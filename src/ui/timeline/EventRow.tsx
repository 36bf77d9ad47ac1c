import { memo, type Ref } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { viewFor } from "./views/registry.ts";

/** When and what: the same for every row, so it is rendered once per event and kept while the row moves. */
const EventContent = memo(function EventContent({ event }: { event: RunEvent }) {
  const view = viewFor(event);
  return (
    <>
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
    </>
  );
});

interface Props {
  event: RunEvent;
  index: number;
  current: boolean;
  /** After the cursor: dimmed, since every panel shows the run as of the cursor. */
  after: boolean;
  onSelect(index: number): void;
  rowRef?: Ref<HTMLLIElement>;
  /** In a virtualized list: where the row is placed in the list, in px. */
  top?: number;
}

/** One event of the log; a click moves the cursor to it. */
export const EventRow = memo(function EventRow({ event, index, current, after, onSelect, rowRef, top }: Props) {
  return (
    <li
      ref={rowRef}
      style={top === undefined ? undefined : { position: "absolute", top, left: 0, right: 0 }}
      data-index={index}
      className={`event kind-${event.kind}${after ? " after-cursor" : ""}`}
      aria-current={current ? "step" : undefined}
      data-kind={event.kind}
      data-seq={event.seq}
      onClick={() => onSelect(index)}
    >
      <EventContent event={event} />
    </li>
  );
});
