import { replayCandidate } from "../../src/candidates/replay.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import type { RunRecord } from "../../src/runtime/result.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";

/** The fixture a long run is made on: a future-value question whose tool reads no household. */
export const LONG_RUN_FIXTURE = "fv-scenario-a";

/**
 * Every fifth decision calls the calculator (its observation is a tall row); the others call it
 * without arguments (a short tool error). Not a denied call: each denial is named in a verdict's
 * text, and 160,000 of them make a 10 MB verdict line.
 */
const CALCULATE = JSON.stringify({ decision: "tool", tool: "future_value", arguments: { scenario: "scenario-A", principal_inr: 2500000, annual_return: 0.06, years: 5 } });
const PROBE = JSON.stringify({ decision: "tool", tool: "future_value", arguments: {} });

/** How many decisions make a run of at least `events` events (five per decision, three more around them). */
export const decisionsFor = (events: number): number => Math.max(1, Math.ceil((events - 3) / 5));

/**
 * A real run through the runtime with a raised decision budget: the candidate calls a tool every
 * turn (five events a decision) until the budget is used up (outcome budget_exhausted, reason
 * steps). 200,000 decisions make 1,000,003 events in about five seconds; sealed, about 240 MiB, under
 * the workbench's 256 MiB for a file read whole (all calculator calls would make it 310 MiB).
 */
export function longRunRecord(fixture: Fixture, decisions: number): Promise<RunRecord> {
  const replies = Array.from({ length: decisions }, (_, i) => ({ text: i % 5 === 0 ? CALCULATE : PROBE, latency_ms: 10 }));
  return runEpisode({
    fixture,
    candidate: replayCandidate("calls-forever", replies),
    clock: createVirtualClock(),
    budget: { ...REFERENCE_BUDGET, max_decisions: decisions, deadline_ms: 10 * decisions + 60_000 },
  });
}
