import { z } from "zod";
import { ScoredRunExport, ScoredSuiteExport } from "./export.ts";

const count = z.number().int().nonnegative();

const saved = {
  /** Content-addressed: the same run (or suite) saved twice is one entry. */
  id: z.string().min(1),
  saved_at: z.iso.datetime(),
  label: z.string(),
  summary: z.strictObject({
    runs: z.number().int().nonnegative(),
    passed: z.number().int().nonnegative(),
    // The suite view's headline figures as the entry was saved (as designed / regressions / infrastructure);
    // absent in entries saved before they were kept, which are then summarised by `passed` alone.
    ok: count.optional(),
    regressions: count.optional(),
    failed: count.optional(),
    declared: count.optional(),
    infrastructure: count.optional(),
  }),
};

/**
 * One record of the analyst's local history: the same sealed file the Export buttons write
 * (diagnostics included, since it never leaves the browser). Opening it re-verifies and re-scores.
 */
export const HistoryEntry = z.discriminatedUnion("kind", [
  z.strictObject({ ...saved, kind: z.literal("run"), file: ScoredRunExport }),
  z.strictObject({ ...saved, kind: z.literal("suite"), file: ScoredSuiteExport }),
]);
export type HistoryEntry = z.infer<typeof HistoryEntry>;
