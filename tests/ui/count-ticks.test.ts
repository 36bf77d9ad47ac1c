import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { countTicks } from "../../src/ui/suite/count-ticks.ts";

describe("countTicks", () => {
  it("steps evenly from 0 by 1, 2 or 5 times a power of ten, to the first tick at or above the count, in at most five steps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const ticks = countTicks(max);
        const step = ticks[1]! - ticks[0]!;
        expect(ticks[0]).toBe(0);
        expect(ticks.every((t, i) => t === i * step)).toBe(true);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        expect(ticks.at(-1)! - step).toBeLessThan(Math.max(1, max));
        expect(ticks.length - 1).toBeLessThanOrEqual(5);
        expect(step / 10 ** Math.floor(Math.log10(step) + 1e-9)).toSatisfy((m: number) => [1, 2, 5].includes(Math.round(m)));
      }),
    );
  });

  it("reads as a person would mark the axis", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(10_000)).toEqual([0, 2000, 4000, 6000, 8000, 10000]);
    expect(countTicks(4_312)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });
});
