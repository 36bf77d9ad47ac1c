import { z } from "zod";
import { Claim } from "./claim.ts";
import { BudgetReason, Outcome } from "./outcome.ts";
import { ToolCallRecord } from "./tool-call.ts";

/** The run's result, assembled only from the runtime's own records. */
export const RunResult = z.strictObject({
  outcome: Outcome,
  set_by: z.enum(["candidate", "runtime"]),
  reason: BudgetReason.nullable(),
  claims: z.array(Claim),
  evidence_ids: z.array(z.string()),
  policy_code: z.string().nullable(),
  message: z.string(),
  tool_calls: z.array(ToolCallRecord),
  /** Always 0: the catalogue has no tool that writes and the snapshot store is frozen. Reported so a reader need not assume it. */
  portfolio_writes: z.number().int().nonnegative(),
  forgery_attempts: z.array(z.string()),
});
export type RunResult = z.infer<typeof RunResult>;

/** Internal error detail: kept apart from the result, never shown to the candidate. */
export const DiagnosticEntry = z.strictObject({
  step: z.number().int().nonnegative(),
  call_id: z.string().nullable(),
  source: z.enum(["tool", "model", "runtime"]),
  detail: z.string(),
});
export type DiagnosticEntry = z.infer<typeof DiagnosticEntry>;
export const Diagnostics = z.array(DiagnosticEntry);
export type Diagnostics = z.infer<typeof Diagnostics>;
