import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonWithout } from "../../src/runtime/canonical.ts";

/** What the `canonicalize` package writes, or that it throws: the oracle the seals were made with. */
const oracle = (value: unknown): { text: string | undefined } | { throws: true } => {
  try {
    return { text: canonicalize(value) };
  } catch {
    return { throws: true };
  }
};
const ours = (value: unknown): { text: string | undefined } | { throws: true } => {
  try {
    return { text: canonicalJson(value) };
  } catch {
    return { throws: true };
  }
};
// canonicalJson throws where the package returns undefined (a value with no JSON form at all).
const same = (value: unknown): void => {
  const want = oracle(value);
  expect(ours(value)).toEqual("text" in want && want.text === undefined ? { throws: true } : want);
};

const strings = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.constantFrom("\ud800", "a\udc00b", "\ud83d\ude00", "\u2028", "é", "€", "\u0000"));
const numbers = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 1e21, 1e-7, 0.1 + 0.2, 3345563.94, Number.MAX_VALUE, Number.MIN_VALUE, Infinity, NaN));
const leaves = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null), fc.constant(undefined));
const values = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaves, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc.dictionary(strings, tie("value"), { maxKeys: 6 }),
})).value;

describe("canonical JSON (RFC 8785) is byte for byte what the seals were made with", () => {
  it("writes what the canonicalize package writes, and throws where it throws, for any value", () => {
    fc.assert(fc.property(values, same), { numRuns: 3000 });
  });

  it("sorts keys by UTF-16 code units, writes numbers in their shortest form, and refuses what JSON cannot hold", () => {
    expect(canonicalJson({ b: 1, a: [1e21, 0.4, "₹", -0], "\ud83d\ude00": 1, "\uff61": 2 })).toBe('{"a":[1e+21,0.4,"₹",0],"b":1,"\ud83d\ude00":1,"\uff61":2}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    for (const bad of [Infinity, NaN, "\ud800", { "\udc00": 1 }, undefined]) expect(() => canonicalJson(bad)).toThrow();
  });

  it("writes an object with keys left out and added as canonicalJson writes that object built", () => {
    const keys = fc.oneof(strings, fc.constantFrom("events", "integrity", "toJSON", "__proto__", "a"));
    const objects = fc.dictionary(keys, values, { maxKeys: 6 });
    fc.assert(
      fc.property(objects, fc.uniqueArray(keys, { maxLength: 3 }), objects, (object, omitted, extra) => {
        const omit = new Set(omitted);
        const built = Object.fromEntries([...Object.keys(object).filter((k) => !omit.has(k)).map((k) => [k, object[k]]), ...Object.entries(extra)]);
        const want = ours(built);
        let got: { text: string | undefined } | { throws: true };
        try {
          got = { text: canonicalJsonWithout(object, omit, extra) };
        } catch {
          got = { throws: true };
        }
        expect(got).toEqual(want);
      }),
      { numRuns: 2000 },
    );
    const toJson = { toJSON: () => "stands in", a: 1 };
    expect(canonicalJsonWithout(toJson, new Set(), { b: 2 })).toBe('"stands in"');
    expect(canonicalJsonWithout(toJson, new Set(["toJSON"]), { b: 2 })).toBe('{"a":1,"b":2}');
  });
});
