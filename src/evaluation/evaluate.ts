import type { BudgetConfig } from "../schemas/budget.ts";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { replayCandidate } from "../candidates/replay.ts";
import { scriptedCandidate } from "../candidates/scripted.ts";
import { createVirtualClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import type { ParserOptions } from "../runtime/parse-reply.ts";
import { toScoredRun } from "../scoring/score.ts";

export interface EvaluateOptions {
  budget?: BudgetConfig;
  parser?: ParserOptions;
  includeDiagnostics?: boolean;
}

/** Runs a fixture's scripted candidate on a virtual clock and scores it. */
export async function evaluateScripted(fixture: Fixture, candidateName: string, options: EvaluateOptions = {}): Promise<ScoredRun | undefined> {
  const candidate = scriptedCandidate(fixture, candidateName);
  if (!candidate) return undefined;
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), ...runSettings(options) });
  return toScoredRun(record, fixture, options);
}

const runSettings = (o: EvaluateOptions) => ({ ...(o.budget ? { budget: o.budget } : {}), ...(o.parser ? { parser: o.parser } : {}) });

export type TraceScore = { ok: true; run: ScoredRun } | { ok: false; code: "unknown_fixture"; message: string };

/**
 * Scores a collected trace: its raw replies are replayed through the runtime on a virtual
 * clock with the recorded latencies. Tools run again in the sandbox, so all evidence comes
 * from this replay, never from the file.
 */
export async function scoreCollectedTrace(trace: CollectedTrace, fixtures: readonly Fixture[], options: EvaluateOptions = {}): Promise<TraceScore> {
  const fixture = fixtures.find((f) => f.id === trace.fixture);
  if (!fixture) return { ok: false, code: "unknown_fixture", message: `unknown fixture ${JSON.stringify(trace.fixture)}` };
  const candidate = replayCandidate(trace.candidate.name, trace.responses);
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), ...runSettings(options) });
  return { ok: true, run: toScoredRun(record, fixture, options) };
}
