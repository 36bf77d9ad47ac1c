import { afterEach, describe, expect, it, vi } from "vitest";
import { whenPageIdle } from "../../src/state/yield-to-page.ts";

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
