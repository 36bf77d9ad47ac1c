import { describe, expect, it } from "vitest";
import { extractDates, extractFigures } from "../../src/scoring/figures.ts";
import { asRead } from "../../src/scoring/read-as-person.ts";

const figures = (text: string) => extractFigures(extractDates(asRead(text)).rest).map(({ text, value }) => ({ text, value }));
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));

describe("figures in a message, as a person reads them", () => {
  it.each([
    ["₹33,45,563.94", 3345563.94],
    ["₹3,345,563.94", 3345563.94],
    ["INR 3,345,563.94", 3345563.94],
    ["INR3345563.94", 3345563.94],
    ["Rs. 25 lakh", 2500000],
    ["Rs.25 lakh", 2500000],
    ["Rs 25 lakhs", 2500000],
    ["₹25L", 2500000],
    ["2.5 million", 2500000],
    ["₹2.5mn", 2500000],
    ["₹4.8 crore", 48000000],
    ["₹12 cr", 120000000],
    ["40%", 0.4],
    ["6 %", 0.06],
    ["6 per cent", 0.06],
    ["6 percent", 0.06],
    ["3.34556394e6", 3345563.94],
    ["5 years", 5],
    ["a 5-year horizon", 5],
    ["0.40", 0.4],
  ])("reads %s as %d", (text, value) => {
    const found = figures(text);
    expect(found).toHaveLength(1);
    expect(near(found[0]?.value ?? NaN, value), `${text} → ${found[0]?.value}`).toBe(true);
  });

  it.each(["HH-1001", "ev-1", "calc-fv-v1", "call-12", "scenario-A", "v2", "FY26", "the 2nd scenario", "3x", "HH_1001", "Pool.java:88", "store.ts:88:13", "localhost:5432", "10.0.0.7:6379", "version 1.2.3", "at 10:30"])("finds no figure in the identifier or ordinal %s", (text) => {
    expect(figures(text)).toEqual([]);
  });

  it("names a figure as written, with its currency", () => {
    expect(figures("grows to ₹4,477,119.25 by then").map((f) => f.text)).toEqual(["₹4,477,119.25"]);
    expect(figures("about Rs. 25 lakh").map((f) => f.text)).toEqual(["Rs. 25 lakh"]);
  });

  it("reads a comma list as separate numbers and a trailing comma as punctuation", () => {
    expect(figures("years 5,6 and 7")).toEqual([{ text: "5", value: 5 }, { text: "6", value: 6 }, { text: "7", value: 7 }]);
    expect(figures("₹2,500,000, compounded")).toEqual([{ text: "₹2,500,000", value: 2500000 }]);
  });

  it("reads dates whole, in ISO or written form, and not as figures", () => {
    const { dates, rest } = extractDates("as of 2026-03-31, or 31 March 2026, or March 31, 2026");
    expect(dates.map((d) => d.iso)).toEqual(["2026-03-31", "2026-03-31", "2026-03-31"]);
    expect(extractFigures(rest)).toEqual([]);
  });

  it("reads through invisible characters and full-width digits", () => {
    expect(figures("₹4,477,\u200b119.25").map((f) => f.value)).toEqual([4477119.25]);
    expect(figures("\uff14\uff10%").map((f) => f.value)).toEqual([0.4]);
  });
});

describe("figures in the digits of other scripts", () => {
  it.each([
    ["Devanagari, Indian grouping", "₹\u0969\u0969,\u096a\u096b,\u096b\u096c\u0969.\u096f\u096a", 3345563.94],
    ["Gujarati", "\u0aea\u0ae6%", 0.4],
    ["Bengali, lakh", "Rs. \u09e8\u09eb lakh", 2500000],
    ["Tamil", "\u0bea\u0bea,\u0bed\u0bed,\u0be7\u0be7\u0bef", 4477119],
    ["Arabic-Indic with its own separators", "\u0663\u066c\u0663\u0664\u0665\u066c\u0665\u0666\u0663\u066b\u0669\u0664", 3345563.94],
  ])("%s", (_what, text, value) => {
    const found = figures(text);
    expect(found).toHaveLength(1);
    expect(near(found[0]?.value ?? NaN, value), `${text} → ${found[0]?.value}`).toBe(true);
  });
});

describe("Hindi scale words", () => {
  it.each([["₹२५ लाख", 2500000], ["₹4.8 करोड़", 48000000], ["₹4.8 करोड", 48000000]])("%s", (text, value) => {
    expect(figures(text).map((f) => f.value)).toEqual([value]);
  });
});

const read = (text: string) => figures(text).map((f) => [f.text, Math.round(f.value * 1e6) / 1e6]);

