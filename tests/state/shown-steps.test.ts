import { describe, expect, it } from "vitest";
import { edgeOfShown, stepAmongShown } from "../../src/state/run/shown-steps.ts";

describe("stepping among the shown events", () => {
  const rows = Int32Array.from([2, 5, 9]);

  it("with every event shown, a step is a step, clamped to the log", () => {
    expect(stepAmongShown(null, 10, 4, 1)).toBe(5);
    expect(stepAmongShown(null, 10, 0, -1)).toBe(0);
    expect(stepAmongShown(null, 10, 8, 10)).toBe(9);
    expect(stepAmongShown(null, 0, 0, 1)).toBeUndefined();
    expect([edgeOfShown(null, 10, "first"), edgeOfShown(null, 10, "last")]).toEqual([0, 9]);
  });

  it("from a shown event, steps land on the next or previous shown one, never on a hidden one", () => {
    expect(stepAmongShown(rows, 10, 5, 1)).toBe(9);
    expect(stepAmongShown(rows, 10, 5, -1)).toBe(2);
    expect(stepAmongShown(rows, 10, 2, -1)).toBe(2);
    expect(stepAmongShown(rows, 10, 9, 1)).toBe(9);
    expect(stepAmongShown(rows, 10, 2, 10)).toBe(9);
  });

  it("from a hidden event, one step reaches the nearest shown event on that side", () => {
    expect(stepAmongShown(rows, 10, 6, 1)).toBe(9);
    expect(stepAmongShown(rows, 10, 6, -1)).toBe(5);
    expect(stepAmongShown(rows, 10, 0, 1)).toBe(2);
    expect(stepAmongShown(rows, 10, 0, -1)).toBe(2);
    expect(stepAmongShown(rows, 10, 11, -1)).toBe(9);
    expect(stepAmongShown(rows, 10, 6, 2)).toBe(9);
    expect(stepAmongShown(rows, 10, 6, -2)).toBe(2);
  });

  it("the edges are the first and last shown events; nothing shown, nowhere to go", () => {
    expect([edgeOfShown(rows, 10, "first"), edgeOfShown(rows, 10, "last")]).toEqual([2, 9]);
    expect(stepAmongShown(new Int32Array(0), 10, 3, 1)).toBeUndefined();
    expect(edgeOfShown(new Int32Array(0), 10, "last")).toBeUndefined();
  });
});
