import { z } from "zod";

/** Denials: the broad permission check refused the attempt; nothing ran, nothing was disclosed. */
export const DenialCode = z.enum(["tool_not_available", "arguments_not_object", "household_not_authorised"]);
export type DenialCode = z.infer<typeof DenialCode>;

/** Tool errors: the attempt was permitted but the tool did not produce an observation. */
export const ToolErrorCode = z.enum(["invalid_arguments", "argument_not_from_evidence", "unavailable", "not_found"]);
export type ToolErrorCode = z.infer<typeof ToolErrorCode>;

/**
 * What became of one attempted call. `not_run`: a tool decision that arrived when no decision
 * was left (the 4th); it is recorded as an attempt but never authorised or executed.
 */
export const CallStatus = z.enum(["denied", "tool_error", "observed", "not_run"]);
export type CallStatus = z.infer<typeof CallStatus>;

export const ToolCallRecord = z.strictObject({
  call_id: z.string(),
  step: z.number().int().positive(),
  tool: z.string(),
  arguments: z.unknown(),
  status: CallStatus,
  code: z.union([DenialCode, ToolErrorCode]).nullable(),
  evidence_id: z.string().nullable(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;
