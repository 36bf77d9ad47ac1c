import type { BudgetConfig } from "../schemas/budget.ts";
import type { Fixture, ScriptedReply } from "../schemas/fixture.ts";
import type { RunResult } from "../schemas/result.ts";
import type { ChaosEvent } from "./chaos.ts";

/** An outcome with its reason or policy code: "answered", "unavailable/model_http_error", "budget_exhausted/deadline". */
export function outcomeLabel(r: Pick<RunResult, "outcome" | "reason" | "policy_code">): string {
  const detail = r.outcome === "budget_exhausted" ? r.reason : r.policy_code;
  return detail ? `${r.outcome}/${detail}` : r.outcome;
}

/** One request of a run: what the server did with it, and what the client saw (ms since the run started). */
export interface ObservedRequest {
  /** Undefined when the server never read the request (the client gave up first). */
  chaos: ChaosEvent | undefined;
  startedMs: number;
  /** Null while still in flight. */
  settledMs: number | null;
  /** Whether the client had aborted it by the time it settled. */
  aborted: boolean;
}

const DEADLINE = "budget_exhausted/deadline";

function decisionOf(reply: ScriptedReply | undefined): Record<string, unknown> | null {
  if (!reply) return null;
  if ("decision" in reply) return reply.decision;
  try {
    const parsed: unknown = JSON.parse(reply.text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The outcomes that explain a run, from what the server did with each request and when the client
 * saw it happen. Faults come from the server (a 500 is model_http_error, a drop model_network_error,
 * garbage invalid_output; normal replies follow the fixture's script to its expected outcome). Times
 * come from the client, so a busy machine does not turn a timeout into a mismatch: a request the
 * client aborted explains model_timeout if it was aborted a whole request timeout after it could have
 * been prepared, and the deadline if it was aborted at the deadline with less than a request timeout
 * left; an earlier abort explains nothing. Two times closer than `slackMs` are compared both ways.
 * Every request must be accounted for: a fault before the last request, a request that never
 * settled, or an answered one the server has no record of, explains nothing.
 */
export function explainableOutcomes(
  fixture: Fixture,
  candidate: string,
  requests: readonly ObservedRequest[],
  budget: BudgetConfig,
  runMs: number,
  slackMs: number,
): string[] {
  const script = fixture.candidates[candidate]?.replies ?? [];
  const { deadline_ms: deadline, request_timeout_ms: requestTimeout } = budget;
  const expected = outcomeLabel({ outcome: fixture.expected.outcome, reason: null, policy_code: fixture.expected.policy_code });
  const outcomes = new Set<string>();
  /** Is `a` at or past `b`? One answer when the gap is wider than the slack, both otherwise. */
  const atOrPast = (a: number, b: number): boolean[] => (a >= b + slackMs ? [true] : a < b - slackMs ? [false] : [true, false]);

  const request = (i: number): void => {
    const req = requests[i];
    if (!req || req.settledMs === null) return;
    const last = i === requests.length - 1;
    const end = (outcome: string): void => void (last && outcomes.add(outcome));
    if (req.aborted) {
      // The runtime's allowance began as it prepared the request: after the previous one settled, before this one started.
      const from = i === 0 ? 0 : (requests[i - 1]?.settledMs ?? 0);
      if (req.settledMs >= from + requestTimeout - slackMs && from <= deadline - requestTimeout + slackMs) end("unavailable/model_timeout");
      if (req.settledMs >= deadline - slackMs && req.startedMs >= deadline - requestTimeout - slackMs) end(DEADLINE);
      return;
    }
    if (!req.chaos) return;
    if (req.chaos.kind === "http_500") return end("unavailable/model_http_error");
    if (req.chaos.kind === "drop") return end("unavailable/model_network_error");
    for (const late of atOrPast(req.settledMs, deadline)) {
      if (late) end(DEADLINE);
      else if (req.chaos.kind === "garbage") end("invalid_output");
      // The simulated slow fault's text, should it ever arrive in time: a final refusal.
      else if (req.chaos.kind === "slow") end("refused");
      else decide(i, last, end);
    }
  };

  const decide = (i: number, last: boolean, end: (outcome: string) => void): void => {
    const decision = decisionOf(script[i]);
    if (decision?.decision === "final") return end(expected);
    if (decision?.decision !== "tool") return end("invalid_output");
    if (i + 1 >= budget.max_decisions) return end("budget_exhausted/steps");
    // No request after a tool call: only the deadline stops a run there, so it must have run that long.
    if (last) return void (atOrPast(runMs, deadline).includes(true) && end(DEADLINE));
    request(i + 1);
  };

  request(0);
  return [...outcomes];
}
