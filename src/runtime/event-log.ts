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

  /** Takes `event` over: the caller has just built it and keeps no hold on it. */
  append(event: NewEvent, step: number, atMs: number): RunEvent {
    return this.#record(event, step, atMs, freezeFresh);
  }

  /**
   * append, for an event whose every part is deeply frozen already (a parsed decision's body, claims
   * and arguments; a string): only the event itself is frozen, nothing is looked through again. The
   * caller vouches for the parts; tests/runtime/episode.test.ts holds every recorded event deeply frozen.
   */
  appendOfFrozenParts(event: NewEvent, step: number, atMs: number): RunEvent {
    return this.#record(event, step, atMs, Object.freeze);
  }

  #record(event: NewEvent, step: number, atMs: number, freeze: (stamped: RunEvent) => RunEvent): RunEvent {
    const last = this.#events.at(-1);
    // The clock is monotonic; guard anyway so the log's times can never go backwards.
    const at_ms = Math.max(atMs, last?.at_ms ?? 0);
    // The event is new and handed over (the episode builds each one for this call): it is stamped and
    // frozen in place, and only its parts not yet frozen are copied. Stamped in place, not copied into
    // a new object: events come in many shapes, and copying one is several times dearer than adding three fields.
    const stamped = event as RunEvent;
    stamped.seq = this.#events.length;
    stamped.step = step;
    stamped.at_ms = at_ms;
    freeze(stamped);
    this.#events.push(stamped);
    // Most runs (a replay, a score) have no listener: no iterator is made for none.
    if (this.#listeners.size > 0) for (const listener of this.#listeners) listener(stamped);
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
