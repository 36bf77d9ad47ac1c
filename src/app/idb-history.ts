import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { historyFailure, historyRecordOf, readHistoryRecords, type HistoryAction, type HistoryStore } from "../state/history/history-store.ts";

const DATABASE = "finbound";
/** "history": the analyst's saved runs and suites; "links": runs a copied link names that the history does not hold. */
export type HistoryStoreName = "history" | "links";
const STORES: readonly HistoryStoreName[] = ["history", "links"];
const VERSION = 2;

interface FinboundDb extends DBSchema {
  // Saved as { id, text } (historyRecordOf); typed unknown because what comes back from disk may be
  // from an older build or edited by hand: list reads each record through the one file reader.
  history: { key: string; value: unknown };
  links: { key: string; value: unknown };
}

/** The browser's history: IndexedDB database "finbound", object store `store` (default "history") keyed by entry id. */
export function createIndexedDbHistory(STORE: HistoryStoreName = "history"): HistoryStore {
  let connection: Promise<IDBPDatabase<FinboundDb>> | null = null;
  const open = (): Promise<IDBPDatabase<FinboundDb>> => {
    if (typeof indexedDB === "undefined") return Promise.reject(new Error("this browser offers no IndexedDB (a private window may disable it)"));
    connection ??= openDB<FinboundDb>(DATABASE, VERSION, {
      upgrade(db) {
        for (const name of STORES) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: "id" });
      },
      // Another tab wants a newer version: let it, and reopen on the next call.
      blocking() {
        void connection?.then((db) => db.close());
        connection = null;
      },
      terminated() {
        connection = null;
      },
    }).catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  const attempt = async <T>(action: HistoryAction, op: (db: IDBPDatabase<FinboundDb>) => Promise<T>): Promise<T> => {
    try {
      return await op(await open());
    } catch (error) {
      throw historyFailure(action, error);
    }
  };
  return {
    list: () =>
      attempt("load", async (db) => {
        const tx = db.transaction(STORE);
        const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
        return readHistoryRecords(keys.map((key, i) => ({ key: String(key), value: values[i] })));
      }),
    put: (entry) =>
      attempt("save", async (db) => {
        await db.put(STORE, historyRecordOf(entry));
      }),
    remove: (id) =>
      attempt("delete", async (db) => {
        await db.delete(STORE, id);
      }),
    has: (id) => attempt("load", async (db) => (await db.getKey(STORE, id)) !== undefined),
  };
}
