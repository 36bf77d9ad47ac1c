import type { EventOf, RunEvent } from "../schemas/event.ts";
import type { RunRecord } from "../runtime/result.ts";
import { lookupTool } from "../runtime/tools/catalogue.ts";

/** Read-only lookups over a finished run's records, shared by the checks. */
export interface RunView {
  readonly record: RunRecord;
  readonly observations: ReadonlyMap<string, EventOf<"observation">>;
  readonly attempts: ReadonlyMap<string, EventOf<"attempt">>;
  readonly denials: readonly EventOf<"denial">[];
  readonly toolErrors: readonly EventOf<"tool_error">[];
  /** The events that carry a detail the runtime wrote (an invalid reply's, a denial's, a tool error's), in order. */
  readonly detailed: readonly DetailedEvent[];
}

/** An event that carries a detail the runtime wrote. */
export type DetailedEvent = Extract<RunEvent, { detail: string }>;

/** The kinds of DetailedEvent; a test holds the list to the event schema. Asked by kind: `"detail" in e` over events of many shapes was the leak check's dearest line. */
export const DETAILED_KINDS: ReadonlySet<RunEvent["kind"]> = new Set<DetailedEvent["kind"]>(["invalid_output", "denial", "tool_error", "not_run"]);

/** One pass over the events: every check reads these, and a re-scored suite makes one per run. */
export function viewOf(record: RunRecord): RunView {
  const observations = new Map<string, EventOf<"observation">>();
  const attempts = new Map<string, EventOf<"attempt">>();
  const denials: EventOf<"denial">[] = [];
  const toolErrors: EventOf<"tool_error">[] = [];
  const detailed: DetailedEvent[] = [];
  for (const e of record.events) {
    // Read once: events come in many shapes, so each read of a field is a slow one.
    const kind = e.kind;
    if (kind === "observation") observations.set(e.evidence_id, e);
    else if (kind === "attempt") attempts.set(e.call_id, e);
    else if (kind === "denial") denials.push(e);
    else if (kind === "tool_error") toolErrors.push(e);
    if (DETAILED_KINDS.has(kind)) detailed.push(e as DetailedEvent);
  }
  return { record, observations, attempts, denials, toolErrors, detailed };
}

/**
 * Whether an observation's data is the same object run after run: a snapshot read hands out the
 * fixture's own frozen snapshot, while a calculator's output is new each run. What a check works out
 * about data is worth remembering by the object only for the first.
 */
export const sharedAcrossRuns = (observation: EventOf<"observation">): boolean => lookupTool(observation.tool)?.yieldsSnapshot === true;

/** The household an attempt named, if any. */
export function householdOf(attempt: EventOf<"attempt"> | undefined): string | null {
  const args = attempt?.arguments;
  if (args === null || typeof args !== "object" || Array.isArray(args)) return null;
  const h = (args as Record<string, unknown>).household;
  return typeof h === "string" ? h : h === undefined ? null : JSON.stringify(h);
}