describe("a figure keeps its sign", () => {
  it.each([
    ["\u22126 % a year", [["-6 %", -0.06]]],
    ["-₹25 lakh", [["-₹25 lakh", -2500000]]],
    ["₹-25 lakh", [["₹-25 lakh", -2500000]]],
    ["a return of negative 6%", [["negative 6%", -0.06]]],
    ["Minus ₹2,500 this year", [["Minus ₹2,500", -2500]]],
    ["Net change: (₹2,500)", [["(₹2,500)", -2500]]],
    ["(INR 2,500) in the year", [["(INR 2,500)", -2500]]],
    ["| Scenario A | (₹2.5 lakh) |", [["(₹2.5 lakh)", -250000]]],
  ])("%s is negative", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ["grows to ₹33,45,563.94 (INR 3,345,563.94)", [["₹33,45,563.94", 3345563.94], ["INR 3,345,563.94", 3345563.94]]],
    ["The equity (₹4.8 crore) is high (40%).", [["₹4.8 crore", 48000000], ["40%", 0.4]]],
    ["- 6% a year, as a list item", [["6%", 0.06]]],
    ["HH-1001 over a 5-year horizon", [["5", 5]]],
    ["Snapshot of 2026-03-31", []],
  ])("%s is not negative", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe("a range is two figures, the unit carried to both ends", () => {
  it.each([
    ["₹30\u201335 lakh", [["₹30 lakh", 3000000], ["₹35 lakh", 3500000]]],
    ["6-8 %", [["6 %", 0.06], ["8 %", 0.08]]],
    ["6\u20148% a year", [["6%", 0.06], ["8%", 0.08]]],
    ["₹30 to ₹35 lakh", [["₹30 lakh", 3000000], ["₹35 lakh", 3500000]]],
    ["₹30 lakh to ₹35 lakh", [["₹30 lakh", 3000000], ["₹35 lakh", 3500000]]],
    ["between 6 and 8 per cent", [["6 per cent", 0.06], ["8 per cent", 0.08]]],
    ["between ₹25 lakh and ₹33.46 lakh", [["₹25 lakh", 2500000], ["₹33.46 lakh", 3346000]]],
    ["from 5 to 10 years", [["5", 5], ["10", 10]]],
    ["-2 to 5%", [["-2%", -0.02], ["5%", 0.05]]],
    ["in FY 2025-26", [["2025", 2025], ["2026", 2026]]],
  ])("%s", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ["a date", "as of 2026-03-31", []],
    ["a month", "in 2026-03", []],
    ["identifiers", "HH-1001-2002, calc-fv-v1, FY2025-26, +91-22-1234-5678", []],
    ["hyphenated words", "a 5-year, low-risk plan", [["5", 5]]],
    ["a year before an amount", "by 2031 to ₹33.46 lakh", [["2031", 2031], ["₹33.46 lakh", 3346000]]],
    ["times", "from 10:30-11:30", []],
  ])("%s stay what they were: %s", (_what, text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe("list and footnote markers are structure, not figures", () => {
  it.each([
    ["numbered lines", "1. Scenario A grows to ₹33.46 lakh.\n2) It compounds at 6%.\n  10. done", [["₹33.46 lakh", 3346000], ["6%", 0.06]]],
    ["bracketed and roman markers", "(1) read the snapshot; (2) compute; (iii) answer at 6%", [["6%", 0.06]]],
    ["markers after a bullet or a quote", "- 1. first\n* 2) second\n> 3. third", []],
    ["inline items after a colon", "Two steps: 1) read, 2) compute ₹33.46 lakh", [["₹33.46 lakh", 3346000]]],
    ["named steps and options", "Step 3: compute. Option 2 is safer; see item 4 and phase 1.", []],
    ["a hash number", "#4 holding, as in #12", []],
    ["footnote markers", "₹33.46 lakh[1] at 6%[^2]\n[1]: the calculator", [["₹33.46 lakh", 3346000], ["6%", 0.06]]],
  ])("%s", (_what, text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ["a figure that starts a line", "12.5% a year\n3 funds were read", [["12.5%", 0.125], ["3", 3]]],
    ["a figure after a marker", "1. ₹40 lakh\n2) 7%", [["₹40 lakh", 4000000], ["7%", 0.07]]],
    ["a bracketed percentage", "equity is high (40%)", [["40%", 0.4]]],
    ["a figure after a step", "Step 3 gives 5 years; option 2.5% is not a marker", [["5", 5], ["2.5%", 0.025]]],
    ["a number in brackets inside a sentence", "it holds (2 of 3) funds", [["2", 2], ["3", 3]]],
  ])("%s stays a figure", (_what, text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe("a number after a colon that ends a sentence is a figure, not an item marker", () => {
  it("reads \"Horizon: 10.\" as 10", () => {
    expect(read("Horizon: 10. Rate: 6%.")).toEqual([["10", 10], ["6%", 0.06]]);
  });
});
