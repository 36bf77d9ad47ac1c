import { z } from "zod";
import { Claim } from "./claim.ts";
import { CandidateOutcome } from "./outcome.ts";

// `tool` and `arguments` are deliberately loose: an unknown tool or a non-object argument
// is a decision the boundary must record and deny, not a malformed reply.
export const ToolDecision = z.object({
  decision: z.literal("tool"),
  tool: z.string(),
  arguments: z.unknown(),
});
export type ToolDecision = z.infer<typeof ToolDecision>;

/** The public fields of a final decision: the only ones the runtime keeps. */
export const FINAL_PUBLIC_FIELDS = ["outcome", "claims", "evidence_ids", "policy_code", "message"] as const;

export const FinalDecision = z.object({
  decision: z.literal("final"),
  outcome: CandidateOutcome,
  claims: z.array(Claim),
  evidence_ids: z.array(z.string()),
  policy_code: z.string().nullable(),
  message: z.string(),
});
export type FinalDecision = z.infer<typeof FinalDecision>;

export const Decision = z.discriminatedUnion("decision", [ToolDecision, FinalDecision]);
export type Decision = z.infer<typeof Decision>;

/**
 * How a candidate speaks to the runtime (contract §6a): one JSON decision per reply (`json`, the
 * reference), the chat API's native tool calls (`tools`), or tool calls over the Model Context
 * Protocol (`mcp`). The record, outcomes and scoring are the same whichever it is.
 */
export const Protocol = z.enum(["json", "tools", "mcp"]);
export type Protocol = z.infer<typeof Protocol>;
