import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { Candidate } from "../runtime/candidate.ts";

/**
 * A candidate that hands back recorded replies in order, each taking its recorded latency on
 * the run's clock. Used for scripted candidates and for collected traces alike.
 */
export function replayCandidate(name: string, responses: readonly CollectedResponse[]): Candidate {
  let next = 0;
  return {
    name,
    async next() {
      const response = responses[next];
      if (!response) {
        return { value: { ok: false, code: "trace_exhausted", detail: `the trace holds ${responses.length} replies and the run asked for another` } };
      }
      next += 1;
      if (response.failure) {
        const { code, status } = response.failure;
        return { value: { ok: false, code, detail: "a failure recorded in the trace", ...(status === undefined ? {} : { status }) }, durationMs: response.latency_ms };
      }
      return {
        value: { ok: true, text: response.text, finishReason: response.finish_reason ?? null, usage: null },
        durationMs: response.latency_ms,
      };
    },
    remaining: () => Math.max(0, responses.length - next),
  };
}
