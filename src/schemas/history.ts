import { z } from "zod";
import { ScoredRunExport, ScoredSuiteExport } from "./export.ts";

const saved = {
  /** Content-addressed: the same run (or suite) saved twice is one entry. */
  id: z.string().min(1),
  saved_at: z.iso.datetime(),
  label: z.string(),
  summary: z.strictObject({ runs: z.number().int().nonnegative(), passed: z.number().int().nonnegative() }),
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
