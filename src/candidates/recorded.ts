import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { RunEvent } from "../schemas/event.ts";

/**
 * The candidate's raw replies as a run recorded them, with their latencies: what a replay
 * needs to reproduce the run, and what a collected trace holds. A request that timed out is
 * kept as a reply that takes as long as the request waited, so the replay times out again; other
 * failures are kept with their public code.
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
      // A timeout is reproduced by its latency; any other failure is replayed as recorded.
      out.push(e.code === "model_timeout" ? { text: "", latency_ms: e.latency_ms } : { text: "", latency_ms: e.latency_ms, failure: e.code });
      unanswered = null;
    }
  }
  // A request the deadline cut short has no reply: replay it as one that takes its whole allowance.
  if (unanswered !== null) out.push({ text: "", latency_ms: unanswered });
  return out;
}
