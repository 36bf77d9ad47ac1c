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
});
