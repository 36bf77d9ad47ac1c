import { describe, expect, it, vi } from "vitest";
import { createRealClock, createVirtualClock, createPacedClock } from "../../src/runtime/clock.ts";

describe("the virtual clock", () => {
  it("advances by the declared duration instead of waiting", async () => {
    const clock = createVirtualClock();
    const r = await clock.within(15_000, async () => ({ value: "hi", durationMs: 9_000 }));
    expect(r).toEqual({ status: "done", value: "hi", elapsedMs: 9_000 });
    expect(clock.now()).toBe(9_000);
  });
  it("bounds an operation that gives its value at once at once, with nothing to await", () => {
    const clock = createVirtualClock();
    expect(clock.within(1_000, () => ({ value: "now", durationMs: 300 }))).toEqual({ status: "done", value: "now", elapsedMs: 300 });
    expect(clock.within(1_000, () => ({ value: "late", durationMs: 1_000 }))).toEqual({ status: "timeout", elapsedMs: 1_000 });
    const boom = new Error("boom");
    expect(
      clock.within(1_000, () => {
        throw boom;
      }),
    ).toEqual({ status: "failed", error: boom });
    expect(clock.now()).toBe(1_300);
  });
  it("times out an operation that takes its whole allowance, at the limit", async () => {
    const clock = createVirtualClock();
    expect(await clock.within(2_000, async () => ({ value: 1, durationMs: 2_000 }))).toEqual({ status: "timeout", elapsedMs: 2_000 });
    expect(clock.now()).toBe(2_000);
  });
  it("hands every operation a signal that never aborts: virtual time judges a limit only once the operation is done", async () => {
    const clock = createVirtualClock();
    const seen: AbortSignal[] = [];
    const op = (durationMs: number) => async (signal: AbortSignal) => {
      seen.push(signal);
      return { value: signal.aborted, durationMs };
    };
    expect(await clock.within(1_000, op(10))).toEqual({ status: "done", value: false, elapsedMs: 10 });
    expect(await clock.within(1_000, op(5_000))).toEqual({ status: "timeout", elapsedMs: 1_000 });
    expect(await clock.within(1_000, op(10))).toEqual({ status: "done", value: false, elapsedMs: 10 });
    expect(seen.every((s) => !s.aborted)).toBe(true);
    expect(clock.now()).toBe(1_020);
  });
  it("ends a re-enacted operation as it was recorded, after its recorded duration, whatever its limit says", async () => {
    const clock = createVirtualClock();
    expect(await clock.within(1_000, async () => ({ value: "late answer", durationMs: 1_000.4, ends: "done" as const }))).toEqual({ status: "done", value: "late answer", elapsedMs: 1_000.4 });
    expect(await clock.within(5_000, async () => ({ value: null, durationMs: 4_000, ends: "timeout" as const }))).toEqual({ status: "timeout", elapsedMs: 4_000 });
    expect(clock.now()).toBe(5_000.4);
  });
  it("reaches a recorded instant, and never goes back", () => {
    const clock = createVirtualClock();
    clock.reach(17.25);
    expect(clock.now()).toBe(17.25);
    clock.reach(3);
    expect(clock.now()).toBe(17.25);
  });
  it("reports an operation that throws as failed and one asked for after a cancel as cancelled", async () => {
    const clock = createVirtualClock();
    const boom = new Error("boom");
    expect(await clock.within(1_000, async () => { throw boom; })).toEqual({ status: "failed", error: boom });
    const stop = new AbortController();
    stop.abort();
    expect(await clock.within(1_000, async () => ({ value: 1 }), stop.signal)).toEqual({ status: "cancelled" });
  });
});

describe("the real clock", () => {
  it("aborts the operation's signal when the limit passes", async () => {
    const clock = createRealClock();
    let seen: AbortSignal | undefined;
    const r = await clock.within(30, (signal) => {
      seen = signal;
      return new Promise<{ value: string }>((resolve) => signal.addEventListener("abort", () => resolve({ value: "late" })));
    });
    expect(r).toMatchObject({ status: "timeout" });
    expect(seen?.aborted).toBe(true);
  });
  it("stops at once when the run is cancelled", async () => {
    const clock = createRealClock();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 10);
    const r = await clock.within(10_000, (signal) => new Promise<{ value: number }>((resolve) => signal.addEventListener("abort", () => resolve({ value: 0 }))), stop.signal);
    expect(r).toEqual({ status: "cancelled" });
    expect(clock.now()).toBeLessThan(5_000);
  });
  it("settles an operation that answers or throws at once as one that waits", async () => {
    const clock = createRealClock();
    expect(await clock.within(1_000, () => ({ value: 2 }))).toMatchObject({ status: "done", value: 2 });
    const boom = new Error("boom");
    expect(
      await clock.within(1_000, () => {
        throw boom;
      }),
    ).toEqual({ status: "failed", error: boom });
  });
  it("makes a simulated duration really take that long", async () => {
    const clock = createRealClock();
    const t0 = clock.now();
    expect(await clock.within(1_000, async () => ({ value: 1, durationMs: 40 }))).toMatchObject({ status: "done", value: 1 });
    expect(clock.now() - t0).toBeGreaterThanOrEqual(35);
  });
  it("leaves no timer behind when a declared duration outlasts the limit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const bounded = createRealClock().within(20, async () => ({ value: 1, durationMs: 60_000 }));
      await vi.advanceTimersByTimeAsync(20);
      expect(await bounded).toMatchObject({ status: "timeout" });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the paced clock", () => {
  const reply = (durationMs: number) => async () => ({ value: "ok", durationMs });

  it("plays each operation's virtual duration in real time and then reads exactly the virtual time", async () => {
    const clock = createPacedClock(0.001, Number.POSITIVE_INFINITY);
    expect(await clock.within(1_000, reply(400))).toEqual({ status: "done", value: "ok", elapsedMs: 400 });
    expect(clock.now()).toBe(400);
  });

  it("a stop while an operation plays cuts it where it was: the clock reads the share that had played, not its end", async () => {
    const clock = createPacedClock(1, Number.POSITIVE_INFINITY);
    const stop = new AbortController();
    await clock.within(100_000, reply(10));
    const watched = clock.within(100_000, reply(60_000), stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = clock.now();
    stop.abort();
    expect(await watched).toEqual({ status: "cancelled" });
    const after = clock.now();
    expect(during).toBeGreaterThan(10);
    expect(after).toBeGreaterThanOrEqual(during);
    // A minute of virtual time would take a minute to play: the stop came well before its end.
    expect(after).toBeLessThan(10 + 60_000);
    expect(await clock.within(100_000, reply(5), stop.signal)).toEqual({ status: "cancelled" });
    expect(clock.now()).toBe(after);
  });
});
