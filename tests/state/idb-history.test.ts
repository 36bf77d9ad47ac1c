import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbHistory } from "../../src/state/idb-history.ts";
import { fixture } from "../support.ts";
import { makeStore } from "./test-deps.ts";

// Each test gets an empty browser profile.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.restoreAllMocks());

/** A new page: a new store and a new connection to the same IndexedDB. */
async function reload() {
  const store = makeStore({ history: createIndexedDbHistory() });
  await store.getState().loadHistory();
  return store;
}

describe("history in IndexedDB", () => {
  it("runs saved in one page are listed, and open, in the next", async () => {
    const before = await reload();
    before.getState().selectFixture("injection-adviser-scope", "reads-in-scope-other");
    await before.getState().startRun();
    const saved = before.getState().history.entries;
    expect(saved).toHaveLength(1);

    const after = await reload();
    expect(after.getState().history).toEqual({ status: "ready", entries: saved, problems: [] });
    expect(await after.getState().openHistoryEntry(saved[0]!.id)).toBe(true);
    expect(after.getState().run).toMatchObject({ kind: "imported", candidate: "reads-in-scope-other", imported: { verified: true, differences: [] } });
  });

  it("an invalid record in the database is reported by id; the valid ones load", async () => {
    const first = await reload();
    await first.getState().runSuite("missing-horizon");
    const db = await openDB("finbound", 1);
    await db.put("history", { id: "from-an-older-build", kind: "suite", saved_at: "yesterday" });
    db.close();
    const { history } = (await reload()).getState();
    expect(history.entries.map((e) => e.label)).toEqual([`suite of ${Object.keys(fixture("missing-horizon").candidates).length}`]);
    expect(history.problems).toEqual([expect.stringContaining("History record from-an-older-build is unreadable")]);
  });

  it("a quota error from IndexedDB is a rejected promise that says so", async () => {
    const store = await reload();
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    const [entry] = store.getState().history.entries;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    await expect(createIndexedDbHistory().put({ ...entry!, id: "another" })).rejects.toThrow("could not save to the history: the browser's storage quota is exceeded");
  });
});
