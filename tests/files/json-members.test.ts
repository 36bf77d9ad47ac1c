import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsedMembers } from "../../src/files/json-members.ts";
import { parseJsonText } from "../../src/files/read-json-file.ts";
import { inspectJson, writtenMembers } from "../../src/runtime/json-shape.ts";
import { dropPrototypeKeys, UNTOUCHED_KEYS } from "../../src/schemas/prototype-keys.ts";

/** Keys that make counting hard: quotes, backslashes, colons, braces, prototype names, the skipped key. */
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('"', "\\", ":", "a:b", "{", "]", '\\"', "__proto__", "constructor", "prototype", "events"));
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.constantFrom(null, true, 0, -1.5, "x:y", '\\":[', "₹"), fc.string(), fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(key, tie("value"), { maxKeys: 4 })),
})).value;

/** Writes a value as JSON, repeating in the n-th non-empty object (document order) one of its keys, when `n` is a number. */
function written(v: unknown, n: number | null, indent: string): string {
  let seen = 0;
  const write = (x: unknown, pad: string): string => {
    if (Array.isArray(x)) return `[${x.map((y) => write(y, pad + indent)).join(`,${pad}`)}]`;
    if (x === null || typeof x !== "object") return JSON.stringify(x);
    const entries = Object.entries(x);
    const parts = entries.map(([k, y]) => `${JSON.stringify(k)} : ${write(y, pad + indent)}`);
    if (entries.length > 0 && seen++ === n) parts.push(`${JSON.stringify(entries[0]![0])}:"again"`);
    return `{${pad}${parts.join(`,${pad}`)}}`;
  };
  return write(v, "\n");
}

/** What the reader accepted before the fast path: inspectJson, then JSON.parse, then prototype keys dropped. */
function fullChecks(text: string, maxDepth: number): { ok: boolean; value?: unknown } {
  if (!inspectJson(text, maxDepth).ok) return { ok: false };
  try {
    return { ok: true, value: dropPrototypeKeys(JSON.parse(text)) };
  } catch {
    return { ok: false };
  }
}

describe("the reader's fast path (counting members instead of collecting keys)", () => {
  it("counts as many members in the text as in the parsed value exactly when no object repeats a key", () => {
    fc.assert(
      fc.property(value, fc.option(fc.nat(8)), fc.constantFrom("", " ", "  "), (v, n, indent) => {
        const text = written(v, n, indent);
        const unique = inspectJson(text, 1000).ok;
        expect(parsedMembers(JSON.parse(text), UNTOUCHED_KEYS).members === writtenMembers(text, 1000)).toBe(unique);
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts exactly what the full checks accept, with the same value, and names refusals as they do", () => {
    fc.assert(
      fc.property(value, fc.option(fc.nat(8)), fc.integer({ min: 1, max: 6 }), (v, n, maxDepth) => {
        const text = written(v, n, " ");
        const read = parseJsonText(text, maxDepth);
        const full = fullChecks(text, maxDepth);
        expect(read.ok).toBe(full.ok);
        if (read.ok) expect(read.value).toEqual(full.value);
        if (!read.ok) expect(read.code === "duplicate_key" || read.code === "too_deep").toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("sees a prototype key anywhere but under events, where the seal needs it kept", () => {
    expect(parsedMembers(JSON.parse('{"events": [{"__proto__": 1}]}'), UNTOUCHED_KEYS)).toEqual({ members: 2, prototypeKeys: false });
    expect(parsedMembers(JSON.parse('{"runs": [{"constructor": 1}]}'), UNTOUCHED_KEYS)).toEqual({ members: 2, prototypeKeys: true });
  });

  it("stops at the first container deeper than the limit, and at a string that never ends", () => {
    expect(writtenMembers('{"a": [{"b": []}]}', 4)).toBe(2);
    expect(writtenMembers('{"a": [{"b": [{}]}]}', 4)).toBe(-1);
    expect(writtenMembers('{"a": "\\"}', 4)).toBe(-1);
    expect(writtenMembers('{"a\\\\": "b\\\\\\"c:"}', 4)).toBe(1);
  });

  it("counts only an object's own keys, so a polluted Object.prototype can neither hide a repeated key nor send the walk in circles", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    proto.loop = {};
    try {
      // Counted with inherited keys, one extra per object would cancel one repeat: {"a":1,"a":2} would agree.
      expect(parsedMembers(JSON.parse('{"a": {"b": 1}}'), UNTOUCHED_KEYS).members).toBe(2);
      for (const text of ['{"a": 1, "a": 2}', '{"a": {"b": 1}, "a": {"b": 2}}', '{"a": {"b": 1, "b": 2}}']) {
        const read = parseJsonText(text, 8);
        expect(read.ok ? "accepted" : read.code, text).toBe("duplicate_key");
      }
      const sound = parseJsonText('{"a": {"b": 1}, "c": [1, {"d": 2}]}', 8);
      expect(sound.ok && sound.value).toEqual({ a: { b: 1 }, c: [1, { d: 2 }] });
    } finally {
      delete proto.polluted;
      delete proto.loop;
    }
  });

});
