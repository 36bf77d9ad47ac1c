import { z } from "zod";
import { AuthContext } from "./context.ts";
import { BudgetConfig } from "./budget.ts";
import { Claim } from "./claim.ts";
import { Protocol } from "./decision.ts";
import { BudgetReason, CandidateOutcome, Outcome } from "./outcome.ts";
import { DenialCode, ToolErrorCode } from "./tool-call.ts";

// Every event carries its position in the log, the decision step it belongs to (0 before the
// first request) and its time in ms on the run's own clock (0 = run start, never decreasing).
const base = {
  seq: z.number().int().nonnegative(),
  step: z.number().int().nonnegative(),
  at_ms: z.number().nonnegative(),
};

export const TokenUsage = z.object({
  prompt_tokens: z.number().int().nonnegative().optional(),
  completion_tokens: z.number().int().nonnegative().optional(),
  total_tokens: z.number().int().nonnegative().optional(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/**
 * How a sampling model was asked to sample: the request's temperature and the seed this run sent
 * (a trial's: the base seed + trial − 1). Part of a candidate's identity on a leaderboard, so runs at
 * different settings are never pooled silently.
 */
export const Sampling = z.strictObject({
  temperature: z.number().nonnegative(),
  seed: z.number().int().nonnegative().optional(),
});
export type Sampling = z.infer<typeof Sampling>;

export const RunStartedEvent = z.strictObject({
  ...base,
  kind: z.literal("run_started"),
  fixture: z.string(),
  candidate: z.string(),
  budget: BudgetConfig,
  context: AuthContext,
  task_households: z.array(z.string()),
  /** Present and true when the opt-in lenient parser was on for this run. */
  lenient_fence: z.boolean().optional(),
  /** How the candidate spoke, when not in JSON decisions: native tool calls or MCP. */
  protocol: Protocol.exclude(["json"]).optional(),
  /** Present when the candidate was a model asked to sample with these settings (an HTTP model). */
  sampling: Sampling.optional(),
});

export const ModelRequestEvent = z.strictObject({
  ...base,
  kind: z.literal("model_request"),
  timeout_ms: z.number().nonnegative(),
  repair: z.boolean(),
});

/**
 * Where a request's wall time went, beside its latency: `queue_ms` waiting for a server slot (finbound's
 * count of its own requests ahead of it, when the server's slot count is known), `prompt_ms` and
 * `generation_ms` as the server reported them (llama.cpp's `timings`). Each only when known.
 */
export const RequestTimings = z.strictObject({
  queue_ms: z.number().nonnegative().optional(),
  prompt_ms: z.number().nonnegative().optional(),
  generation_ms: z.number().nonnegative().optional(),
});
export type RequestTimings = z.infer<typeof RequestTimings>;

export const ModelReplyEvent = z.strictObject({
  ...base,
  kind: z.literal("model_reply"),
  text: z.string(),
  latency_ms: z.number().nonnegative(),
  finish_reason: z.string().nullable(),
  usage: TokenUsage.nullable(),
  /** The model the server said answered, when it said (llama-server answers under its alias). */
  model: z.string().optional(),
  ...RequestTimings.shape,
});

export const ModelFailureCode = z.enum([
  "model_timeout",
  /** The request's time (or the run's) was spent waiting for a server slot: the serving side's, never the model's. */
  "model_queue_timeout",
  "model_http_error",
  "model_rate_limited",
  "model_network_error",
  "model_empty_reply",
  "model_stream_truncated",
  "model_cancelled",
  "trace_exhausted",
  /** An MCP agent let the request timeout pass between two of its calls: the agent's time, not the serving side's. */
  "agent_timeout",
  /** An MCP agent closed its session before submit_final. */
  "agent_disconnected",
]);
export type ModelFailureCode = z.infer<typeof ModelFailureCode>;

export const ModelFailureEvent = z.strictObject({
  ...base,
  kind: z.literal("model_failure"),
  code: ModelFailureCode,
  latency_ms: z.number().nonnegative(),
  /** The HTTP status of a request the server answered with an error (`model_http_error 500`). */
  status: z.number().int().optional(),
  queue_ms: RequestTimings.shape.queue_ms,
});

export const DecisionEvent = z.strictObject({
  ...base,
  kind: z.literal("decision"),
  decision: z.enum(["tool", "final"]),
  /** The decision as parsed from the reply, every field the candidate sent included. */
  body: z.record(z.string(), z.unknown()),
  /** Set when the opt-in lenient parser had to unwrap the reply (e.g. from a Markdown fence). */
  lenient: z.literal("markdown_fence").optional(),
  /** Fields beyond the decision's own (`verified`, `observation`, …): ignored, and named as forgery attempts. */
  discarded_fields: z.array(z.string()).optional(),
});

export const InvalidOutputCode = z.enum([
  "empty_reply",
  "not_json",
  "not_an_object",
  "not_a_decision",
  "runtime_outcome",
  "truncated",
  "too_large",
  "too_deep",
  "duplicate_keys",
  "non_finite_number",
  "invalid_unicode",
]);
export type InvalidOutputCode = z.infer<typeof InvalidOutputCode>;

export const InvalidOutputEvent = z.strictObject({
  ...base,
  kind: z.literal("invalid_output"),
  code: InvalidOutputCode,
  detail: z.string(),
});

export const AttemptEvent = z.strictObject({
  ...base,
  kind: z.literal("attempt"),
  call_id: z.string(),
  tool: z.string(),
  arguments: z.unknown(),
});

export const DenialEvent = z.strictObject({
  ...base,
  kind: z.literal("denial"),
  call_id: z.string(),
  code: DenialCode,
  detail: z.string(),
});

export const ObservationEvent = z.strictObject({
  ...base,
  kind: z.literal("observation"),
  call_id: z.string(),
  evidence_id: z.string(),
  tool: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const ToolErrorEvent = z.strictObject({
  ...base,
  kind: z.literal("tool_error"),
  call_id: z.string(),
  code: ToolErrorCode,
  detail: z.string(),
});

export const NotRunEvent = z.strictObject({
  ...base,
  kind: z.literal("not_run"),
  call_id: z.string(),
  detail: z.string(),
});

export const BudgetExhaustedEvent = z.strictObject({
  ...base,
  kind: z.literal("budget_exhausted"),
  reason: BudgetReason,
  /** When the deadline cut a request short: how long that request had waited (a replay re-enacts it). */
  latency_ms: z.number().nonnegative().optional(),
});

export const FinalEvent = z.strictObject({
  ...base,
  kind: z.literal("final"),
  outcome: CandidateOutcome,
  claims: z.array(Claim),
  evidence_ids: z.array(z.string()),
  policy_code: z.string().nullable(),
  message: z.string(),
  /** Fields the candidate sent beyond the public ones: discarded, and named as forgery attempts. */
  discarded_fields: z.array(z.string()),
});

export const RunFinishedEvent = z.strictObject({
  ...base,
  kind: z.literal("run_finished"),
  outcome: Outcome,
  reason: BudgetReason.nullable(),
  decisions_used: z.number().int().nonnegative(),
});

export const RunEvent = z.discriminatedUnion("kind", [
  RunStartedEvent,
  ModelRequestEvent,
  ModelReplyEvent,
  ModelFailureEvent,
  DecisionEvent,
  InvalidOutputEvent,
  AttemptEvent,
  DenialEvent,
  ObservationEvent,
  ToolErrorEvent,
  NotRunEvent,
  BudgetExhaustedEvent,
  FinalEvent,
  RunFinishedEvent,
]);
export type RunEvent = z.infer<typeof RunEvent>;
export type EventKind = RunEvent["kind"];
export type EventOf<K extends EventKind> = Extract<RunEvent, { kind: K }>;
/** An event as the runtime proposes it, before the log stamps its position and time. */
export type NewEvent = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, "seq" | "at_ms" | "step"> : never) : never;
