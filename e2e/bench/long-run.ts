import { replayCandidate } from "../../src/candidates/replay.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import type { RunRecord } from "../../src/runtime/result.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";

/** The fixture a long run is made on: a future-value question whose tool reads no household. */
export const LONG_RUN_FIXTURE = "fv-scenario-a";

/** Every decision of a long run is this tool call: five events per decision. */
const CALL = JSON.stringify({ decision: "tool", tool: "future_value", arguments: { scenario: "scenario-A", principal_inr: 2500000, annual_return: 0.06, years: 5 } });

/** How many decisions make a run of at least `events` events (five per decision, three more around them). */
export const decisionsFor = (events: number): number => Math.max(1, Math.ceil((events - 3) / 5));

/**
 * A real run through the runtime with a raised decision budget: the candidate calls the calculator
 * every turn until the budget is used up (outcome budget_exhausted, reason steps). 200,000 decisions
 * make 1,000,003 events in about five seconds.
 */
export function longRunRecord(fixture: Fixture, decisions: number): Promise<RunRecord> {
  const replies = Array.from({ length: decisions }, () => ({ text: CALL, latency_ms: 10 }));
  return runEpisode({
    fixture,
    candidate: replayCandidate("calls-forever", replies),
    clock: createVirtualClock(),
    budget: { ...REFERENCE_BUDGET, max_decisions: decisions, deadline_ms: 10 * decisions + 60_000 },
  });
}
