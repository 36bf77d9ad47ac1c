import { replayCandidate } from "../candidates/replay.ts";
import { createVirtualClock, type Clock } from "../runtime/clock.ts";
import { runEpisode, type RunOptions } from "../runtime/episode.ts";
import type { RunRecord } from "../runtime/result.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { scoreRun } from "../scoring/score.ts";
import type { FuzzCase } from "./arbitraries.ts";
import { invariantViolations } from "./invariants.ts";
import { oracleViolations } from "./oracles.ts";

export type CaseResult = { crashed: false; violations: string[] } | { crashed: true; error: string };

/** What a case runs on. The defaults are finbound's own; tests swap in broken copies to see the fuzzer catch them. */
export interface CaseRuntime {
  run: (options: RunOptions) => Promise<RunRecord>;
  score: (record: RunRecord, fixture: Fixture) => Verdict[];
  clock: () => Clock;
}

const FINBOUND: CaseRuntime = { run: runEpisode, score: scoreRun, clock: createVirtualClock };

/** Runs one case on the virtual clock, scores it and checks every invariant and oracle. Never throws. */
export async function runCase(c: FuzzCase, fixtures: readonly Fixture[], runtime: Partial<CaseRuntime> = {}): Promise<CaseResult> {
  const { run, score, clock } = { ...FINBOUND, ...runtime };
  const fixture = fixtures.find((f) => f.id === c.fixture);
  if (!fixture) return { crashed: true, error: `no fixture ${c.fixture}` };
  try {
    const record = await run({ fixture, candidate: replayCandidate("fuzz", c.responses), clock: clock(), budget: REFERENCE_BUDGET });
    const verdicts = score(record, fixture);
    return {
      crashed: false,
      violations: [
        ...invariantViolations(record, fixture, verdicts, REFERENCE_BUDGET.deadline_ms),
        ...oracleViolations(record, fixture, verdicts, c.responses, REFERENCE_BUDGET),
      ],
    };
  } catch (error) {
    return { crashed: true, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
