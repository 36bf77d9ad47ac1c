import { z } from "zod";
import { BudgetConfig } from "./budget.ts";
import { Protocol } from "./decision.ts";
import { ModelFailureCode, RequestTimings, TokenUsage } from "./event.ts";

export const COLLECTED_TRACE_FORMAT = "finbound.collected-trace/v1";

/** A request that failed, recorded as such so a replay never infers it from a latency (contract §10). */
export const CollectedFailure = z.strictObject({
  code: ModelFailureCode,
  /** The HTTP status of a `model_http_error`. */
  status: z.number().int().optional(),
});
export type CollectedFailure = z.infer<typeof CollectedFailure>;

/**
 * How a request ended, as the runtime saw it. A replay re-enacts it: a recorded timeout ends the
 * replayed request as a timeout, a recorded answer as an answer, whatever the latency says.
 */
export const RequestEnding = z.enum([
  /** A reply arrived (its text may still be an invalid decision). */
  "answered",
  /** The request's own timeout passed: `model_timeout` (an MCP agent's: `agent_timeout`). */
  "request_timeout",
  /** The run's deadline passed while the request waited: `budget_exhausted / deadline`. */
  "run_deadline",
  /** The request's time, or the run's, was spent waiting for a server slot: `model_queue_timeout`. */
  "queue_timeout",
  /** The connection failed or dropped: `model_network_error`. */
  "network",
  /** The server answered with an HTTP error: `model_http_error`, `model_rate_limited`. */
  "http",
  /** The server's answer held no usable reply: `model_empty_reply`, `model_stream_truncated`. */
  "unusable_reply",
  /** The run was stopped while the request waited, or the trace held no reply for it. */
  "cancelled",
  /** An MCP agent closed its session instead of making its next call: `agent_disconnected`. */
  "session_closed",
]);
export type RequestEnding = z.infer<typeof RequestEnding>;

/** The ending a failure code stands for, when the request was not cut short by time. */
export const endingOfFailure = (code: ModelFailureCode): RequestEnding => FAILURE_ENDINGS[code];
const FAILURE_ENDINGS: Record<ModelFailureCode, RequestEnding> = {
  model_timeout: "request_timeout",
  model_queue_timeout: "queue_timeout",
  model_http_error: "http",
  model_rate_limited: "http",
  model_network_error: "network",
  model_empty_reply: "unusable_reply",
  model_stream_truncated: "unusable_reply",
  model_cancelled: "cancelled",
  trace_exhausted: "cancelled",
  agent_timeout: "request_timeout",
  agent_disconnected: "session_closed",
};

/** Endings that a timer decided: the request was cut short, not answered. */
export const TIMED_OUT_ENDINGS: ReadonlySet<RequestEnding> = new Set(["request_timeout", "run_deadline", "queue_timeout"]);

export const CollectedResponse = z
  .object({
    text: z.string(),
    latency_ms: z.number().nonnegative(),
    finish_reason: z.string().nullable().optional(),
    /**
     * The request failed (the text is then empty and ignored). Files written before contract §10 named the
     * failure as a bare code; both forms are read, the object is written.
     */
    failure: z.union([CollectedFailure, ModelFailureCode.transform((code): CollectedFailure => ({ code }))]).optional(),
    /** What the server reported with the reply: its token usage, and the model that answered. */
    usage: TokenUsage.optional(),
    model: z.string().optional(),
    /** When the runtime sent the request, on the run's clock: a replay's clock is there too before it sends it. */
    at_ms: z.number().nonnegative().optional(),
    ending: RequestEnding.optional(),
    ...RequestTimings.shape,
  })
  .superRefine((r, ctx) => {
    if (r.ending === undefined) return;
    const answered = r.ending === "answered";
    if (answered === (r.failure !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["ending"], message: answered ? "a response that ended answered has no failure" : `a response that ended ${r.ending} records its failure` });
    }
  });
export type CollectedResponse = z.infer<typeof CollectedResponse>;
export type CollectedResponseInput = z.input<typeof CollectedResponse>;

/**
 * What changes how a collected trace's replies are read (contract §10). All optional: a v1 file without
 * them is still read, and the replay says which it had to assume.
 */
export const CollectedSettings = z.looseObject({
  repair: z.boolean().optional(),
  lenient_fence: z.boolean().optional(),
  response_format: z.enum(["json_schema", "prompt_only"]).optional(),
  /** The model the run asked for, and the one the server said answered (llama-server answers under its alias). */
  model: z.string().optional(),
  reported_model: z.string().nullable().optional(),
  /** The run's budget: a replay runs under it, whatever the command line says. */
  budget: BudgetConfig.optional(),
  protocol: Protocol.optional(),
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().nonnegative().optional(),
  /** The seed this trial sent (the base seed + trial − 1). */
  seed: z.number().int().nonnegative().optional(),
});
export type CollectedSettings = z.infer<typeof CollectedSettings>;

/** A candidate's raw replies, collected elsewhere, handed in for scoring (contract §10). */
export const CollectedTrace = z.object({
  format: z.literal(COLLECTED_TRACE_FORMAT),
  fixture: z.string(),
  candidate: z.object({
    name: z.string().min(1),
    settings: CollectedSettings.optional(),
  }),
  responses: z.array(CollectedResponse),
  /** 1-based, when the same fixture was run k times. */
  trial: z.number().int().positive().optional(),
  /**
   * When a step began with the run's deadline already passed, so no request was sent: the instant it
   * began. A replay's clock is there too, so it ends the run as the live run did.
   */
  deadline_reached_at_ms: z.number().nonnegative().optional(),
});
export type CollectedTrace = z.infer<typeof CollectedTrace>;
