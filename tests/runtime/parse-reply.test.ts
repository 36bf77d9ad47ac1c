import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countedParse, inspectJson, MAX_JSON_DEPTH, parsedShape } from "../../src/runtime/json-shape.ts";
import { decisionOf, parseReply } from "../../src/runtime/parse-reply.ts";
import { isDeeplyFrozen } from "../../src/runtime/freeze.ts";

/**
 * What the parser refused before its fast path, in the same order: depth and duplicate
 * keys by inspectJson, then syntax, then not an object, then a value an export cannot hold. The
 * parser must refuse exactly the same texts with exactly the same code.
 */
function refusalBefore(text: string): string | null {
  const shape = inspectJson(text);
  if (!shape.ok) return shape.code;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "not_json";
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) return "not_an_object";
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const unfit = (v: unknown): string | null => {
    if (typeof v === "number") return Number.isFinite(v) ? null : "non_finite_number";
    if (typeof v === "string") return lone.test(v) ? "invalid_unicode" : null;
    if (v === null || typeof v !== "object") return null;
    for (const [k, x] of Object.entries(v)) {
      if (lone.test(k)) return "invalid_unicode";
      const found = unfit(x);
      if (found) return found;
    }
    return null;
  };
  return unfit(json);
}

const SHAPE_CODES = new Set(["duplicate_keys", "too_deep", "not_json", "not_an_object", "non_finite_number", "invalid_unicode"]);
const codeOf = (text: string): string | null => {
  const parsed = parseReply(text, null);
  return parsed.ok ? null : SHAPE_CODES.has(parsed.code) ? parsed.code : null;
};

/** Pieces that make the count or the walk go wrong: quotes, escapes, colons, lone surrogates, huge numbers, repeated keys; and starts no JSON value has (a fence, prose, a single quote, whitespace JSON does not know). */
const piece = fc.constantFrom('"a"', '"a":1', '"a":"x:y"', '"\\":"', '"\\\\"', "1e400", '"\\ud800"', '"\ud800"', "{", "}", "[", "]", ",", ":", '"decision"', '"final"', "null", " ", "```json\n", "Sure! ", "'a'", "\u00a0", "\t", "-", "7", "tru");
const reply = fc.oneof(
  fc.array(piece, { maxLength: 24 }).map((parts) => parts.join("")),
  fc.array(piece, { maxLength: 12 }).map((parts) => `{"decision":"final",${parts.join("")}}`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.tuple(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 })).map(([k, a, b]) => `{${JSON.stringify(k)}:${JSON.stringify(a)},"z":{${JSON.stringify(k)}:1,${JSON.stringify(k)}:${JSON.stringify(b)}}}`),
);

describe("the reply parser's fast path (members counted, not collected)", () => {
  it("refuses exactly what inspectJson, JSON.parse and the walk refused before, with the same code", () => {
    fc.assert(
      fc.property(reply, (text) => {
        fc.pre(text.trim() !== "");
        expect(codeOf(text)).toBe(refusalBefore(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("says a text is not JSON only when JSON.parse would throw on it", () => {
    fc.assert(
      fc.property(reply, (text) => {
        const counted = countedParse(text, MAX_JSON_DEPTH, parsedShape);
        if (!counted.agreed && counted.notJson) expect(() => JSON.parse(text)).toThrow(SyntaxError);
      }),
      { numRuns: 3000 },
    );
  });

  it("names a duplicate key before anything else, and too deep before the parse", () => {
    expect(codeOf('{"decision":"final","a":1,"a":1e400}')).toBe("duplicate_keys");
    expect(codeOf('{"a":{"b":1,"b":2},"c":"\\ud800"}')).toBe("duplicate_keys");
    expect(codeOf(`${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`)).toBe("too_deep");
    expect(codeOf(`${"[".repeat(MAX_JSON_DEPTH + 1)}`)).toBe("too_deep");
    expect(codeOf('{"a":"\\u0022:","a":2}')).toBe("duplicate_keys");
    expect(codeOf('{"a":1} {"b":2}')).toBe("not_json");
    expect(codeOf('{"a":"never ends}')).toBe("not_json");
    expect(codeOf('{"a":1e400}')).toBe("non_finite_number");
    expect(codeOf('{"\\udc00":1}')).toBe("invalid_unicode");
    // The first value an export cannot hold is named, whichever kind comes first.
    expect(codeOf('{"decision":"final","a":1e400,"b":"\\ud800"}')).toBe("non_finite_number");
    expect(codeOf('{"decision":"final","b":"\\ud800","a":1e400}')).toBe("invalid_unicode");
    expect(codeOf('{"decision":"final","\\ud800":1e400}')).toBe("invalid_unicode");
  });

  it("draws the depth line where inspectJson does, at and around the bound, with or without a repeated key", () => {
    const nested = fc.record({ depth: fc.integer({ min: MAX_JSON_DEPTH - 2, max: MAX_JSON_DEPTH + 2 }), open: fc.constantFrom("[", '{"a":'), repeat: fc.boolean(), closed: fc.boolean() });
    fc.assert(
      fc.property(nested, ({ depth, open, repeat, closed }) => {
        const close = open === "[" ? "]" : "}";
        const inner = repeat ? '{"k":1,"k":2}' : "1";
        const text = `${open.repeat(depth)}${inner}${closed ? close.repeat(depth) : ""}`;
        expect(codeOf(text)).toBe(refusalBefore(text));
      }),
      { numRuns: 200 },
    );
  });

  it("accepts a decision and freezes it where it lies", () => {
    const parsed = parseReply('{"decision":"tool","tool":"portfolio.read","arguments":{"household":"HH-1001"},"note":"x"}', "stop");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.discarded).toEqual(["note"]);
    expect(Object.isFrozen(parsed.body)).toBe(true);
    expect(Object.isFrozen(parsed.body.arguments)).toBe(true);
  });

  it("gives every part of a decision deeply frozen, zod's reading too (a body the fast path cannot vouch for)", () => {
    const claim = { kind: "future_value", value: 1, unit: "INR", scenario: null, as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" };
    // A body of no prototype: JSON.parse never makes one, so the fast path leaves it to zod, which accepts it.
    const body = Object.assign(Object.create(null) as Record<string, unknown>, { decision: "final", outcome: "answered", claims: [{ ...claim }], evidence_ids: ["ev-1"], policy_code: null, message: "m", note: "x" });
    const parsed = decisionOf(body);
    expect(parsed).toMatchObject({ ok: true, decision: { claims: [claim] }, discarded: ["note"] });
    if (!parsed.ok) return;
    expect(isDeeplyFrozen(parsed.decision)).toBe(true);
    expect(isDeeplyFrozen(parsed.discarded)).toBe(true);
    expect(Object.isFrozen(parsed.body)).toBe(true);
  });
});
