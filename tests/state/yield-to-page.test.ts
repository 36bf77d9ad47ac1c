import { afterEach, describe, expect, it, vi } from "vitest";
import { SLICE_MS, toEndInSlices, whenPageIdle } from "../../src/state/yield-to-page.ts";

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
