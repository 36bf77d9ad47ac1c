import { z } from "zod";

export const BudgetConfig = z.strictObject({
  max_decisions: z.number().int().positive(),
  deadline_ms: z.number().positive(),
  request_timeout_ms: z.number().positive(),
  tool_timeout_ms: z.number().positive(),
  /** One opt-in repair request after an invalid reply; it counts against the same budget. */
  repair: z.boolean(),
});
export type BudgetConfig = z.infer<typeof BudgetConfig>;

/** The reference configuration of the spec (§6). */
// Frozen: every run records its budget, and a frozen one is shared by the record rather than copied.
export const REFERENCE_BUDGET: BudgetConfig = Object.freeze({
  max_decisions: 4,
  deadline_ms: 30_000,
  request_timeout_ms: 15_000,
  tool_timeout_ms: 2_000,
  repair: false,
});
