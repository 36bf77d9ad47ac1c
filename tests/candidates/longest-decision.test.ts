import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decisionJsonSchema } from "../../src/candidates/http/decision-schema.ts";
import { checkMaxTokens, LONGEST_GRAMMAR_NUMBER, longestDecisionLength, longestJsonText, longestMatch } from "../../src/candidates/http/longest-decision.ts";
import { HttpSettings } from "../../src/candidates/http/settings.ts";
import { FinalDecision } from "../../src/schemas/decision.ts";

const closed = (properties: Record<string, unknown>) => ({ type: "object", properties, additionalProperties: false });

describe("the longest JSON text a bounded schema allows", () => {
  it.each([
    ["a string at its maxLength, with its quotes", { type: "string", maxLength: 5 }, 7],
    ["the longest enum value", { type: "string", enum: ["INR", "ratio"] }, 7],
    ["a const", { type: "string", const: "final" }, 7],
    ["a nullable string: the longer of the two", { type: ["string", "null"], maxLength: 1 }, 4],
    ["a boolean", { type: "boolean" }, 5],
    ["an integer between its bounds: the longer end", { type: "integer", minimum: -5, maximum: 100 }, 3],
    ["an integer with one bound: the grammar's 17", { type: "integer", minimum: 1 }, 17],
    ["a number: llama.cpp's longest", { type: "number", minimum: 0, maximum: 1 }, 52],
    ["an array at maxItems, with its commas", { type: "array", items: { type: "string", maxLength: 2 }, maxItems: 3 }, 2 + 3 * 4 + 2],
    ["an empty array when maxItems is 0", { type: "array", items: { type: "string" }, maxItems: 0 }, 2],
    ["the longest branch of anyOf", { anyOf: [{ type: "null" }, { type: "string", maxLength: 9 }] }, 11],
    ["the longest branch of oneOf", { oneOf: [{ const: 1 }, { const: 100 }] }, 3],
    // {"a":"xx","bb":false}: every property counted, required or not
    ["an object with every property present", closed({ a: { type: "string", maxLength: 2 }, bb: { type: "boolean" } }), 21],
    ["an empty closed object", closed({}), 2],
    ["a date pattern shorter than the maxLength beside it", { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", maxLength: 64 }, 12],
  ])("%s", (_what, schema, length) => {
    expect(longestJsonText(schema)).toBe(length);
  });

  it.each([
    ["a string without maxLength", { type: "string" }],
    ["an array without maxItems", { type: "array", items: { type: "number" } }],
    ["an object open to extra properties", { type: "object", properties: {} }],
    ["an open schema", {}],
    ["an unbounded branch", { anyOf: [{ type: "null" }, { type: "string" }] }],
    ["a pattern that repeats without end", { type: "string", pattern: "^[a-z]+$" }],
  ])("is unbounded (Infinity) for %s", (_what, schema) => {
    expect(longestJsonText(schema)).toBe(Infinity);
  });

  it("counts a number as llama.cpp's grammar writes its longest: sign, 16 digits, 16 decimals, exponent of 16", () => {
    const text = `-${"9".repeat(16)}.${"9".repeat(16)}e-${"9".repeat(16)}`;
    expect(Number.isNaN(JSON.parse(text))).toBe(false);
    expect(LONGEST_GRAMMAR_NUMBER).toBe(text.length);
  });

  it.each([
    ["^ev-[0-9]{1,4}$", 7],
    ["^[A-Z]{2}-[0-9]{4}$", 7],
    ["^a\\.b?$", 3],
    ["^[^\\]x]{3}$", 3],
    ["^[0-9]{2,}$", Infinity],
    ["^(a|bc)$", null],
    ["unanchored", null],
  ])("the longest match of %s is %s", (pattern, length) => {
    expect(longestMatch(pattern)).toBe(length);
  });
});

describe("the longest valid decision", () => {
  // Built by hand from the schema sent: every field at its bound, the longest outcome, two claims.
  const handBuilt = (): string => {
    const claim = { kind: "concentration", value: "<number>", unit: "ratio", scenario: "s".repeat(24), as_of: "2026-03-31", calculator: "c".repeat(24), evidence_id: "e".repeat(12) };
    const decision = { decision: "final", outcome: "needs_clarification", claims: [claim, claim], evidence_ids: ["e".repeat(12), "e".repeat(12), "e".repeat(12), "e".repeat(12)], policy_code: "p".repeat(32), message: "m".repeat(600) };
    return JSON.stringify(decision).replaceAll('"<number>"', `-${"9".repeat(16)}.${"9".repeat(16)}e-${"9".repeat(16)}`);
  };

  it("is the final decision with every field at its bound, and is itself a valid decision", () => {
    const text = handBuilt();
    expect(FinalDecision.safeParse(JSON.parse(text)).success).toBe(true);
    expect(longestDecisionLength()).toBe(text.length);
    expect(longestJsonText(decisionJsonSchema())).toBe(text.length);
  });

  it("is well under 1,500 characters, so max_tokens at one token per character fits a slot's context beside the prompt", () => {
    expect(longestDecisionLength()).toBeLessThan(1_400);
  });

  it("is the default max_tokens, as docs/local-models.md states it", () => {
    expect(HttpSettings.parse({ baseUrl: "http://127.0.0.1:8080", model: "m" }).maxTokens).toBe(longestDecisionLength());
    expect(readFileSync(new URL("../../docs/local-models.md", import.meta.url), "utf8")).toContain(`(${longestDecisionLength().toLocaleString("en")} with the current bounds`);
  });
});

describe("a max_tokens that cannot hold the longest decision", () => {
  const longest = longestDecisionLength();

  it("is refused with json_schema output, naming both numbers and the fix", () => {
    const check = checkMaxTokens({ maxTokens: 768, responseFormat: "json_schema" }, "--max-tokens");
    expect(check).toMatchObject({ ok: false, code: "max_tokens_below_longest_decision", maxTokens: 768, longestDecision: longest });
    expect(check.ok ? "" : check.message).toContain(`--max-tokens 768`);
    expect(check.ok ? "" : check.message).toContain(`set --max-tokens to at least ${longest}`);
  });

  it("is accepted at exactly the longest decision, and with prompt-only output (nothing constrains the reply)", () => {
    expect(checkMaxTokens({ maxTokens: longest, responseFormat: "json_schema" })).toEqual({ ok: true });
    expect(checkMaxTokens({ maxTokens: 100, responseFormat: "prompt_only" })).toEqual({ ok: true });
  });
});
