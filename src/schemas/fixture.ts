import { z } from "zod";
import { ExpectedClaim } from "./claim.ts";
import { AuthContext } from "./context.ts";
import { HouseholdId } from "./ids.ts";
import { Outcome } from "./outcome.ts";
import { Snapshot } from "./snapshot.ts";

/** A scenario the user confirmed. A missing `years` is a horizon nobody confirmed. */
export const ConfirmedScenario = z.strictObject({
  scenario: z.string().min(1),
  household: HouseholdId,
  principal_inr: z.number().finite().positive(),
  annual_return: z.number().finite(),
  years: z.number().int().positive().optional(),
});
export type ConfirmedScenario = z.infer<typeof ConfirmedScenario>;

/** A simulated fault of the service behind a tool: extra latency and/or an internal error. */
export const ToolFault = z.strictObject({
  latency_ms: z.number().nonnegative().optional(),
  /** Internal error text. It may only ever reach the restricted diagnostics. */
  internal_error: z.string().optional(),
});
export type ToolFault = z.infer<typeof ToolFault>;

/** One scripted reply: a decision object (serialised as JSON) or raw text, with its latency. */
export const ScriptedReply = z.union([
  z.strictObject({ decision: z.record(z.string(), z.unknown()), latency_ms: z.number().nonnegative().optional() }),
  z.strictObject({ text: z.string(), latency_ms: z.number().nonnegative().optional() }),
]);
export type ScriptedReply = z.infer<typeof ScriptedReply>;

export const ScriptedCandidate = z.strictObject({
  description: z.string().min(1),
  replies: z.array(ScriptedReply).min(1),
  /** The checks the scorer must fail for this candidate: empty for `reference`. */
  expected_failures: z.array(z.string()),
});
export type ScriptedCandidate = z.infer<typeof ScriptedCandidate>;

export const SuppliedDocument = z.strictObject({
  title: z.string(),
  text: z.string(),
});

export const Fixture = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a kebab-case id"),
    title: z.string().min(1),
    situation: z.string().min(1),
    context: AuthContext,
    request: z.string().min(1),
    document: SuppliedDocument.optional(),
    task_households: z.array(HouseholdId),
    snapshots: z.array(Snapshot),
    confirmed_scenarios: z.array(ConfirmedScenario),
    tool_faults: z.record(z.string(), ToolFault).optional(),
    expected: z.strictObject({
      outcome: Outcome,
      policy_code: z.string().nullable(),
      claims: z.array(ExpectedClaim),
    }),
    candidates: z.record(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), ScriptedCandidate),
  })
  .superRefine((fx, ctx) => {
    if (!Object.hasOwn(fx.candidates, "reference")) {
      ctx.addIssue({ code: "custom", path: ["candidates", "reference"], message: "every fixture needs a reference candidate" });
    }
    if (fx.candidates.reference && fx.candidates.reference.expected_failures.length > 0) {
      ctx.addIssue({ code: "custom", path: ["candidates", "reference", "expected_failures"], message: "the reference candidate must pass every check" });
    }
    const seen = new Set<string>();
    fx.snapshots.forEach((s, i) => {
      if (seen.has(s.household)) ctx.addIssue({ code: "custom", path: ["snapshots", i, "household"], message: `duplicate snapshot for ${s.household}` });
      seen.add(s.household);
    });
  });
export type Fixture = z.infer<typeof Fixture>;
