import { replayCandidate } from "../candidates/replay.ts";
import { createVirtualClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { scoreRun } from "../scoring/score.ts";
import type { FuzzCase } from "./arbitraries.ts";
import { invariantViolations } from "./invariants.ts";

export type CaseResult = { crashed: false; violations: string[] } | { crashed: true; error: string };

/** Runs one case on the virtual clock, scores it and checks every invariant. Never throws. */
export async function runCase(c: FuzzCase, fixtures: readonly Fixture[]): Promise<CaseResult> {
  const fixture = fixtures.find((f) => f.id === c.fixture);
  if (!fixture) return { crashed: true, error: `no fixture ${c.fixture}` };
  try {
    const record = await runEpisode({ fixture, candidate: replayCandidate("fuzz", c.responses), clock: createVirtualClock() });
    const verdicts = scoreRun(record, fixture);
    return { crashed: false, violations: invariantViolations(record, fixture, verdicts, REFERENCE_BUDGET.deadline_ms) };
  } catch (error) {
    return { crashed: true, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
