import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RowKeys } from "../../../src/ui/timeline/row-keys.ts";

const KINDS = ["model_request", "model_reply", "decision", "attempt", "observation"];
const kindAt = (p: number): string => KINDS[p % KINDS.length] ?? "";

/** The keys of positions first..last, by position. */
const byPosition = (keys: readonly number[], first: number): Map<number, number> => new Map(keys.map((k, i) => [first + i, k]));

describe("the keys of a virtual list's rows", () => {
  it("keep a row that stays in range, give a jump's rows the keys of the rows it left, and never give two rows one key", () => {
    const range = fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 30 })).map(([first, n]) => ({ first, last: first + n }));
    const step = fc.record({ range, pinned: fc.option(fc.integer({ min: 0, max: 430 }), { nil: null }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const rowKeys = new RowKeys();
        let before = new Map<number, number>();
        const dropped = new Set<number>();
        const minted = new Set<number>();
        for (const { range: { first, last }, pinned } of steps) {
          const keys = rowKeys.keysFor(first, last, kindAt, pinned);
          expect(keys).toHaveLength(last - first + 1);
          expect(new Set(keys).size).toBe(keys.length);
          const now = byPosition(keys, first);
          for (const [p, key] of before) if (now.has(p)) expect(now.get(p)).toBe(key);
          // The pinned row's key leaves with it: no other position is ever given it.
          for (const key of keys) expect(dropped.has(key)).toBe(false);
          const pinnedKey = pinned === null ? undefined : before.get(pinned);
          if (pinnedKey !== undefined && !now.has(pinned ?? -1)) dropped.add(pinnedKey);
          // A range that shares rows with the last makes its entering rows anew; a jump makes a key
          // only when no freed one is left: as many as the rows entering outnumber those leaving.
          const entering = keys.filter((_, i) => !before.has(first + i)).length;
          const leaving = [...before.keys()].filter((p) => !now.has(p) && p !== pinned).length;
          const jumped = [...before.keys()].every((p) => !now.has(p));
          expect(keys.filter((k) => !minted.has(k)).length).toBe(jumped ? Math.max(0, entering - leaving) : entering);
          for (const key of keys) minted.add(key);
          before = now;
        }
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it("reuses every row on a jump to a range as wide, each for a row of its own kind", () => {
    const rowKeys = new RowKeys();
    const at = (first: number, last: number) => byPosition(rowKeys.keysFor(first, last, kindAt, null), first);
    const home = at(0, 9);
    const far = at(5000, 5009);
    expect(new Set(far.values())).toEqual(new Set(home.values()));
    for (const [p, key] of far) {
      const from = [...home].find(([, k]) => k === key)?.[0] ?? -1;
      expect(kindAt(from)).toBe(kindAt(p));
    }
  });

  it("makes anew the rows entering a range that moved by a few rows: their keys come after every key kept", () => {
    const rowKeys = new RowKeys();
    const start = rowKeys.keysFor(0, 9, kindAt, null);
    const moved = rowKeys.keysFor(2, 11, kindAt, null);
    expect(moved.slice(0, 8)).toEqual(start.slice(2));
    for (const key of moved.slice(8)) expect(start).not.toContain(key);
  });

  it("gives a row of another kind a freed key when none of its own kind is left", () => {
    const rowKeys = new RowKeys();
    const [request] = rowKeys.keysFor(0, 0, kindAt, null);
    const [reply] = rowKeys.keysFor(1, 1, kindAt, null);
    expect(reply).toBe(request);
  });
});
