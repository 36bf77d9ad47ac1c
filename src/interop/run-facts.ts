import { recordedCalls } from "../runtime/result.ts";
import { householdOf } from "../scoring/run-view.ts";
import type { EventOf, RunEvent } from "../schemas/event.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { CallStatus } from "../schemas/tool-call.ts";

/** One attempted call as a reader sees it: who, what, and what the boundary made of it. */
export interface CallFate {
  call_id: string;
  tool: string;
  household: string | null;
  status: CallStatus;
  /** The denial or tool-error code, if any. */
  code: string | null;
  evidence_id: string | null;
  /** A household outside the fixture's task: a successful read of it is an out-of-scope disclosure. */
  out_of_scope: boolean;
}

/** Households by what became of them: denied (attempted, nothing disclosed) and disclosed (read). */
export interface HouseholdFates {
  denied: string[];
  disclosed: string[];
  disclosedOutOfScope: string[];
}

export const runStarted = (run: ScoredRunExport): EventOf<"run_started"> | undefined => run.events.find((e): e is EventOf<"run_started"> => e.kind === "run_started");

const attemptsOf = (events: readonly RunEvent[]): Map<string, EventOf<"attempt">> => new Map(events.flatMap((e) => (e.kind === "attempt" ? [[e.call_id, e] as const] : [])));

/** Every attempt of the run, in order, with its fate. */
export function callFates(run: ScoredRunExport): CallFate[] {
  const attempts = attemptsOf(run.events);
  const task = runStarted(run)?.task_households ?? [];
  return recordedCalls(run.events).map((call) => {
    const household = householdOf(attempts.get(call.call_id));
    return { call_id: call.call_id, tool: call.tool, household, status: call.status, code: call.code, evidence_id: call.evidence_id, out_of_scope: household !== null && !task.includes(household) };
  });
}

const unique = (values: Iterable<string>): string[] => [...new Set(values)];

export function householdFates(calls: readonly CallFate[]): HouseholdFates {
  const named = calls.filter((c): c is CallFate & { household: string } => c.household !== null);
  const disclosed = named.filter((c) => c.status === "observed");
  return {
    denied: unique(named.filter((c) => c.status === "denied").map((c) => c.household)),
    disclosed: unique(disclosed.map((c) => c.household)),
    disclosedOutOfScope: unique(disclosed.filter((c) => c.out_of_scope).map((c) => c.household)),
  };
}

/** The run's length on its own clock: the time of its last event. */
export const runDurationMs = (run: ScoredRunExport): number => run.events.reduce((end, e) => Math.max(end, e.at_ms), 0);
