import { describe, expect, it } from "vitest";
import { extractDates, extractFigures } from "../../src/scoring/figures.ts";

// contract §8a "The message is held to the records too": how a figure is read — its value, the precision it
// was written to (step) and the words that name it — decides whether a record backs it.

const one = (text: string) => {
  const found = extractFigures(text);
  expect(found, text).toHaveLength(1);
  return found[0];
};
const close = (a: number | undefined, b: number) => Math.abs((a ?? NaN) - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe("a figure's precision is the unit of its last written digit", () => {
  it.each([
    ["₹3,345,563.94", 3345563.94, 0.01],
    ["₹3,345,564", 3345564, 1],
    ["₹33.46 lakh", 3346000, 1000],
    ["₹4.8 crore", 48000000, 1e6],
    ["2.5 million", 2500000, 1e5],
    ["25 thousand", 25000, 1000],
    ["40%", 0.4, 0.01],
    ["6.5 %", 0.065, 0.001],
    ["3.34556394e6", 3345563.94, 0.01],
    ["5e-1", 0.5, 0.1],
  ])("%s is %d to the nearest %d", (text, value, step) => {
    const f = one(text);
    expect(close(f?.value, value), `${text} value ${f?.value}`).toBe(true);
    expect(close(f?.step, step), `${text} step ${f?.step}`).toBe(true);
  });
});

describe("a figure is named as written", () => {
  it.each([
    ["It grows to ₹3.34556394e6 in all.", "₹3.34556394e6"],
    ["It grows to INR 33.46 lakh in all.", "INR 33.46 lakh"],
    ["Equity is 40 per cent of assets.", "40 per cent"],
    ["Equity is 40% of assets.", "40%"],
    ["It grows to Rs.3,345,564 in all.", "Rs.3,345,564"],
  ])("in %j: %s", (text, written) => {
    expect(one(text)?.text).toBe(written);
  });

  it("a currency sign is part of the figure however far into a long message it stands", () => {
    const long = `${"The household asked about its plan and we looked at each scenario in turn. ".repeat(3)}It grows to ₹3,345,564.`;
    expect(extractFigures(long).map((f) => f.text)).toEqual(["₹3,345,564"]);
  });

  it("a currency sign at the very start of a message is read", () => {
    expect(extractFigures(`₹3,345,564 is what scenario A grows to over the whole of its horizon, as recorded today.`)[0]?.text).toBe("₹3,345,564");
  });

  it("only the 40 characters before a number decide whether it belongs to an identifier", () => {
    // A word far before the number does not make it part of an identifier.
    expect(extractFigures(`${"x".repeat(60)} 12`).map((f) => f.value)).toEqual([12]);
  });
});

describe("numbers in a list keep their own words", () => {
  it("each item of a comma list is read with what stands right after it", () => {
    expect(extractFigures("rates of 5,6% a year").map((f) => [f.text, f.value])).toEqual([["5", 5], ["6%", 0.06]]);
    expect(extractFigures("in years 3,4th").map((f) => f.text)).toEqual(["3"]);
  });

  it("empty items of a list are punctuation, not zeros", () => {
    expect(extractFigures("years 5,,6").map((f) => f.value)).toEqual([5, 6]);
    expect(extractFigures("years 5,,,").map((f) => f.value)).toEqual([5]);
    expect(extractFigures("it grows to ₹2,500,000,, then more").map((f) => f.text)).toEqual(["₹2,500,000"]);
  });

  it("Indian and international grouping are one number each", () => {
    expect(extractFigures("₹33,45,563 or ₹3,345,563").map((f) => f.value)).toEqual([3345563, 3345563]);
    expect(extractFigures("₹1,00,000").map((f) => f.value)).toEqual([100000]);
  });
});

describe("ordinals are not figures", () => {
  it.each(["the 1st scenario", "the 2nd scenario", "the 3rd year", "the 31st day", "the 4TH year"])("%s", (text) => {
    expect(extractFigures(text)).toEqual([]);
  });
});

describe("dates", () => {
  it("are written as ISO dates with two-digit months and days", () => {
    expect(extractDates("on 5 Mar 2026 and Sept 9, 2025 and 1st January 2024").dates.map((d) => d.iso).sort()).toEqual(["2024-01-01", "2025-09-09", "2026-03-05"]);
    expect(extractDates("31 DECEMBER 2025").dates.map((d) => d.iso)).toEqual(["2025-12-31"]);
  });

  it("are blanked out in place, so the rest keeps every other character where it was", () => {
    const text = "₹5 on 2026-03-31, 31 March 2026 and March 31, 2026.";
    const { dates, rest } = extractDates(text);
    expect(dates.map((d) => d.text)).toEqual(["2026-03-31", "31 March 2026", "March 31, 2026"]);
    expect(rest).toBe(`₹5 on ${" ".repeat(10)}, ${" ".repeat(13)} and ${" ".repeat(14)}.`);
  });
});
