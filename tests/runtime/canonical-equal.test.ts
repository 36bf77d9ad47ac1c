import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/runtime/canonical.ts";
import { canonicallyEqual } from "../../src/runtime/canonical-equal.ts";

/** The definition: both have a canonical form, and it is the same text. */
const byText = (a: unknown, b: unknown): boolean => {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false;
  }
};

const strings = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("\ud800", "a\udc00b", "\ud83d\ude00", "é", "\u0000", "x"));
const numbers = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double(), fc.constantFrom(-0, 0, 1e21, 0.1 + 0.2, Infinity, NaN));
const leaves = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(Symbol("s")));
const values = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaves, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(strings, tie("value"), { maxKeys: 4 }),
})).value;

/** Rewrites a value so that its canonical form usually stays the same (and sometimes does not). */
function rewrite(value: unknown, choices: number[]): unknown {
  const choice = choices.length > 0 ? (choices.shift() as number) : 0;
  if (Array.isArray(value)) {
    const items: unknown[] = value.map((v) => (v === undefined ? null : v === null && choice % 2 === 0 ? undefined : rewrite(v, choices)));
    return choice === 7 ? { toJSON: () => items } : choice === 8 ? items.slice(1) : items;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => [k, rewrite(v, choices)] as const);
    if (choice % 3 === 0) entries.reverse();
    if (choice === 4) entries.push(["added", undefined]);
    if (choice === 5) entries.pop();
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  }
  if (typeof value === "number") return choice === 1 ? -value : choice === 2 ? value + 1 : value;
  if (typeof value === "string") return choice === 3 ? `${value}!` : value;
  return value;
}

describe("canonical equality (the replay comparison without writing canonical JSON)", () => {
  it("says two values are equal exactly when both have a canonical form and it is the same text", () => {
    fc.assert(
      fc.property(values, fc.array(fc.nat(9), { maxLength: 30 }), (value, choices) => {
        const other = rewrite(value, choices);
        expect(canonicallyEqual(value, other)).toBe(byText(value, other));
        expect(canonicallyEqual(other, value)).toBe(byText(value, other));
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with the text on unrelated values too", () => {
    fc.assert(fc.property(values, values, (a, b) => {
        expect(canonicallyEqual(a, b)).toBe(byText(a, b));
      }), { numRuns: 3000 });
  });

  it("ignores key order, undefined members and the sign of zero, and follows toJSON", () => {
    expect(canonicallyEqual({ a: 1, b: [0, null] }, { b: [-0, undefined], a: 1, c: undefined })).toBe(true);
    expect(canonicallyEqual({ when: { toJSON: () => "2026" } }, { when: "2026" })).toBe(true);
    expect(canonicallyEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
  });

  it("finds nothing equal to a value canonical JSON cannot write", () => {
    expect(canonicallyEqual(NaN, NaN)).toBe(false);
    expect(canonicallyEqual(["\ud800"], ["\ud800"])).toBe(false);
    expect(canonicallyEqual({ "\udc00": 1 }, { "\udc00": 1 })).toBe(false);
    // canonicalJson writes a function as the bare word undefined, which no JSON text (no recorded event) holds.
    const f = (): number => 1;
    expect(canonicallyEqual({ a: f }, { a: f })).toBe(false);
  });
});
