import { readJsonText, validateJson, type JsonFileRead } from "../../files/read-json-file.ts";
import { HistoryEntry } from "../../schemas/history.ts";

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
  /** Whether an entry with this id is stored (without reading it). */
  has(id: string): Promise<boolean>;
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

/** What is stored for an entry: its id (the key) and the entry as JSON text, read back like any file. */
export interface HistoryRecord {
  id: string;
  text: string;
}

export const historyRecordOf = (entry: HistoryEntry): HistoryRecord => ({ id: entry.id, text: JSON.stringify(entry) });

/** A stored record through the one file reader. Records saved as objects by older builds are read as their JSON. */
function readRecord(value: unknown): JsonFileRead {
  const record = (value ?? {}) as Partial<HistoryRecord>;
  if (typeof record.text === "string") return readJsonText(record.text);
  let legacy: string | undefined;
  try {
    legacy = JSON.stringify(value);
  } catch {
    legacy = undefined;
  }
  return legacy === undefined ? { ok: false, code: "not_json", at: {}, message: "the record holds no JSON value" } : readJsonText(legacy);
}

/** Reads and validates stored records one by one, so one bad record never hides the others. */
export function readHistoryRecords(records: readonly { key: string; value: unknown }[]): HistoryLoad {
  const load: HistoryLoad = { entries: [], corrupt: [] };
  for (const { key, value } of records) {
    const read = readRecord(value);
    const parsed = read.ok ? validateJson(read.value, HistoryEntry) : read;
    if (parsed.ok) load.entries.push(parsed.value);
    else load.corrupt.push({ id: key, reason: parsed.message });
  }
  return load;
}
