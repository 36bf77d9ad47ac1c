import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbHistory } from "../../src/app/idb-history.ts";
import { fixture } from "../support.ts";
import { makeStore } from "../state/test-deps.ts";

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
    expect(after.getState().history).toEqual({ status: "ready", entries: saved, problems: [], corrupt: [] });
    expect(await after.getState().openHistoryEntry(saved[0]!.id)).toBe(true);
    expect(after.getState().run).toMatchObject({ kind: "imported", candidate: "reads-in-scope-other", imported: { verified: true, differences: [] } });
  });

  it("an invalid record in the database is reported by id; the valid ones load", async () => {
    const first = await reload();
    await first.getState().runSuite("missing-horizon");
    const db = await openDB("finbound", 2);
    await db.put("history", { id: "from-an-older-build", kind: "suite", saved_at: "yesterday" });
    db.close();
    const { history } = (await reload()).getState();
    const n = Object.keys(fixture("missing-horizon").candidates).length;
    expect(history.entries.map((e) => e.label)).toEqual([`every scripted candidate × 1 fixture (${n} runs)`]);
    expect(history.problems).toEqual([expect.stringContaining("History record from-an-older-build is unreadable")]);
  });

  it("records are JSON text read back through the one file reader: an edited record with a duplicate key is reported in its words", async () => {
    const first = await reload();
    first.getState().selectFixture("fv-scenario-a", "reference");
    await first.getState().startRun();
    const [saved] = first.getState().history.entries;
    const db = await openDB("finbound", 2);
    const stored = (await db.get("history", saved!.id)) as { id: string; text: string };
    expect(stored).toEqual({ id: saved!.id, text: JSON.stringify(saved) });
    await db.put("history", { id: "edited", text: stored.text.replace('"kind":"run"', '"kind":"run","kind":"suite"') });
    await db.put("history", { id: "deep", text: `${"[".repeat(200)}${"]".repeat(200)}` });
    db.close();
    const { history } = (await reload()).getState();
    expect(history.entries).toEqual([saved]);
    expect(history.problems).toEqual([
      'History record deep is unreadable and was skipped: the file is nested deeper than 96 levels.',
      'History record edited is unreadable and was skipped: a key appears twice in one object ("kind" at $).',
    ]);
  });

  it("a record an older build saved as an object still loads, read as its JSON", async () => {
    const first = await reload();
    first.getState().selectFixture("fv-scenario-a", "reference");
    await first.getState().startRun();
    const [saved] = first.getState().history.entries;
    const db = await openDB("finbound", 2);
    await db.clear("history");
    await db.put("history", saved!);
    db.close();
    expect((await reload()).getState().history).toEqual({ status: "ready", entries: [saved], problems: [], corrupt: [] });
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
