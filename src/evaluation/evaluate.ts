import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import type { Sampling } from "../schemas/event.ts";
import type { Protocol } from "../schemas/decision.ts";
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
  /** How the replies were given (default `json`); a trace's recorded protocol wins. */
  protocol?: Protocol;
  includeDiagnostics?: boolean;
}

/** Runs a fixture's scripted candidate on a virtual clock and scores it. */
export async function evaluateScripted(fixture: Fixture, candidateName: string, options: EvaluateOptions = {}): Promise<ScoredRun | undefined> {
  const candidate = scriptedCandidate(fixture, candidateName);
  if (!candidate) return undefined;
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), ...runSettings(options) });
  return toScoredRun(record, fixture, options);
}

const budgetWords = (b: BudgetConfig): string => `${b.max_decisions} decisions, a ${b.deadline_ms} ms deadline and ${b.request_timeout_ms} ms per request`;

const runSettings = (o: EvaluateOptions) => ({ ...(o.budget ? { budget: o.budget } : {}), ...(o.parser ? { parser: o.parser } : {}) });

export type TraceScore = { ok: true; run: ScoredRun; /** What the replay had to assume or override, for the user to read. */ notes: string[] } | { ok: false; code: "unknown_fixture"; message: string };

/**
 * How a trace's replies are to be read: what the file recorded wins (contract §10), and the caller's
 * settings fill in what a v1 file does not say — each such gap is reported as a note.
 */
export function traceReading(trace: CollectedTrace, options: EvaluateOptions): { options: EvaluateOptions; notes: string[] } {
  const recorded = trace.candidate.settings ?? {};
  const asked = { repair: options.budget?.repair === true, lenient_fence: options.parser?.lenientFence === true };
  const notes: string[] = [];
  const pick = (name: "repair" | "lenient_fence"): boolean => {
    const value = recorded[name];
    if (value === undefined) {
      notes.push(`the trace does not record ${name}: replayed with ${name} ${asked[name] ? "on" : "off"}`);
      return asked[name];
    }
    if (asked[name] && !value) notes.push(`the trace was collected with ${name} off: replayed so, whatever the command line says`);
    return value;
  };
  const repair = pick("repair");
  const lenientFence = pick("lenient_fence");
  // A recorded budget is the one the run was held to; a file without one is replayed under the caller's.
  const budget = recorded.budget ?? options.budget ?? REFERENCE_BUDGET;
  if (recorded.budget === undefined) notes.push(`the trace does not record its budget: replayed with ${budgetWords(budget)}`);
  return {
    options: { ...options, budget: { ...budget, repair }, parser: { ...options.parser, lenientFence }, protocol: recorded.protocol ?? options.protocol ?? "json" },
    notes,
  };
}

/** The sampling a trace recorded (a temperature, and the seed it sent), for its replay to record as the run did. */
function samplingOf(trace: CollectedTrace): Sampling | null {
  const { temperature, seed } = trace.candidate.settings ?? {};
  return temperature === undefined ? null : { temperature, ...(seed === undefined ? {} : { seed }) };
}

/**
 * Scores a collected trace: its raw replies are replayed through the runtime on a virtual
 * clock with the recorded latencies. Tools run again in the sandbox, so all evidence comes
 * from this replay, never from the file.
 */
export async function scoreCollectedTrace(trace: CollectedTrace, fixtures: readonly Fixture[], options: EvaluateOptions = {}): Promise<TraceScore> {
  const fixture = fixtures.find((f) => f.id === trace.fixture);
  if (!fixture) return { ok: false, code: "unknown_fixture", message: `unknown fixture ${JSON.stringify(trace.fixture)}` };
  const reading = traceReading(trace, options);
  const deadline = trace.deadline_reached_at_ms;
  const sampling = samplingOf(trace);
  const candidate = replayCandidate(trace.candidate.name, trace.responses, {
    ...(deadline === undefined ? {} : { deadlineReachedAtMs: deadline }),
    protocol: reading.options.protocol ?? "json",
    ...(sampling ? { sampling } : {}),
  });
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), ...runSettings(reading.options) });
  return { ok: true, run: toScoredRun(record, fixture, options), notes: reading.notes };
}
