import { describe, expect, it } from "vitest";
import { createPacedClock } from "../../src/runtime/clock.ts";
import { compareRunOptions } from "../../src/state/compare/compare-slice.ts";
import { createMemoryHistory } from "../../src/state/history/memory-history.ts";
import { makeStore } from "./test-deps.ts";

describe("Stop", () => {
  it("a run the analyst stops ends as stopped by the user and is not saved to the history", async () => {
    const history = createMemoryHistory();
    const store = makeStore({ history, clockFor: () => createPacedClock(1, 30) });
    await store.getState().loadHistory();
    store.getState().selectFixture("fv-scenario-a", "reference");
    const running = store.getState().startRun();
    const unsubscribe = store.subscribe((s) => {
      if (s.run && s.run.events.length >= 2) store.getState().stopRun();
    });
    await running;
    unsubscribe();
    expect(store.getState().run).toMatchObject({ status: "done", stoppedByUser: true });
    expect(store.getState().notice).toMatchObject({ kind: "info", text: expect.stringContaining("not saved") });
    expect(store.getState().history.entries).toEqual([]);
    expect((await history.list()).entries).toEqual([]);
    // Not judged, so not exported (its file would be re-scored as a model failure) nor kept for a link.
    expect(await store.getState().exportRun({ includeDiagnostics: false })).toBeNull();
    expect(await store.getState().describeRun()).toMatchObject({ linkId: null });
    // Nor offered to Compare, whose sides are judged runs.
    expect(compareRunOptions(store.getState(), "fv-scenario-a").map((o) => o.id)).not.toContain("run");
  });

  it("a run that finishes on its own is saved, as before", async () => {
    const store = makeStore({ history: createMemoryHistory() });
    await store.getState().loadHistory();
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun();
    expect(store.getState().run?.stoppedByUser).toBeUndefined();
    expect(store.getState().history.entries).toHaveLength(1);
  });
});

describe("a replay the page's address asked for", () => {
  it("is shown like any run but adds no history entry, so a reload cannot bring back one the analyst deleted", async () => {
    const history = createMemoryHistory();
    const store = makeStore({ history });
    await store.getState().loadHistory();
    store.getState().selectFixture("fv-scenario-a", "reference");
    await store.getState().startRun({ speed: "instant", fromLink: true });
    expect(store.getState().run).toMatchObject({ status: "done", fromLink: true, scored: { passed: true } });
    expect(store.getState().history.entries).toEqual([]);
    expect((await history.list()).entries).toEqual([]);
    await store.getState().startRun({ speed: "instant" });
    expect(store.getState().history.entries).toHaveLength(1);
  });
});
