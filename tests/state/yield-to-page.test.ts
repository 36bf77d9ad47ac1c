import { afterEach, describe, expect, it, vi } from "vitest";
import { SLICE_MS, toEndInSlices, whenPageIdle, whenPageQuiet } from "../../src/state/scheduling/yield-to-page.ts";

describe("whenPageIdle", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits for the page's idle callback, asked with the longest wait", async () => {
    const asked: { callback: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void, options?: { timeout?: number }) => asked.push({ callback, timeout: options?.timeout }));
    let idle = false;
    const waiting = whenPageIdle(2000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(idle).toBe(false);
    expect(asked.map((a) => a.timeout)).toEqual([2000]);
    asked[0]?.callback();
    await waiting;
    expect(idle).toBe(true);
  });

  it("resolves in a new task where there is no idle callback", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    let idle = false;
    const waiting = whenPageIdle(2000).then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    await waiting;
    expect(idle).toBe(true);
  });
});

describe("whenPageQuiet", () => {
  afterEach(() => vi.unstubAllGlobals());

  type Asked = { callback: (deadline: IdleDeadline) => void; timeout: number | undefined };
  /** The idle callbacks asked for, to be called by the test with a deadline of its choosing. */
  function stubIdle(): Asked[] {
    const asked: Asked[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: (deadline: IdleDeadline) => void, options?: { timeout?: number }) => asked.push({ callback, timeout: options?.timeout }));
    return asked;
  }
  const idle = (remaining: number, didTimeout = false): IdleDeadline => ({ didTimeout, timeRemaining: () => remaining });
  const settled = async (p: Promise<unknown>): Promise<boolean> => {
    let done = false;
    void p.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    return done;
  };

  it("waits for two long idle periods in a row: a short one (a frame still to draw) starts the count again", async () => {
    const asked = stubIdle();
    const waiting = whenPageQuiet(2000);
    asked[0]?.callback(idle(49));
    asked[1]?.callback(idle(8));
    asked[2]?.callback(idle(50));
    expect(await settled(waiting)).toBe(false);
    expect(asked).toHaveLength(4);
    asked[3]?.callback(idle(45));
    expect(await settled(waiting)).toBe(true);
    expect(asked).toHaveLength(4);
  });

  it("asks each callback with what is left of the longest wait, and ends when it times out", async () => {
    const asked = stubIdle();
    let now = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const waiting = whenPageQuiet(2000);
    expect(asked[0]?.timeout).toBe(2000);
    now = 1500;
    asked[0]?.callback(idle(3));
    expect(asked[1]?.timeout).toBe(1500);
    now = 2999.5;
    asked[1]?.callback(idle(45));
    // Less than a millisecond left: still asked with a timeout of one, not of none.
    expect(asked[2]?.timeout).toBe(1);
    vi.restoreAllMocks();
    expect(await settled(waiting)).toBe(false);
    asked[2]?.callback(idle(0, true));
    expect(await settled(waiting)).toBe(true);
  });

  it("ends once the longest wait has passed, even if no callback says it timed out", async () => {
    const asked = stubIdle();
    const waiting = whenPageQuiet(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    asked[0]?.callback(idle(2));
    expect(await settled(waiting)).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it("waits the longest where there is no idle callback to tell", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    vi.useFakeTimers();
    try {
      let quiet = false;
      const waiting = whenPageQuiet(2000).then(() => (quiet = true));
      await vi.advanceTimersByTimeAsync(1999);
      expect(quiet).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(quiet).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("toEndInSlices", () => {
  /** `steps` steps of about `ms` each (the clock is busy-waited on), then their count. */
  function* work(steps: number, ms: number): Generator<void, number> {
    for (let i = 0; i < steps; i++) {
      const until = performance.now() + ms;
      while (performance.now() < until);
      yield;
    }
    return steps;
  }

  it("returns the generator's value, letting the page in between slices of work", async () => {
    const pause = vi.fn(() => Promise.resolve());
    // 24 steps of 1 ms: three slices' worth at least.
    expect(await toEndInSlices(work(24, 1), pause)).toBe(24);
    expect(pause.mock.calls.length).toBeGreaterThanOrEqual(Math.floor(24 / SLICE_MS) - 1);
    expect(pause.mock.calls.length).toBeLessThan(24);
  });

  it("a generator that never yields is one slice, with no pause", async () => {
    const pause = vi.fn(() => Promise.resolve());
    expect(await toEndInSlices(work(0, 0), pause)).toBe(0);
    expect(pause).not.toHaveBeenCalled();
  });
});
