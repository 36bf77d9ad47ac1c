import { z } from "zod";
import { ModelFailureCode } from "./event.ts";

export const COLLECTED_TRACE_FORMAT = "finbound.collected-trace/v1";

export const CollectedResponse = z.object({
  text: z.string(),
  latency_ms: z.number().nonnegative(),
  finish_reason: z.string().nullable().optional(),
  /** Extension: the request failed with this public code (the text is then empty and ignored). */
  failure: ModelFailureCode.optional(),
});
export type CollectedResponse = z.infer<typeof CollectedResponse>;

/** A candidate's raw replies, collected elsewhere, handed in for scoring (spec §10). */
export const CollectedTrace = z.object({
  format: z.literal(COLLECTED_TRACE_FORMAT),
  fixture: z.string(),
  candidate: z.object({
    name: z.string().min(1),
    settings: z.record(z.string(), z.unknown()).optional(),
  }),
  responses: z.array(CollectedResponse),
});
export type CollectedTrace = z.infer<typeof CollectedTrace>;
