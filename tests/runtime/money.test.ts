import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundHalfUp, roundRatio, roundToPaise } from "../../src/runtime/money.ts";

describe("rounding (one place decides: half away from zero, on the printed decimal)", () => {
  it("rounds scenario A to the paisa", () => {
    expect(roundToPaise(2500000 * 1.06 ** 5)).toBe(3345563.94);
  });
  it("rounds a half up where binary floating point would round it down", () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(1.045, 2)).toBe(1.05);
  });
  it("rounds negative halves away from zero", () => {
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
  });
  it("handles numbers JavaScript prints in exponent form", () => {
    expect(roundHalfUp(1e21, 2)).toBe(1e21);
    expect(roundHalfUp(1.23456e-7, 4)).toBe(0);
  });
  it("reports ratios to four decimals", () => {
    expect(roundRatio(48000000 / 120000000)).toBe(0.4);
    expect(roundRatio(1 / 3)).toBe(0.3333);
    expect(roundRatio(2 / 3)).toBe(0.6667);
  });

  it("rounds every number as the printed decimal would, whichever way it gets there", () => {
    // The rule written out on the decimal text, independently: the oracle the shortcut must agree with.
    const onText = (x: number, places: number): number => {
      if (!Number.isFinite(x)) return x;
      const shift = (v: number, k: number): number => {
        const [mantissa, exponent] = v.toExponential().split("e") as [string, string];
        return Number(`${mantissa}e${Number(exponent) + k}`);
      };
      const shifted = shift(Math.abs(x), places);
      if (shifted > Number.MAX_SAFE_INTEGER) return x;
      const back = shift(Math.round(shifted), -places);
      return x < 0 ? -back : back;
    };
    const places = fc.integer({ min: 0, max: 8 });
    // Any double; and numbers written with one digit more than the places, halves (…5) among them.
    const anyNumber = fc.double({ noNaN: false });
    const written = fc.tuple(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), fc.integer({ min: 1, max: 9 })).map(([digits, decimals]) => Number(`${digits}e-${decimals}`));
    const halves = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), places).map(([n, p]) => [Number(`${n}5e-${p + 1}`), p] as const);
    fc.assert(fc.property(fc.oneof(anyNumber, written), places, (x, p) => Object.is(roundHalfUp(x, p), onText(x, p))), { numRuns: 20_000 });
    fc.assert(fc.property(halves, ([x, p]) => Object.is(roundHalfUp(x, p), onText(x, p))), { numRuns: 20_000 });
  });
});
