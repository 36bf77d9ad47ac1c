import { describe, expect, it } from "vitest";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { freezeFresh, freezeParsed, frozenCopy, isDeeplyFrozen } from "../../src/runtime/freeze.ts";
import { fixture, runReplies, tool, final } from "../support.ts";

describe("frozen copies", () => {
  it("copies what the caller still holds, deep and frozen", () => {
    const args = { household: "HH-1001", nested: { amounts: [1, 2] } };
    const copy = frozenCopy(args);
    args.nested.amounts.push(3);
    expect(copy).toEqual({ household: "HH-1001", nested: { amounts: [1, 2] } });
    expect(isDeeplyFrozen(copy)).toBe(true);
  });

  it("shares what is deeply frozen already instead of copying it again", () => {
    const recorded = frozenCopy({ holdings: [{ name: "fund", value_inr: 1 }] });
    expect(frozenCopy(recorded)).toBe(recorded);
    const wrapper = frozenCopy({ data: recorded, extra: { n: 1 } });
    expect(wrapper.data).toBe(recorded);
  });

  it("copies a frozen object that still holds something mutable, and anything that is not plain data", () => {
    const shallow = Object.freeze({ inner: { n: 1 } });
    expect(isDeeplyFrozen(shallow)).toBe(false);
    const copy = frozenCopy(shallow);
    expect(copy).not.toBe(shallow);
    shallow.inner.n = 2;
    expect(copy.inner.n).toBe(1);
    class Money {
      constructor(readonly amount: number) {}
    }
    const instance = Object.freeze(new Money(5));
    expect(isDeeplyFrozen(instance)).toBe(false);
    expect(Object.getPrototypeOf(frozenCopy(instance))).toBe(Object.prototype);
  });

  it("keeps a __proto__ key as a plain key", () => {
    const copy = frozenCopy(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>);
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("freezes a new object in place and copies only the parts someone else holds", () => {
    const shared = frozenCopy({ n: 1 });
    const held = { m: 2 };
    const fresh = { shared, held };
    const frozen = freezeFresh(fresh);
    expect(frozen).toBe(fresh);
    expect(frozen.shared).toBe(shared);
    expect(frozen.held).not.toBe(held);
    held.m = 3;
    expect(frozen.held.m).toBe(2);
    expect(isDeeplyFrozen(frozen)).toBe(true);
  });
});

describe("large parts found deeply frozen are remembered", () => {
  const big = (leaf: object) => ({ rows: Array.from({ length: 40 }, (_, i) => ({ i, tags: [String(i)] })), leaf });

  it("answers the same however often asked, for a large frozen tree and for one with a mutable leaf deep inside", () => {
    const frozen = frozenCopy(big({ n: 1 }));
    const holed = Object.freeze({ ...frozenCopy(big({})), leaf: { n: 1 } });
    for (let i = 0; i < 3; i++) {
      expect(isDeeplyFrozen(frozen)).toBe(true);
      expect(isDeeplyFrozen(holed)).toBe(false);
      expect(isDeeplyFrozen({ inner: frozen })).toBe(false);
      expect(isDeeplyFrozen(Object.freeze([frozen, holed]))).toBe(false);
    }
    expect(frozenCopy(frozen)).toBe(frozen);
    expect(frozenCopy(holed)).not.toBe(holed);
    expect(frozenCopy({ part: frozen }).part).toBe(frozen);
  });

  it("looks through a large deeply frozen part once, and a small one every time", () => {
    const reads = { large: 0, small: 0 };
    const counted = <T extends object>(target: T, key: keyof typeof reads): T =>
      new Proxy(target, {
        get(t, k, r) {
          reads[key] += 1;
          return Reflect.get(t, k, r) as unknown;
        },
      });
    const large = counted(frozenCopy(big({ n: 1 })), "large");
    const small = counted(frozenCopy({ n: 1, m: [1] }), "small");
    expect(isDeeplyFrozen(large)).toBe(true);
    expect(isDeeplyFrozen(small)).toBe(true);
    const first = { ...reads };
    expect(first.large).toBeGreaterThan(0);
    expect(isDeeplyFrozen(large)).toBe(true);
    expect(isDeeplyFrozen({ inside: large })).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ inside: large }))).toBe(true);
    expect(reads.large).toBe(first.large);
    expect(isDeeplyFrozen(small)).toBe(true);
    expect(reads.small).toBe(2 * first.small);
  });
});

describe("a reply's JSON frozen where it lies", () => {
  it("freezes freshly parsed JSON in place, all the way down, __proto__ keys staying plain keys", () => {
    const parsed = JSON.parse('{"a": [1, {"b": "c"}], "__proto__": {"d": null}}') as { a: [number, { b: string }] };
    expect(freezeParsed(parsed)).toBe(parsed);
    expect(isDeeplyFrozen(parsed)).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(freezeParsed(7)).toBe(7);
  });

  it("a run records the reply's decision and the tool's arguments deeply frozen, sharing them rather than copying them", async () => {
    const run = await runReplies(fixture("concentration-hh1001"), [tool("portfolio.read", { household: "HH-1001" }), final("refused")]);
    const decision = run.events.find((e) => e.kind === "decision") as { body: Record<string, unknown> };
    const attempt = run.events.find((e) => e.kind === "attempt") as { arguments: unknown };
    expect(isDeeplyFrozen(decision.body)).toBe(true);
    expect(attempt.arguments).toBe(decision.body.arguments);
    expect(attempt.arguments).toEqual({ household: "HH-1001" });
  });
});

describe("fixtures frozen once, at load", () => {
  it("a loaded fixture is deeply frozen, and a run records its snapshot without copying it", async () => {
    const fx = fixture("concentration-hh1001");
    expect(isDeeplyFrozen(fx)).toBe(true);
    const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), final("refused")]);
    const observation = run.events.find((e) => e.kind === "observation") as { data: unknown };
    expect(observation.data).toBe(fx.snapshots.find((s) => s.household === "HH-1001"));
  });

  it("a fixture built in code (not frozen) is copied for the run, so changing it afterwards changes nothing recorded", async () => {
    const fx = structuredClone(fixture("concentration-hh1001"));
    expect(isDeeplyFrozen(fx)).toBe(false);
    const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), final("refused")], { clock: createVirtualClock() });
    (fx.snapshots[0] as { equity_inr: number }).equity_inr = 1;
    expect(run.events.find((e) => e.kind === "observation")).toMatchObject({ data: { equity_inr: 48000000 } });
  });
});
