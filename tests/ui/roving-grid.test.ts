import { describe, expect, it } from "vitest";
import { gridTargetOf } from "../../src/ui/shared/roving.ts";

// Three fixtures × three candidates; the middle fixture was not run by the second candidate.
const grid = [
  ["a1", "a2", "a3"],
  ["b1", null, "b3"],
  ["c1", "c2", "c3"],
] as const;

describe("gridTargetOf", () => {
  it("moves along the row with ← → and along the column with ↑ ↓", () => {
    expect(gridTargetOf("ArrowRight", "a1", grid)).toBe("a2");
    expect(gridTargetOf("ArrowLeft", "a2", grid)).toBe("a1");
    expect(gridTargetOf("ArrowDown", "a1", grid)).toBe("b1");
    expect(gridTargetOf("ArrowUp", "c3", grid)).toBe("b3");
  });

  it("passes over a gap: a cell with no runs is never a stop", () => {
    expect(gridTargetOf("ArrowRight", "b1", grid)).toBe("b3");
    expect(gridTargetOf("ArrowLeft", "b3", grid)).toBe("b1");
    expect(gridTargetOf("ArrowDown", "a2", grid)).toBe("c2");
    expect(gridTargetOf("ArrowUp", "c2", grid)).toBe("a2");
  });

  it("stays put at an edge, the key still the grid's, so the page does not act on it", () => {
    expect(gridTargetOf("ArrowLeft", "a1", grid)).toBe("a1");
    expect(gridTargetOf("ArrowUp", "a3", grid)).toBe("a3");
    expect(gridTargetOf("ArrowRight", "c3", grid)).toBe("c3");
    expect(gridTargetOf("ArrowDown", "c1", grid)).toBe("c1");
  });

  it("goes to its row's first and last item with Home and End, and leaves other keys alone", () => {
    expect(gridTargetOf("Home", "b3", grid)).toBe("b1");
    expect(gridTargetOf("End", "c1", grid)).toBe("c3");
    expect(gridTargetOf("Enter", "b1", grid)).toBeUndefined();
    expect(gridTargetOf("ArrowDown", "zz", grid)).toBeUndefined();
  });
});
