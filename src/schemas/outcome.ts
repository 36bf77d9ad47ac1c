import { z } from "zod";

/** The outcomes a candidate may choose in a final decision. */
export const CandidateOutcome = z.enum(["answered", "needs_clarification", "refused", "escalated", "unavailable"]);
export type CandidateOutcome = z.infer<typeof CandidateOutcome>;

/** Every run ends in exactly one of these seven. */
export const Outcome = z.enum([...CandidateOutcome.options, "budget_exhausted", "invalid_output"]);
export type Outcome = z.infer<typeof Outcome>;

export const BudgetReason = z.enum(["steps", "deadline"]);
export type BudgetReason = z.infer<typeof BudgetReason>;
