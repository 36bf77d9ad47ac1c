import { describe, expect, it } from "vitest";
import { MAX_LINKED_EVENTS } from "../../src/state/links/run-link-entry.ts";
import { createMemoryHistory } from "../../src/state/history/memory-history.ts";
import type { HistoryStore } from "../../src/state/history/history-store.ts";
import type { StoreDeps } from "../../src/state/deps.ts";
import { makeStore } from "./test-deps.ts";

/** A page over the same browser storage, as after a reload or in a new tab. */
async function page(history: HistoryStore, runLinks: HistoryStore, overrides: Partial<StoreDeps> = {}) {
  const store = makeStore({ history, runLinks, ...overrides });
  await store.getState().loadHistory();
  return store;
}

describe("run links", () => {
  it("an imported run's link reopens the same run and event in a new page, without adding to the history", async () => {
    const history = createMemoryHistory();
    const links = createMemoryHistory();
    const first = await page(history, links);
    first.getState().selectFixture("fv-scenario-a", "reads-other-household");
    await first.getState().startRun();
    const exported = await first.getState().exportRun({ includeDiagnostics: false });
    await first.getState().importText(exported!.fileName, exported!.text);
    const meta = await first.getState().describeRun();
    expect(meta).toMatchObject({ source: "import", seal: "verified", fixture: { id: "fv-scenario-a", contentHash: expect.stringMatching(/^sha256:/) }, runtimeVersion: expect.any(String) });
    const saved = (await history.list()).entries.map((e) => e.id);

    const second = await page(history, links);
    expect(await second.getState().openRunLink(meta!.linkId!, 2)).toBe(true);
    expect(second.getState().run).toMatchObject({ fixtureId: "fv-scenario-a", candidate: "reads-other-household", events: first.getState().run!.events });
    expect(second.getState().cursor).toBe(2);
    expect((await second.getState().describeRun())?.linkId).toBe(meta!.linkId);
    expect((await history.list()).entries.map((e) => e.id)).toEqual(saved);
  });

  it("a run made here links to its history entry: describing it stores nothing more, and the link opens it in a new page", async () => {
    const history = createMemoryHistory();
    const links = createMemoryHistory();
    // A clock that moves, as a page's does: an export made later is another file with another id.
    let second = 0;
    const first = await page(history, links, { nowIso: () => new Date(Date.UTC(2026, 10, 30, 0, 0, second++)).toISOString() });
    first.getState().selectFixture("fv-scenario-a", "reference");
    await first.getState().startRun();
    const [entry] = (await history.list()).entries;
    const meta = await first.getState().describeRun();
    expect(meta).toMatchObject({ source: "scripted", linkId: entry!.id, exportedAt: entry!.file.exported_at });
    expect((await links.list()).entries).toEqual([]);
    const other = await page(history, links);
    expect(await other.getState().openRunLink(meta!.linkId!, 1)).toBe(true);
    expect(other.getState().run?.events).toEqual(first.getState().run!.events);
  });

  it("a run whose save failed still gets a link of its own", async () => {
    const links = createMemoryHistory();
    const failing: HistoryStore = { ...createMemoryHistory(), put: () => Promise.reject(new Error("disk full")) };
    const store = await page(failing, links);
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    const meta = await store.getState().describeRun();
    expect(meta?.linkId).toEqual(expect.any(String));
    expect((await links.list()).entries.map((e) => e.id)).toEqual([meta!.linkId]);
  });

  it("a run too long to keep for a link gets none, and nothing is stored for it", async () => {
    const links = createMemoryHistory();
    const store = await page(createMemoryHistory(), links);
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    const run = store.getState().run!;
    // As long as the cap allows, and one more: only the length decides (nothing is hashed for it).
    const events = [...run.events, ...Array.from({ length: MAX_LINKED_EVENTS + 1 - run.events.length }, () => run.events.at(-1)!)];
    store.getState().loadRun({ ...run, events, scored: { ...run.scored!, events } });
    const meta = await store.getState().describeRun();
    expect(meta).toMatchObject({ linkId: null, fixture: { id: "fv-scenario-a" } });
    expect((await links.list()).entries).toEqual([]);
  });

  it("a link to a run that is not stored says so and opens nothing else", async () => {
    const store = await page(createMemoryHistory(), createMemoryHistory());
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    const before = store.getState().run;
    expect(await store.getState().openRunLink("run-0000", 0)).toBe(false);
    expect(store.getState().run).toBe(before);
    expect(store.getState().runLink).toEqual({ status: "missing", id: "run-0000" });
    expect(store.getState().notice).toMatchObject({ kind: "error", text: expect.stringContaining("not found") });
  });

  it("a run opened from the history is said to come from the history, with its entry as its link", async () => {
    const history = createMemoryHistory();
    const store = await page(history, createMemoryHistory());
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    const [entry] = store.getState().history.entries;
    await store.getState().openHistoryEntry(entry!.id);
    expect(await store.getState().describeRun()).toMatchObject({ source: "history", linkId: entry!.id });
  });
});
