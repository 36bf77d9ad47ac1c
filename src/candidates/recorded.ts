import { endingOfFailure, type CollectedResponse, type CollectedTrace } from "../schemas/collected-trace.ts";
import type { RunEvent } from "../schemas/event.ts";

/** What a replay needs of a run: its replies, and when a step found the deadline passed before sending any. */
export type RecordedReplies = Pick<CollectedTrace, "responses" | "deadline_reached_at_ms">;

/**
 * The candidate's raw replies as a run recorded them: what a replay needs to reproduce the run, and
 * what a collected trace holds. Each request keeps how it ended as the runtime saw it (`ending`), when
 * it was sent (`at_ms`), its latency and what the server reported, so a replay re-enacts the run
 * instead of re-deriving it from latencies: a request the run's deadline cut short stays a deadline,
 * one cut by its own timeout stays `model_timeout`, one that waited for a server slot stays
 * `model_queue_timeout`. Every failed request is kept as a failure with its public code (and HTTP
 * status), never as an empty reply.
 */
export function recordedReplies(events: readonly RunEvent[]): RecordedReplies {
  const responses: CollectedResponse[] = [];
  let deadlineReachedAt: number | undefined;
  let sentAt: number | null = null;
  for (const e of events) {
    switch (e.kind) {
      case "model_request":
        sentAt = e.at_ms;
        break;
      case "model_reply": {
        const { text, latency_ms, finish_reason, usage, model, queue_ms, prompt_ms, generation_ms } = e;
        responses.push({
          text,
          latency_ms,
          ...(finish_reason ? { finish_reason } : {}),
          ...(usage ? { usage } : {}),
          ...(model === undefined ? {} : { model }),
          ...sent(sentAt),
          ending: "answered",
          ...defined({ queue_ms, prompt_ms, generation_ms }),
        });
        sentAt = null;
        break;
      }
      case "model_failure":
        responses.push({
          text: "",
          latency_ms: e.latency_ms,
          failure: { code: e.code, ...(e.status === undefined ? {} : { status: e.status }) },
          ...sent(sentAt),
          ending: endingOfFailure(e.code),
          ...defined({ queue_ms: e.queue_ms }),
        });
        sentAt = null;
        break;
      case "budget_exhausted":
        if (e.reason !== "deadline") break;
        if (sentAt === null) {
          deadlineReachedAt = e.at_ms;
          break;
        }
        // The deadline cut the request short. Readers that know no `ending` see a request timeout.
        responses.push({ text: "", latency_ms: e.latency_ms ?? e.at_ms - sentAt, failure: { code: "model_timeout" }, at_ms: sentAt, ending: "run_deadline" });
        sentAt = null;
        break;
      default:
        break;
    }
  }
  return { responses, ...(deadlineReachedAt === undefined ? {} : { deadline_reached_at_ms: deadlineReachedAt }) };
}

/** The replies alone, as a collected trace's `responses`. */
export const responsesFromEvents = (events: readonly RunEvent[]): CollectedResponse[] => recordedReplies(events).responses;

const sent = (at: number | null): { at_ms?: number } => (at === null ? {} : { at_ms: at });

function defined<T extends Record<string, number | undefined>>(fields: T): Partial<Record<keyof T, number>> {
  const out: Partial<Record<keyof T, number>> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) if (fields[key] !== undefined) out[key] = fields[key];
  return out;
}
