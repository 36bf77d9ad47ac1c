import { recordedCalls } from "../runtime/result.ts";
import type { EventOf, RunEvent } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ToolCallRecord } from "../schemas/tool-call.ts";
import { householdLedger, type HouseholdAccess } from "../scoring/check-access.ts";

/** The run as of the cursor: everything derived from the log prefix, nothing stored twice. */
export interface RunAtCursor {
  prefix: readonly RunEvent[];
  current: RunEvent | undefined;
  decisionsUsed: number;
  elapsedMs: number;
  calls: ToolCallRecord[];
  households: HouseholdAccess[];
  final: EventOf<"final"> | undefined;
  finished: EventOf<"run_finished"> | undefined;
  /** The recorded observation for each evidence id seen so far. */
  observations: ReadonlyMap<string, EventOf<"observation">>;
  /** The recorded attempt for each call id seen so far. */
  attempts: ReadonlyMap<string, EventOf<"attempt">>;
}

export function runAtCursor(events: readonly RunEvent[], cursor: number, fixture: Fixture): RunAtCursor {
  const prefix = events.slice(0, cursor + 1);
  const current = prefix.at(-1);
  const finished = prefix.find((e): e is EventOf<"run_finished"> => e.kind === "run_finished");
  return {
    prefix,
    current,
    decisionsUsed: finished?.decisions_used ?? prefix.filter((e) => e.kind === "model_reply").length,
    elapsedMs: current?.at_ms ?? 0,
    calls: recordedCalls(prefix),
    households: householdLedger(prefix, fixture),
    final: prefix.find((e): e is EventOf<"final"> => e.kind === "final"),
    finished,
    observations: new Map(prefix.flatMap((e) => (e.kind === "observation" ? [[e.evidence_id, e] as const] : []))),
    attempts: new Map(prefix.flatMap((e) => (e.kind === "attempt" ? [[e.call_id, e] as const] : []))),
  };
}
