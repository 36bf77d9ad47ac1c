import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markScrolling, SCROLL_SETTLE_MS } from "../../src/ui/shared/scrolling-mark.ts";

describe("an area marked while it scrolls", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const scroll = (area: HTMLElement): boolean => area.dispatchEvent(new Event("scroll"));

  it("is marked from its first scroll event until it has had none for the settling time", () => {
    const area = document.createElement("div");
    const stop = markScrolling(area);
    expect(area.hasAttribute("data-scrolling")).toBe(false);
    scroll(area);
    expect(area.hasAttribute("data-scrolling")).toBe(true);
    // Each scroll event starts the wait again: a scroll of several frames stays marked throughout.
    vi.advanceTimersByTime(SCROLL_SETTLE_MS - 1);
    scroll(area);
    vi.advanceTimersByTime(SCROLL_SETTLE_MS - 1);
    expect(area.hasAttribute("data-scrolling")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(area.hasAttribute("data-scrolling")).toBe(false);
    // And again on the next scroll.
    scroll(area);
    expect(area.hasAttribute("data-scrolling")).toBe(true);
    stop();
  });

  it("is left unmarked and no longer watched once stopped, even mid-scroll", () => {
    const area = document.createElement("div");
    const stop = markScrolling(area);
    scroll(area);
    stop();
    expect(area.hasAttribute("data-scrolling")).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    scroll(area);
    expect(area.hasAttribute("data-scrolling")).toBe(false);
  });
});
