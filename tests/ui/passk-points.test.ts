import { describe, expect, it } from "vitest";
import { labelledKs, plottedKs } from "../../src/ui/suite/PassKChart.tsx";

describe("the pass^k chart's values of k", () => {
  it("plots every k for an ordinary number of trials", () => {
    expect(plottedKs(4)).toEqual([1, 2, 3, 4]);
    expect(plottedKs(40)).toHaveLength(40);
  });
  it("spreads at most 40 values from 1 to K for hundreds of trials, 1 and K included", () => {
    const ks = plottedKs(625);
    expect(ks).toHaveLength(40);
    expect(ks[0]).toBe(1);
    expect(ks.at(-1)).toBe(625);
    expect(ks).toEqual([...ks].sort((a, b) => a - b));
  });
  it("labels every plotted k up to 10, else 10 of them spread evenly, first and last included", () => {
    expect(labelledKs([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(labelledKs(plottedKs(10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ks = labelledKs(plottedKs(625));
    expect(ks).toHaveLength(10);
    expect(ks[0]).toBe(1);
    expect(ks.at(-1)).toBe(625);
    expect(ks).toEqual([...ks].sort((a, b) => a - b));
    for (const k of ks) expect(plottedKs(625)).toContain(k);
  });
});
