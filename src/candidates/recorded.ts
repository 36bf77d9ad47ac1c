import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { RunEvent } from "../schemas/event.ts";

/**
 * The candidate's raw replies as a run recorded them, with their latencies: what a replay
 * needs to reproduce the run, and what a collected trace holds. Every failed request is kept as a
 * failure with its public code (and HTTP status), never as an empty reply: a timeout is
 * `model_timeout` with the time the request waited, so a replay under the same budget times out at
 * the same moment, and one under another budget still knows the request got no answer.
 */
export function responsesFromEvents(events: readonly RunEvent[]): CollectedResponse[] {
  const out: CollectedResponse[] = [];
  let unanswered: number | null = null;
  for (const e of events) {
    if (e.kind === "model_request") unanswered = e.timeout_ms;
    if (e.kind === "model_reply") {
      out.push({ text: e.text, latency_ms: e.latency_ms, ...(e.finish_reason ? { finish_reason: e.finish_reason } : {}) });
      unanswered = null;
    }
    if (e.kind === "model_failure") {
      out.push({ text: "", latency_ms: e.latency_ms, failure: { code: e.code, ...(e.status === undefined ? {} : { status: e.status }) } });
      unanswered = null;
    }
  }
  // A request the deadline cut short got no answer: it failed after its whole allowance.
  if (unanswered !== null) out.push({ text: "", latency_ms: unanswered, failure: { code: "model_timeout" } });
  return out;
}
