import type { EventOf, RunEvent } from "../schemas/event.ts";
import type { RunRecord } from "../runtime/result.ts";

/** Read-only lookups over a finished run's records, shared by the checks. */
export interface RunView {
  readonly record: RunRecord;
  readonly observations: ReadonlyMap<string, EventOf<"observation">>;
  readonly attempts: ReadonlyMap<string, EventOf<"attempt">>;
  readonly denials: readonly EventOf<"denial">[];
  readonly toolErrors: readonly EventOf<"tool_error">[];
}

const ofKind = <K extends RunEvent["kind"]>(events: readonly RunEvent[], kind: K): EventOf<K>[] =>
  events.filter((e): e is EventOf<K> => e.kind === kind);

export function viewOf(record: RunRecord): RunView {
  const events = record.events;
  return {
    record,
    observations: new Map(ofKind(events, "observation").map((e) => [e.evidence_id, e])),
    attempts: new Map(ofKind(events, "attempt").map((e) => [e.call_id, e])),
    denials: ofKind(events, "denial"),
    toolErrors: ofKind(events, "tool_error"),
  };
}

/** The household an attempt named, if any. */
export function householdOf(attempt: EventOf<"attempt"> | undefined): string | null {
  const args = attempt?.arguments;
  if (args === null || typeof args !== "object" || Array.isArray(args)) return null;
  const h = (args as Record<string, unknown>).household;
  return typeof h === "string" ? h : h === undefined ? null : JSON.stringify(h);
}
