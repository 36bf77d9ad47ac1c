import { z } from "zod";
import { BudgetConfig } from "./budget.ts";
import { RunEvent } from "./event.ts";
import { Diagnostics, RunResult } from "./result.ts";
import { Verdict } from "./verdict.ts";
import { CONTENT_HASH, Integrity, SuiteIntegrity } from "./integrity.ts";

export const SCORED_RUN_FORMAT = "finbound.scored-run/v1";
export const SCORED_SUITE_FORMAT = "finbound.scored-suite/v1";
/** A suite written one sealed run per line as runs finish: a header line, run lines, a closing line. */
export const SCORED_SUITE_JSONL_FORMAT = "finbound.scored-suite/v1+jsonl";

/** Where a run's decisions came from; `mcp`: an agent built elsewhere, calling the tools over MCP (`npm run mcp`). */
export const CandidateKind = z.enum(["scripted", "collected-trace", "http", "imported", "mcp"]);
export type CandidateKind = z.infer<typeof CandidateKind>;

/** One scored run as a file. The verdicts inside are informative only: import re-scores. */
export const ScoredRunExport = z.strictObject({
  format: z.literal(SCORED_RUN_FORMAT),
  exported_at: z.string(),
  runtime_version: z.string(),
  fixture: z.strictObject({
    id: z.string(),
    /** SHA-256 of the fixture's canonical JSON: import says when the fixture has changed since. */
    content_hash: z.string().regex(CONTENT_HASH),
  }),
  candidate: z.strictObject({ name: z.string(), kind: CandidateKind }),
  budget: BudgetConfig,
  events: z.array(RunEvent),
  result: RunResult,
  verdicts: z.array(Verdict),
  passed: z.boolean(),
  unused_replies: z.number().int().nonnegative(),
  /** 1-based, when the fixture was run k times. Bound by the digest like every other field. */
  trial: z.number().int().positive().optional(),
  /**
   * The run ended on a failure of the serving side (`isInfrastructureFailure`), which pass^k and every
   * matrix rate leave out: written so a reader need not copy the rule. Derived, never trusted: finbound recomputes it.
   */
  infrastructure: z.boolean().optional(),
  /** The sampling seed this run's requests sent, when one was sent (an HTTP candidate's base seed + trial − 1). */
  seed: z.number().int().nonnegative().optional(),
  /** When the run started, by the wall clock of the machine that ran it (ISO 8601), when that was recorded. */
  started_at: z.string().optional(),
  /** Restricted: present only when the analyst chose to include it. */
  diagnostics: Diagnostics.optional(),
  /** Hash chain and digest (src/integrity): import and `npm run verify` check them. */
  integrity: Integrity.optional(),
});
export type ScoredRunExport = z.infer<typeof ScoredRunExport>;

/** What an evaluation set out to run: merge checks that shards add up to exactly this. */
export const EvaluationPlan = z.strictObject({
  fixtures: z.array(z.string()),
  candidates: z.array(z.string()),
  trials: z.number().int().positive(),
  shard: z.strictObject({ index: z.number().int().positive(), count: z.number().int().positive() }),
});
export type EvaluationPlan = z.infer<typeof EvaluationPlan>;

/** A plan's job left unrun. */
export const PlannedJob = z.strictObject({ fixture: z.string(), candidate: z.string(), trial: z.number().int().positive() });

/**
 * Why an evaluation stopped before its plan was done, and what it left unrun (a dead server stops it
 * after a few infrastructure failures in a row). Bound by the suite digest like the plan.
 */
export const EvaluationStop = z.strictObject({
  reason: z.string(),
  not_run: z.array(PlannedJob),
});
export type EvaluationStop = z.infer<typeof EvaluationStop>;

export const ScoredSuiteExport = z.strictObject({
  format: z.literal(SCORED_SUITE_FORMAT),
  exported_at: z.string(),
  runtime_version: z.string(),
  /** Present when the suite came from `eval --trials/--shard` or `merge`: bound by the suite digest. */
  plan: EvaluationPlan.optional(),
  /** Present when the evaluation stopped before its plan was done. */
  stopped: EvaluationStop.optional(),
  runs: z.array(ScoredRunExport),
  integrity: SuiteIntegrity.optional(),
});
export type ScoredSuiteExport = z.infer<typeof ScoredSuiteExport>;

/** The first line of a JSONL suite. */
export const JsonlSuiteHeader = z.strictObject({
  format: z.literal(SCORED_SUITE_JSONL_FORMAT),
  exported_at: z.string(),
  runtime_version: z.string(),
  plan: EvaluationPlan.optional(),
});
export type JsonlSuiteHeader = z.infer<typeof JsonlSuiteHeader>;

/**
 * The last line of a JSONL suite, written once every run is: the suite digest over the header and
 * the run digests in the order the lines were written. A file without it was cut short (a killed
 * run): every line before is still a sealed run, and verification says the suite is incomplete.
 */
export const JsonlSuiteEnd = z.strictObject({
  end: z.literal(SCORED_SUITE_JSONL_FORMAT),
  runs: z.number().int().nonnegative(),
  /** Present when the evaluation stopped before its plan was done: bound by the digest. */
  stopped: EvaluationStop.optional(),
  integrity: SuiteIntegrity,
});
export type JsonlSuiteEnd = z.infer<typeof JsonlSuiteEnd>;
