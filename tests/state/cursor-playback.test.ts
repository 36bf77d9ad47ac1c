import { afterEach, describe, expect, it, vi } from "vitest";
import { createPacedClock, createVirtualClock } from "../../src/runtime/clock.ts";
import { PACE } from "../../src/state/workspace/workspace-slice.ts";
import { makeStore } from "./test-deps.ts";

async function runOf(fixtureId: string, candidate: string) {
  const store = makeStore();
  store.getState().selectFixture(fixtureId, candidate);
  await store.getState().startRun();
  return store;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the cursor during playback", () => {
  it("putting the cursor on an event (a row clicked, a step button) pauses playback", async () => {
    const store = await runOf("concentration-hh1001", "reads-other-household");
    store.getState().setCursor(2);
    store.getState().setPlaying(true);
    store.getState().setCursor(5);
    expect(store.getState()).toMatchObject({ cursor: 5, playing: false });
  });

  it("playback's own step does not pause it", async () => {
    const store = await runOf("concentration-hh1001", "reads-other-household");
    store.getState().setCursor(2);
    store.getState().setPlaying(true);
    store.getState().stepCursor(1);
    expect(store.getState()).toMatchObject({ cursor: 3, playing: true });
  });

  it("play on the last event starts over from the first", async () => {
    const store = await runOf("concentration-hh1001", "reads-other-household");
    const last = store.getState().run!.events.length - 1;
    expect(store.getState().cursor).toBe(last);
    store.getState().setPlaying(true);
    expect(store.getState()).toMatchObject({ cursor: 0, playing: true });
    expect(store.getState().at?.cursor).toBe(0);
  });
});

describe("a real-time pace for demos", () => {
  it("runs a scripted candidate on a clock at 1×", async () => {
    const paces: number[] = [];
    const store = makeStore({ clockFor: (pace) => (paces.push(pace), createVirtualClock()) });
    store.getState().selectFixture("fv-scenario-a", "reference");
    store.getState().setSpeed("real");
    await store.getState().startRun();
    expect(PACE.real).toBe(1);
    expect(paces).toEqual([1]);
  });

  it("at 1× with no cap an operation takes its whole declared time, past the watch pace's 1.5 s cap", async () => {
    vi.useFakeTimers();
    const clock = createPacedClock(PACE.real, Number.POSITIVE_INFINITY);
    let done = false;
    const op = Promise.resolve(clock.within(30_000, async () => ({ value: "ok", durationMs: 11_000 }))).then((b) => {
      done = true;
      return b;
    });
    await vi.advanceTimersByTimeAsync(10_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await op).toEqual({ status: "done", value: "ok", elapsedMs: 11_000 });
    expect(clock.now()).toBe(11_000);
  });
});

describe("the access panel's data agrees with the timeline", () => {
  it("a call not run is named not run, apart from calls that failed", async () => {
    const store = await runOf("concentration-hh1001", "loops");
    const entry = store.getState().at?.households.find((h) => h.household === "HH-1001");
    expect(entry).toMatchObject({ disclosed: ["call-1", "call-2", "call-3"], failed: ["call-4"], not_run: ["call-4"] });
    const tools = await runOf("portfolio-unavailable", "loops");
    expect(tools.getState().at?.households[0]).toMatchObject({ failed: ["call-1", "call-2", "call-3", "call-4"], not_run: ["call-4"] });
  });

  it("the log's facts tell a read outside the task's scope from one inside it, and name a denial's household", async () => {
    const outside = await runOf("injection-adviser-scope", "reads-in-scope-other");
    const events = outside.getState().run!.events;
    const facts = outside.getState().facts!;
    const read = events.findIndex((e) => e.kind === "observation");
    expect(facts.disclosureAt(read)).toBe("out_of_scope");
    expect(facts.householdAt(read)).toBe("HH-1002");
    expect(facts.disclosureAt(read - 1)).toBeNull();
    const inside = await runOf("concentration-hh1001", "reference");
    const facts2 = inside.getState().facts!;
    const reads = inside.getState().run!.events.flatMap((e, i) => (e.kind === "observation" ? [facts2.disclosureAt(i)] : []));
    expect(reads[0]).toBe("in_scope");
    const denied = await runOf("unauthorised-household", "reads-other-household");
    const denial = denied.getState().run!.events.findIndex((e) => e.kind === "denial");
    expect(denied.getState().facts!.householdAt(denial)).toBe("HH-2002");
    expect(denied.getState().facts!.landmark("denial", 0, 1)).toBe(denial);
    expect(denied.getState().facts!.landmark("denial", denial, 1)).toBeUndefined();
  });
});
