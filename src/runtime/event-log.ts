import type { NewEvent, RunEvent } from "../schemas/event.ts";
import { freezeFresh } from "./freeze.ts";

export type EventListener = (event: RunEvent) => void;

/**
 * The run's append-only event log. Each appended event is stamped with its sequence number,
 * step and clock time, deep frozen (parts the caller still holds are copied first), and handed to subscribers at once, so a UI can render the run
 * as it happens. Nothing is ever removed or edited.
 */
export class EventLog {
  readonly #events: RunEvent[] = [];
  readonly #listeners = new Set<EventListener>();

  append(event: NewEvent, step: number, atMs: number): RunEvent {
    const last = this.#events.at(-1);
    // The clock is monotonic; guard anyway so the log's times can never go backwards.
    const at_ms = Math.max(atMs, last?.at_ms ?? 0);
    // The stamped event is new and ours: it is frozen in place, and only its parts not yet frozen are copied.
    // (Object.assign, not a spread: events come in many shapes, and a spread of them is several times slower.)
    const stamped = freezeFresh(Object.assign({}, event, { seq: this.#events.length, step, at_ms }) as RunEvent);
    this.#events.push(stamped);
    for (const listener of this.#listeners) listener(stamped);
    return stamped;
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get events(): readonly RunEvent[] {
    return this.#events;
  }
}
