import { TIMED_OUT_ENDINGS, type CollectedResponse } from "../schemas/collected-trace.ts";
import type { Candidate, CandidateReply, RequestCut } from "../runtime/candidate.ts";
import type { Timed } from "../runtime/clock.ts";
import type { Protocol } from "../schemas/decision.ts";
import type { RequestTimings, RunEvent, Sampling } from "../schemas/event.ts";
import { recordedReplies } from "./recorded.ts";

/**
 * A candidate that hands back recorded replies in order, each taking its recorded latency on the
 * run's clock. Used for scripted candidates and for collected traces alike. A reply recorded with
 * its instant and ending (what `recordedReplies` writes) is re-enacted: the run's clock reaches the
 * instant the recorded run sent it, and it ends as it ended there, whatever its latency says.
 */
export function replayCandidate(name: string, responses: readonly CollectedResponse[], recorded: { deadlineReachedAtMs?: number; protocol?: Protocol; sampling?: Sampling } = {}): Candidate {
  const { deadlineReachedAtMs, protocol, sampling } = recorded;
  let next = 0;
  return {
    name,
    ...(protocol === undefined ? {} : { protocol }),
    ...(sampling === undefined ? {} : { sampling }),
    nextStepAt: () => (next < responses.length ? responses[next]?.at_ms : deadlineReachedAtMs),
    cutShort(): RequestCut {
      const r = responses[next - 1];
      const timeoutCode = r?.ending === "request_timeout" ? r.failure?.code : undefined;
      return { ...(r?.ending === undefined ? {} : { ending: r.ending }), ...(r?.queue_ms === undefined ? {} : { queue_ms: r.queue_ms }), ...(timeoutCode === undefined ? {} : { timeoutCode }) };
    },
    // A recorded reply is here already: given at once, so a replay on the virtual clock never yields.
    next() {
      const response = responses[next];
      if (!response) {
        return { value: { ok: false, code: "trace_exhausted", detail: `the trace holds ${responses.length} replies and the run asked for another` } };
      }
      next += 1;
      if (response.failure) {
        const { code, status } = response.failure;
        return timed(response, { ok: false, code, detail: "a failure recorded in the trace", ...(status === undefined ? {} : { status }), ...(response.queue_ms === undefined ? {} : { queue_ms: response.queue_ms }) });
      }
      // Built field by field, not spread: a replay answers at every step of every run.
      const answer: CandidateReply & { ok: true } = { ok: true, text: response.text, finishReason: response.finish_reason ?? null, usage: response.usage ?? null };
      if (response.model !== undefined) answer.model = response.model;
      const timings = timingsOf(response);
      if (timings !== null) answer.timings = timings;
      return timed(response, answer);
    },
    remaining: () => Math.max(0, responses.length - next),
  };
}

/** A recorded reply as the clock takes it: its latency, and how it ended when the trace says. */
function timed(response: CollectedResponse, value: CandidateReply): Timed<CandidateReply> {
  const operation: Timed<CandidateReply> = { value, durationMs: response.latency_ms };
  if (response.ending !== undefined) operation.ends = TIMED_OUT_ENDINGS.has(response.ending) ? "timeout" : "done";
  return operation;
}

/** The server's timings a response recorded, or null when it recorded none. */
function timingsOf(response: CollectedResponse): RequestTimings | null {
  const { queue_ms, prompt_ms, generation_ms } = response;
  if (queue_ms === undefined && prompt_ms === undefined && generation_ms === undefined) return null;
  const timings: RequestTimings = {};
  if (queue_ms !== undefined) timings.queue_ms = queue_ms;
  if (prompt_ms !== undefined) timings.prompt_ms = prompt_ms;
  if (generation_ms !== undefined) timings.generation_ms = generation_ms;
  return timings;
}

/** A replay of a run's own record: its events' replies, re-enacted, read in the protocol it was run in. */
export function recordedCandidate(name: string, events: readonly RunEvent[]): Candidate {
  const { responses, deadline_reached_at_ms } = recordedReplies(events);
  const started = events[0];
  const protocol = started?.kind === "run_started" ? started.protocol : undefined;
  const sampling = started?.kind === "run_started" ? started.sampling : undefined;
  return replayCandidate(name, responses, {
    ...(deadline_reached_at_ms === undefined ? {} : { deadlineReachedAtMs: deadline_reached_at_ms }),
    ...(protocol === undefined ? {} : { protocol }),
    ...(sampling === undefined ? {} : { sampling }),
  });
}
