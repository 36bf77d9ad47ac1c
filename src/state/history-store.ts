import { describeIssues } from "../schemas/describe-issues.ts";
import { HistoryEntry } from "../schemas/history.ts";

/** What a load found: the readable entries, and the records that no longer validate. */
export interface HistoryLoad {
  entries: HistoryEntry[];
  corrupt: { id: string; reason: string }[];
}

/** Where the analyst's history is kept. Every failure is a rejected promise with a readable message. */
export interface HistoryStore {
  list(): Promise<HistoryLoad>;
  /** Adds the entry, or replaces the one with the same id. */
  put(entry: HistoryEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export type HistoryAction = "load" | "save" | "delete";

const isQuotaError = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "name" in error && error.name === "QuotaExceededError";

const VERB: Record<HistoryAction, string> = { load: "read", save: "save to", delete: "delete from" };

/** A storage failure as an Error whose message says what failed and, for a full disk, what to do. */
export function historyFailure(action: HistoryAction, error: unknown): Error {
  const reason = isQuotaError(error)
    ? "the browser's storage quota is exceeded (delete or export older entries)"
    : (error instanceof Error ? error.message : String(error)) || "the browser's storage failed";
  return new Error(`could not ${VERB[action]} the history: ${reason}`, { cause: error });
}

/** Validates stored records one by one, so one bad record never hides the others. */
export function readHistoryRecords(records: readonly { key: string; value: unknown }[]): HistoryLoad {
  const load: HistoryLoad = { entries: [], corrupt: [] };
  for (const { key, value } of records) {
    const parsed = HistoryEntry.safeParse(value);
    if (parsed.success) load.entries.push(parsed.data);
    else load.corrupt.push({ id: key, reason: describeIssues(parsed.error) });
  }
  return load;
}
