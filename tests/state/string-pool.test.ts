import { describe, expect, it } from "vitest";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { MAX_POOLED, MAX_POOLED_LENGTH, StringPool } from "../../src/state/run/string-pool.ts";
import { fixture } from "../support.ts";

/** Every string value in `value`, at any depth (keys are not values). */
const stringsIn = (value: unknown): string[] =>
  typeof value === "string" ? [value] : typeof value === "object" && value !== null ? Object.values(value).flatMap(stringsIn) : [];

describe("a received run's repeated strings are kept once", () => {
  it("leaves every event as it was, and replaces each string seen before with the copy kept", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reads-other-household");
    if (!run) throw new Error("no run");
    const pool = new StringPool();
    const first = pool.share(structuredClone(run.events));
    expect(first).toEqual(run.events);
    const before = pool.shared;
    const again = pool.share(structuredClone(run.events));
    expect(again).toEqual(run.events);
    // The second copy's strings were all brought by the first: each is shared, but the long ones.
    const kept = stringsIn(run.events).filter((s) => s.length <= MAX_POOLED_LENGTH);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(stringsIn(run.events).length);
    expect(pool.shared - before).toBe(kept.length);
    expect(pool.size).toBe(new Set(kept).size);
  });

  it("leaves a frozen value (made in this thread, not received) as it is", () => {
    const pool = new StringPool();
    const value = Object.freeze({ kind: "x", inner: { kind: "x" } });
    expect(pool.share(value)).toBe(value);
    expect(pool.size).toBe(0);
  });

  it("keeps numbers, booleans, nulls, nested arrays and keys as they are", () => {
    const value = { a: [1, "x", null, true, { b: "x", "x": 2.5 }], c: { d: ["x", ["y"]] }, e: false };
    const pool = new StringPool();
    expect(pool.share(structuredClone(value))).toEqual(value);
    expect(pool.size).toBe(2);
    expect(pool.shared).toBe(2);
  });

  it("keeps at most MAX_POOLED strings, none longer than MAX_POOLED_LENGTH", () => {
    const pool = new StringPool();
    pool.share(Array.from({ length: MAX_POOLED + 10 }, (_, i) => `id-${i}`));
    expect(pool.size).toBe(MAX_POOLED);
    pool.share(["z".repeat(MAX_POOLED_LENGTH + 1)]);
    expect(pool.size).toBe(MAX_POOLED);
    // Ids past the bound are not kept, so seeing them again shares nothing; the first ones are shared.
    const shared = pool.shared;
    pool.share([`id-${MAX_POOLED + 5}`, "id-0"]);
    expect(pool.shared - shared).toBe(1);
    const small = new StringPool();
    small.share(["z".repeat(MAX_POOLED_LENGTH + 1), "z".repeat(MAX_POOLED_LENGTH)]);
    expect(small.size).toBe(1);
  });
});
