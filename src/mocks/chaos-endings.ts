import type { BudgetConfig } from "../schemas/budget.ts";
import type { Fixture, ScriptedReply } from "../schemas/fixture.ts";
import type { RunResult } from "../schemas/result.ts";
import type { ChaosEvent } from "./chaos.ts";

/** An outcome with its reason or policy code: "answered", "unavailable/model_http_error", "budget_exhausted/deadline". */
export function outcomeLabel(r: Pick<RunResult, "outcome" | "reason" | "policy_code">): string {
  const detail = r.outcome === "budget_exhausted" ? r.reason : r.policy_code;
  return detail ? `${r.outcome}/${detail}` : r.outcome;
}

/** How a run may end, and how many requests it made on the way. */
export interface Ending {
  outcome: string;
  requests: number;
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
 * Every ending the runtime may reach given what the chaos server did, found by replaying the
 * episode's rules (src/runtime/episode.ts) on the server's nominal delays. Real requests take a
 * little longer than their delay, so two times closer than `slackMs` are compared both ways.
 * A path that needs a request the run never made is no explanation.
 */
export function explainableEndings(fixture: Fixture, candidate: string, chaos: readonly ChaosEvent[], budget: BudgetConfig, slackMs: number): Ending[] {
  const script = fixture.candidates[candidate]?.replies ?? [];
  const byTurn = new Map(chaos.map((e) => [e.turn, e]));
  const { deadline_ms: deadline, request_timeout_ms: requestTimeout, tool_timeout_ms: toolTimeout } = budget;
  const expected = outcomeLabel({ outcome: fixture.expected.outcome, reason: null, policy_code: fixture.expected.policy_code });
  const endings = new Map<string, Ending>();
  const end = (outcome: string, requests: number): void => void endings.set(`${outcome}#${requests}`, { outcome, requests });
  /** Is `a` at or past `b`? One answer when the gap is wider than the slack, both otherwise. */
  const atOrPast = (a: number, b: number): boolean[] => (a >= b + slackMs ? [true] : a < b - slackMs ? [false] : [true, false]);

  const request = (turn: number, t: number): void => {
    for (const late of atOrPast(t, deadline)) {
      if (late) {
        end(DEADLINE, turn);
        continue;
      }
      const event = byTurn.get(turn);
      if (!event) continue;
      const remaining = Math.max(deadline - t, 0);
      for (const ownLimit of atOrPast(remaining, requestTimeout)) {
        const limit = ownLimit ? requestTimeout : remaining;
        for (const timedOut of atOrPast(event.delayMs, limit)) {
          if (timedOut) end(ownLimit ? "unavailable/model_timeout" : DEADLINE, turn + 1);
          else reply(turn, t + event.delayMs, event);
        }
      }
    }
  };

  const reply = (turn: number, t: number, event: ChaosEvent): void => {
    if (event.kind === "http_500") return end("unavailable/model_http_error", turn + 1);
    if (event.kind === "drop") return end("unavailable/model_network_error", turn + 1);
    for (const late of atOrPast(t, deadline)) {
      if (late) end(DEADLINE, turn + 1);
      else if (event.kind === "garbage") end("invalid_output", turn + 1);
      // The simulated slow fault's text, should it ever arrive in time: a final refusal.
      else if (event.kind === "slow") end("refused", turn + 1);
      else decide(turn, t);
    }
  };

  const decide = (turn: number, t: number): void => {
    const decision = decisionOf(script[turn]);
    if (decision?.decision === "final") return end(expected, turn + 1);
    if (decision?.decision !== "tool" || typeof decision.tool !== "string") return end("invalid_output", turn + 1);
    if (turn + 1 >= budget.max_decisions) return end("budget_exhausted/steps", turn + 1);
    const fault = fixture.tool_faults?.[decision.tool];
    const duration = fault?.latency_ms ?? 0;
    const remaining = Math.max(deadline - t, 0);
    for (const ownLimit of atOrPast(remaining, toolTimeout)) {
      const limit = ownLimit ? toolTimeout : remaining;
      for (const timedOut of atOrPast(duration, limit)) {
        if (!timedOut) request(turn + 1, fault?.internal_error !== undefined ? t : t + duration);
        else if (ownLimit) request(turn + 1, t + limit);
        else end(DEADLINE, turn + 1);
      }
    }
  };

  request(0, 0);
  return [...endings.values()];
}
