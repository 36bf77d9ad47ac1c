import { describe, expect, it } from "vitest";
import { findLeaks, leakScanner } from "../../src/scoring/leak.ts";
import { memoByKey, memoByString } from "../../src/scoring/memo.ts";
import { selfReportsIn } from "../../src/scoring/check-self-report.ts";

describe("remembered answers", () => {
  it("a remembered answer is frozen: no caller can change what the next caller gets", () => {
    const f = memoByString((s: string) => ({ length: s.length, parts: s.split(" ") }));
    const first = f("a b");
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as { length: number }).length = 9).toThrow(TypeError);
    expect(f("a b")).toEqual({ length: 3, parts: ["a", "b"] });
    expect(Object.isFrozen(selfReportsIn("I verified the snapshot."))).toBe(true);
  });

  it("a function of several values is asked once per key, and its answer is frozen", () => {
    let asked = 0;
    const f = memoByKey(
      (a: string, b: readonly string[]) => `${a}|${b.join(",")}`,
      (a: string, b: readonly string[]) => {
        asked += 1;
        return [a, ...b];
      },
    );
    expect(f("x", ["y"])).toEqual(["x", "y"]);
    expect(f("x", ["y"])).toEqual(["x", "y"]);
    expect(asked).toBe(1);
    expect(f("x", ["z"])).toEqual(["x", "z"]);
    expect(asked).toBe(2);
    expect(Object.isFrozen(f("x", ["z"]))).toBe(true);
  });

  it("the same text is judged by its own fragments and shown sentences, whatever was asked before", () => {
    const text = "the store said snapshot-store timed out";
    expect(findLeaks("a", text, [])).toEqual([]);
    expect(findLeaks("b", text, ["snapshot-store timed out"]).map((l) => [l.where, l.kind])).toEqual([["b", "diagnostics text"]]);
    const shown = "TypeError: upstream failed";
    expect(findLeaks("c", shown, []).map((l) => l.kind)).toContain("exception name");
    expect(findLeaks("d", shown, [], [shown])).toEqual([]);
  });

  it("two different inputs never share a remembered answer, whatever characters their texts and shown sentences hold", () => {
    const fragments = ["ledger-db.internal:5432"];
    expect(findLeaks("a", "all fine", fragments, ["ledger-db.internal:5432\u0000"])).toEqual([]);
    expect(findLeaks("b", "all fine\u0000ledger-db.internal:5432", fragments, []).map((l) => l.kind)).toContain("diagnostics text");
  });

  it("each call names its own place, though the scan is shared", () => {
    const text = "ETIMEDOUT reading the store";
    expect(findLeaks("result.message", text, []).map((l) => l.where)).toEqual(["result.message"]);
    expect(findLeaks("observation ev-1.notes", text, []).map((l) => l.where)).toEqual(["observation ev-1.notes"]);
  });

  it("a run's scanner judges each text by that run's fragments and shown sentences, and names each place", () => {
    const detail = "TypeError: upstream failed";
    const withShown = leakScanner([], [detail]);
    const without = leakScanner([]);
    expect(withShown("result.message", detail)).toEqual([]);
    expect(without("result.message", detail).map((l) => [l.where, l.kind])).toEqual([["result.message", "exception name"]]);
    // Asked again, for another place: the same finding, its own place, a list of its own.
    const first = without("a", detail);
    const second = without("b", detail);
    expect(second.map((l) => l.where)).toEqual(["b"]);
    expect(first.map((l) => l.where)).toEqual(["a"]);
    expect(leakScanner(["snapshot-store timed out"])("c", "the store said snapshot-store timed out").map((l) => l.kind)).toEqual(["diagnostics text"]);
    expect(without("c", "the store said snapshot-store timed out")).toEqual([]);
  });
});
