import { z } from "zod";
import { ModelFailureCode } from "./event.ts";

export const COLLECTED_TRACE_FORMAT = "finbound.collected-trace/v1";

/** A request that failed, recorded as such so a replay never infers it from a latency (SPEC §10). */
export const CollectedFailure = z.strictObject({
  code: ModelFailureCode,
  /** The HTTP status of a `model_http_error`. */
  status: z.number().int().optional(),
});
export type CollectedFailure = z.infer<typeof CollectedFailure>;

export const CollectedResponse = z.object({
  text: z.string(),
  latency_ms: z.number().nonnegative(),
  finish_reason: z.string().nullable().optional(),
  /**
   * The request failed (the text is then empty and ignored). Files written before SPEC §10 named the
   * failure as a bare code; both forms are read, the object is written.
   */
  failure: z.union([CollectedFailure, ModelFailureCode.transform((code): CollectedFailure => ({ code }))]).optional(),
});
export type CollectedResponse = z.infer<typeof CollectedResponse>;
export type CollectedResponseInput = z.input<typeof CollectedResponse>;

/**
 * What changes how a collected trace's replies are read (SPEC §10). All optional: a v1 file without
 * them is still read, and the replay says which it had to assume.
 */
export const CollectedSettings = z.looseObject({
  repair: z.boolean().optional(),
  lenient_fence: z.boolean().optional(),
  response_format: z.enum(["json_schema", "prompt_only"]).optional(),
  /** The model the run asked for, and the one the server said answered (llama-server answers under its alias). */
  model: z.string().optional(),
  reported_model: z.string().nullable().optional(),
});
export type CollectedSettings = z.infer<typeof CollectedSettings>;

/** A candidate's raw replies, collected elsewhere, handed in for scoring (spec §10). */
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
});
export type CollectedTrace = z.infer<typeof CollectedTrace>;
