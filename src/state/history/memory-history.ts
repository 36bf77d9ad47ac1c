import type { HistoryEntry } from "../../schemas/history.ts";
import { historyFailure, historyRecordOf, readHistoryRecords, type HistoryStore } from "./history-store.ts";

export interface MemoryHistoryOptions {
  /** Simulates the browser's storage quota: a save that would exceed it fails like IndexedDB's. */
  quotaBytes?: number;
}

/** History kept in memory (tests, and anywhere nothing should outlive the page). */
export function createMemoryHistory(options: MemoryHistoryOptions = {}): HistoryStore {
  // Records are stored as IndexedDB stores them ({ id, text }): they are read and validated when listed.
  const records = new Map<string, unknown>();
  const size = (): number => [...records.values()].reduce<number>((n, r) => n + JSON.stringify(r).length, 0);
  return {
    async list() {
      return readHistoryRecords([...records].map(([key, value]) => ({ key, value: structuredClone(value) })));
    },
    async put(entry: HistoryEntry) {
      const quota = options.quotaBytes ?? Infinity;
      const record = historyRecordOf(entry);
      if (size() + JSON.stringify(record).length > quota) {
        throw historyFailure("save", new DOMException("The quota has been exceeded.", "QuotaExceededError"));
      }
      records.set(entry.id, record);
    },
    async remove(id) {
      records.delete(id);
    },
    async has(id) {
      return records.has(id);
    },
  };
}
