import { httpCandidate } from "../candidates/http/http-candidate.ts";
import type { ServerQueue } from "../candidates/http/server-queue.ts";
import { publicSettings, type HttpSettings } from "../candidates/http/settings.ts";
import type { FetchLike } from "../candidates/http/wire.ts";
import { recordedReplies } from "../candidates/recorded.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../schemas/collected-trace.ts";
import type { Clock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import type { ParserOptions } from "../runtime/parse-reply.ts";
import type { RunRecord } from "../runtime/result.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { toScoredRun } from "../scoring/score.ts";

// One trial of a model behind an OpenAI-compatible server: the CLI's `eval --trials` and the
// workbench's "Run K trials" both run this, each with its own fetch and clock.

/** Trial t is sent with seed + t − 1: trials differ from one another, and a rerun with the same seed repeats them. */
export const settingsForTrial = (settings: HttpSettings, seed: number | undefined, trial: number): HttpSettings =>
  seed === undefined ? settings : { ...settings, seed: seed + trial - 1 };

export interface HttpTrial {
  fixture: Fixture;
  /** The candidate's name in the run (`http:<model>`, `simulated:reference`). */
  name: string;
  settings: HttpSettings;
  seed: number | undefined;
  trial: number;
  fetch: FetchLike;
  clock: Clock;
  budget?: BudgetConfig;
  parser?: ParserOptions;
  cancel?: AbortSignal;
  /** finbound's count of its requests at this server, shared by every trial sent to it. */
  queue?: ServerQueue;
}

/** Runs and scores one trial; the record comes back too, for what a collected trace needs. */
export async function runHttpTrial(t: HttpTrial): Promise<{ run: ScoredRun; record: RunRecord }> {
  const candidate = httpCandidate(t.name, settingsForTrial(t.settings, t.seed, t.trial), t.fetch, t.queue ? { queue: t.queue } : {});
  const record = await runEpisode({
    fixture: t.fixture,
    candidate,
    clock: t.clock,
    ...(t.budget ? { budget: t.budget } : {}),
    ...(t.parser ? { parser: t.parser } : {}),
    ...(t.cancel ? { cancel: t.cancel } : {}),
  });
  return { run: { ...toScoredRun(record, t.fixture, { includeDiagnostics: true }), trial: t.trial }, record };
}

/**
 * A trial's record as a collected trace: the raw replies with how each request ended and when, and
 * everything that changes how they are read (contract §10), so `score` re-enacts the run it came from.
 */
export function collectedTraceOf(t: Pick<HttpTrial, "fixture" | "name" | "settings" | "seed" | "trial" | "budget" | "parser">, record: RunRecord): CollectedTrace {
  const sent = settingsForTrial(t.settings, t.seed, t.trial);
  const budget = t.budget ?? REFERENCE_BUDGET;
  const reported = record.events.findLast((e) => e.kind === "model_reply" && e.model !== undefined);
  return {
    format: COLLECTED_TRACE_FORMAT,
    fixture: t.fixture.id,
    candidate: {
      name: t.name,
      settings: {
        ...publicSettings(t.settings),
        repair: budget.repair,
        lenient_fence: t.parser?.lenientFence === true,
        response_format: sent.responseFormat,
        model: sent.model,
        reported_model: reported?.kind === "model_reply" ? (reported.model ?? null) : null,
        budget,
        protocol: sent.protocol,
        max_tokens: sent.maxTokens,
        temperature: sent.temperature,
        ...(sent.seed === undefined ? {} : { seed: sent.seed }),
      },
    },
    ...recordedReplies(record.events),
    trial: t.trial,
  };
}
