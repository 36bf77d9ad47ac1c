import type { HistoryEntry } from "../schemas/history.ts";
import { historyFailure, readHistoryRecords, type HistoryStore } from "./history-store.ts";

export interface MemoryHistoryOptions {
  /** Simulates the browser's storage quota: a save that would exceed it fails like IndexedDB's. */
  quotaBytes?: number;
}

/** History kept in memory (tests, and anywhere nothing should outlive the page). */
export function createMemoryHistory(options: MemoryHistoryOptions = {}): HistoryStore {
  // Records are stored as given, like IndexedDB: validation happens when they are listed.
  const records = new Map<string, unknown>();
  const size = (): number => [...records.values()].reduce<number>((n, r) => n + JSON.stringify(r).length, 0);
  return {
    async list() {
      return readHistoryRecords([...records].map(([key, value]) => ({ key, value: structuredClone(value) })));
    },
    async put(entry: HistoryEntry) {
      const quota = options.quotaBytes ?? Infinity;
      if (size() + JSON.stringify(entry).length > quota) {
        throw historyFailure("save", new DOMException("The quota has been exceeded.", "QuotaExceededError"));
      }
      records.set(entry.id, structuredClone(entry));
    },
    async remove(id) {
      records.delete(id);
    },
  };
}
