import { describe, expect, it } from "vitest";
import { contentOffset, isScaled, MAX_SCROLL_HEIGHT, scrolledFor, scrollScale } from "../../../src/ui/timeline/scroll-scale.ts";

describe("a scroll range scaled under the browser's height limit", () => {
  const million = scrollScale(1_000_003 * 96, 900);

  it("leaves a list that fits alone: a scrolled px is a content px", () => {
    const small = scrollScale(150 * 96, 900);
    expect(isScaled(small)).toBe(false);
    expect(small.spacer).toBe(small.content);
    expect(contentOffset(1234, small)).toBe(1234);
    expect(scrolledFor(1234, small)).toBe(1234);
  });

  it("keeps a million rows under the limit, and maps the first and the last scrolled px to the first and the last content", () => {
    expect(isScaled(million)).toBe(true);
    expect(million.spacer).toBe(MAX_SCROLL_HEIGHT);
    expect(MAX_SCROLL_HEIGHT).toBeLessThan(33_554_432 / 2);
    expect(contentOffset(0, million)).toBe(0);
    const end = million.spacer - million.viewport;
    expect(contentOffset(end, million)).toBe(million.content - million.viewport);
    expect(contentOffset(end / 2, million)).toBeCloseTo((million.content - million.viewport) / 2, 6);
  });

  it("is its own inverse, and follows the page while the list's top is still below the viewport's", () => {
    for (const offset of [-300, 0, 1, 777_777, 50_000_000, million.content - million.viewport]) expect(contentOffset(scrolledFor(offset, million), million)).toBeCloseTo(offset, 4);
    expect(contentOffset(-120, million)).toBe(-120);
  });
});
