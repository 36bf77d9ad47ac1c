import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowHeights } from "../../../src/ui/timeline/row-heights.ts";

/** The same questions answered by adding up every row: what RowHeights must never need to do. */
function naive(heights: readonly number[]) {
  const offsets = [0];
  for (const h of heights) offsets.push((offsets.at(-1) ?? 0) + h);
  return {
    offset: (i: number) => offsets[i] ?? 0,
    indexAt: (y: number) => Math.max(0, Math.min(heights.length - 1, offsets.findLastIndex((o, i) => i < heights.length && o <= y))),
  };
}

describe("row offsets from an estimate and the rows measured so far", () => {
  it("counts every row that was never measured at the estimate", () => {
    const rows = new RowHeights(1_000_000, 80);
    expect(rows.total).toBe(80_000_000);
    expect(rows.offset(500_000)).toBe(40_000_000);
    expect(rows.indexAt(40_000_079)).toBe(500_000);
    expect(rows.indexAt(-5)).toBe(0);
    expect(rows.indexAt(1e12)).toBe(999_999);
  });

  it("moves every later row by how much a measured row differs from the estimate, and says by how much", () => {
    const rows = new RowHeights(10, 50);
    expect(rows.set(3, 120)).toBe(70);
    expect(rows.set(3, 120)).toBe(0);
    expect(rows.isMeasured(3)).toBe(true);
    expect(rows.isMeasured(4)).toBe(false);
    expect([rows.offset(3), rows.offset(4), rows.total]).toEqual([150, 270, 570]);
    expect(rows.indexAt(269)).toBe(3);
    expect(rows.indexAt(270)).toBe(4);
    expect(rows.set(-1, 10) + rows.set(10, 10) + rows.set(2, 0)).toBe(0);
  });

  it("agrees with adding the rows up, for any rows measured in any order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 400 })), { maxLength: 200 }), fc.array(fc.integer({ min: -100, max: 100_000 }), { maxLength: 20 }), (count, sets, probes) => {
        const rows = new RowHeights(count, 72);
        const truth = Array.from({ length: count }, () => 72);
        for (const [i, h] of sets) {
          rows.set(i % count, h);
          truth[i % count] = h;
        }
        const n = naive(truth);
        for (let i = 0; i <= count; i++) expect(rows.offset(i)).toBe(n.offset(i));
        for (const y of probes) expect(rows.indexAt(y)).toBe(n.indexAt(y));
      }),
      { seed: 3 },
    );
  });

  it("keeps what was measured of a list that grew", () => {
    const before = new RowHeights(5, 40);
    before.set(1, 100);
    const after = new RowHeights(8, 40, before);
    expect(after.offset(2)).toBe(140);
    expect(after.total).toBe(7 * 40 + 100);
  });
});
