import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { circles, importGraph, type ImportEdge } from "./import-graph.ts";

const ROOT = resolve(import.meta.dirname, "../..");

// The store and its slices name each other's types: zustand's slice pattern, where each slice is typed
// against the whole store it is part of. That is the one circle the map allows.
const sliceType = (e: ImportEdge): boolean => e.typeOnly && e.from.startsWith("src/state/") && e.to === "src/state/store.ts";

describe("the import graph of src/", () => {
  const edges = importGraph(ROOT);

  it("has no circle but zustand's slice type", () => {
    expect(circles(edges.filter((e) => !sliceType(e)))).toEqual([]);
  });

  it("finds a circle when there is one", () => {
    const e = (from: string, to: string): ImportEdge => ({ from, to, typeOnly: true });
    expect(circles([e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d")])).toEqual([["a", "b", "c"]]);
    expect(edges.length).toBeGreaterThan(500);
  });
});
