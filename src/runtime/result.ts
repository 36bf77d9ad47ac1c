import type { BudgetReason } from "../schemas/outcome.ts";
import type { EventOf, ModelFailureCode, RunEvent } from "../schemas/event.ts";
import type { Diagnostics, RunResult } from "../schemas/result.ts";
import type { ToolCallRecord } from "../schemas/tool-call.ts";
import { frozenEmpty } from "./freeze.ts";

/** How the loop ended, before the result is assembled from the records. */
export type Ending =
  | { by: "candidate" }
  | { by: "budget"; reason: BudgetReason }
  | { by: "invalid_output" }
  | { by: "model_failure"; code: ModelFailureCode }
  | { by: "runtime_fault" };

export interface RunRecord {
  readonly fixture: string;
  readonly candidate: string;
  readonly events: readonly RunEvent[];
  readonly result: RunResult;
  /** Restricted: internal error detail. Never part of the result, never shown to the candidate. */
  readonly diagnostics: Diagnostics;
  readonly unusedReplies: number;
}

const RUNTIME_MESSAGES = {
  steps: "The run stopped: every decision in the budget was used without a final answer.",
  deadline: "The run stopped: its time budget ran out before a final answer.",
  invalid_output: "The run stopped: the candidate's reply was not one valid decision.",
  model_failure: "The model service failed or did not answer in time.",
  runtime_fault: "The run stopped because of an internal fault.",
} as const;

/** An MCP agent is the candidate, not a model service: its failures are told in its own words. */
const AGENT_FAILURES: Partial<Record<ModelFailureCode, string>> = {
  agent_timeout: "The run stopped: the agent did not make its next call in time.",
  agent_disconnected: "The run stopped: the agent closed its session before a final answer.",
};

/**
 * The result, built only from the runtime's own records: the public fields of the final
 * event, the recorded tool calls, and nothing else the candidate sent.
 */
export function assembleResult(events: readonly RunEvent[], ending: Ending): RunResult {
  const tool_calls = recordedCalls(events);
  const forgery_attempts = forgeryAttempts(events);
  // Every part is frozen already (the records and lists made here, the final event's parts): only the result itself is frozen.
  const byRuntime = (outcome: RunResult["outcome"], reason: RunResult["reason"], policy_code: string | null, message: string): RunResult =>
    Object.freeze({ tool_calls, portfolio_writes: 0, claims: NO_CLAIMS, evidence_ids: NO_STRINGS, forgery_attempts, outcome, set_by: "runtime", reason, policy_code, message });
  switch (ending.by) {
    case "candidate": {
      const final = events.findLast((e): e is EventOf<"final"> => e.kind === "final");
      if (!final) throw new Error("a candidate ending without a final event");
      // The final event's parts are frozen already: the result shares them. (Fields in the order exports have always had.)
      return Object.freeze({
        tool_calls,
        portfolio_writes: 0,
        claims: final.claims,
        evidence_ids: final.evidence_ids,
        forgery_attempts,
        outcome: final.outcome,
        set_by: "candidate",
        reason: null,
        policy_code: final.policy_code,
        message: final.message,
      });
    }
    case "budget":
      return byRuntime("budget_exhausted", ending.reason, null, RUNTIME_MESSAGES[ending.reason]);
    case "invalid_output":
      return byRuntime("invalid_output", null, null, RUNTIME_MESSAGES.invalid_output);
    case "model_failure":
      return byRuntime("unavailable", null, ending.code, AGENT_FAILURES[ending.code] ?? RUNTIME_MESSAGES.model_failure);
    case "runtime_fault":
      return byRuntime("unavailable", null, "runtime_fault", RUNTIME_MESSAGES.runtime_fault);
  }
}

const NO_CLAIMS: RunResult["claims"] = frozenEmpty();
const NO_STRINGS: string[] = frozenEmpty();

/** Every field the candidate sent beyond a decision's own, on any decision, tool or final; each once (frozen: the result shares it). */
function forgeryAttempts(events: readonly RunEvent[]): string[] {
  let fields: Set<string> | null = null;
  for (const e of events) {
    if (e.kind !== "decision" || e.discarded_fields === undefined) continue;
    fields ??= new Set();
    for (const f of e.discarded_fields) fields.add(f);
  }
  // Most runs forge nothing: they share one empty list.
  return fields === null ? NO_STRINGS : (Object.freeze([...fields]) as string[]);
}

/**
 * Every attempt, in order, with what the boundary made of it. Each record and the list are frozen as
 * they are made (their arguments are the recorded attempt's, frozen already), so a result shares them.
 */
export function recordedCalls(events: readonly RunEvent[]): ToolCallRecord[] {
  const calls = new Map<string, ToolCallRecord>();
  for (const e of events) {
    // The kind read once: events come in many shapes, so each read of a field is a slow one.
    const kind = e.kind;
    if (kind === "attempt") {
      calls.set(e.call_id, { call_id: e.call_id, step: e.step, tool: e.tool, arguments: e.arguments, status: "not_run", code: null, evidence_id: null });
    } else if (kind === "denial" || kind === "tool_error") {
      const call = calls.get(e.call_id);
      if (call) {
        call.status = kind === "denial" ? "denied" : "tool_error";
        call.code = e.code;
      }
    } else if (kind === "observation") {
      const call = calls.get(e.call_id);
      if (call) {
        call.status = "observed";
        call.evidence_id = e.evidence_id;
      }
    }
  }
  const records: ToolCallRecord[] = [];
  for (const call of calls.values()) records.push(Object.freeze(call));
  return Object.freeze(records) as ToolCallRecord[];
}
