import { describe, expect, it } from "vitest";
import { curveOpacity, curveStyle, DIMMED } from "../../src/ui/suite/pass-k-style.ts";

describe("how pass^k curves are told apart", () => {
  it("no two of forty fixtures' curves share both colour and dash", () => {
    const looks = Array.from({ length: 40 }, (_, i) => JSON.stringify(curveStyle(i)));
    expect(new Set(looks).size).toBe(40);
  });

  it("the highlighted curve is drawn at full strength and every other one dimmed; with none highlighted, all are full", () => {
    expect(curveOpacity("a", "a")).toBe(1);
    expect(curveOpacity("b", "a")).toBe(DIMMED);
    expect(curveOpacity("b", null)).toBe(1);
  });
});
