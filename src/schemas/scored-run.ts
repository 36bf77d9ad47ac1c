import { z } from "zod";
import { RunEvent } from "./event.ts";
import { Outcome } from "./outcome.ts";
import { Diagnostics, RunResult } from "./result.ts";
import { Verdict } from "./verdict.ts";

/** One run with its verdicts: what `eval`/`score --format json` print, one per array element. */
export const ScoredRun = z.object({
  fixture: z.string(),
  candidate: z.string(),
  outcome: Outcome,
  passed: z.boolean(),
  verdicts: z.array(Verdict),
  result: RunResult,
  events: z.array(RunEvent),
  /** Replies of a collected trace left over when the run ended. */
  unused_replies: z.number().int().nonnegative(),
  /** 1-based, when the fixture was run k times (`eval --trials K`). */
  trial: z.number().int().positive().optional(),
  diagnostics: Diagnostics.optional(),
});
export type ScoredRun = z.infer<typeof ScoredRun>;
