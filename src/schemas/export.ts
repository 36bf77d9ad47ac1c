import { z } from "zod";
import { BudgetConfig } from "./budget.ts";
import { RunEvent } from "./event.ts";
import { Diagnostics, RunResult } from "./result.ts";
import { Verdict } from "./verdict.ts";
import { Integrity, SuiteIntegrity } from "./integrity.ts";

export const SCORED_RUN_FORMAT = "finbound.scored-run/v1";
export const SCORED_SUITE_FORMAT = "finbound.scored-suite/v1";

export const CandidateKind = z.enum(["scripted", "collected-trace", "http", "imported"]);
export type CandidateKind = z.infer<typeof CandidateKind>;

/** One scored run as a file. The verdicts inside are informative only: import re-scores. */
export const ScoredRunExport = z.strictObject({
  format: z.literal(SCORED_RUN_FORMAT),
  exported_at: z.string(),
  runtime_version: z.string(),
  fixture: z.strictObject({
    id: z.string(),
    /** SHA-256 of the fixture's canonical JSON: import says when the fixture has changed since. */
    content_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  }),
  candidate: z.strictObject({ name: z.string(), kind: CandidateKind }),
  budget: BudgetConfig,
  events: z.array(RunEvent),
  result: RunResult,
  verdicts: z.array(Verdict),
  passed: z.boolean(),
  unused_replies: z.number().int().nonnegative(),
  /** Restricted: present only when the analyst chose to include it. */
  diagnostics: Diagnostics.optional(),
  /** Hash chain and digest (src/integrity): import and `npm run verify` check them. */
  integrity: Integrity.optional(),
});
export type ScoredRunExport = z.infer<typeof ScoredRunExport>;

export const ScoredSuiteExport = z.strictObject({
  format: z.literal(SCORED_SUITE_FORMAT),
  exported_at: z.string(),
  runtime_version: z.string(),
  runs: z.array(ScoredRunExport),
  integrity: SuiteIntegrity.optional(),
});
export type ScoredSuiteExport = z.infer<typeof ScoredSuiteExport>;
