import { describe, expect, it } from "vitest";
import { decisionJsonSchema, toolArgumentSchemas } from "../../src/candidates/http/decision-schema.ts";
import { grammarProblems } from "../../src/candidates/http/grammar-compat.ts";

describe("the response schema a small model can finish (llama.cpp grammar subset)", () => {
  it("has no unbounded string or array, no escape or lookaround in a pattern, no open object", () => {
    expect(grammarProblems(decisionJsonSchema())).toEqual([]);
  });

  it("bounds the message and the claim list by name", () => {
    const text = JSON.stringify(decisionJsonSchema());
    expect(text).toContain('"message":{"type":"string","maxLength":600}');
    expect(text).toMatch(/"claims":\{"type":"array","items":.*"maxItems":2/);
    expect(text).toContain('"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"');
  });

  it("keeps each tool's arguments closed in the prompt's catalogue", () => {
    for (const t of toolArgumentSchemas()) expect(t.arguments.additionalProperties, t.name).toBe(false);
  });

  it.each([
    [{ type: "string" }, "a string without maxLength"],
    [{ type: "string", maxLength: 10, pattern: "^\\d{4}$" }, "an escape class"],
    [{ type: "string", maxLength: 10, pattern: "^(?=a)" }, "a lookaround"],
    [{ type: "array", items: { type: "number" } }, "an array without maxItems"],
    [{ type: "object", properties: {} }, "an object open to extra properties"],
    [{}, "an open schema"],
    [{ anyOf: [{ type: "string", maxLength: 3 }, { type: ["string", "null"] }] }, "a string without maxLength"],
  ])("catches %j: %s", (schema, problem) => {
    expect(grammarProblems(schema).map((p) => p.problem).join("; ")).toContain(problem);
  });

  it("accepts strings bounded by const or enum, and nested closed objects", () => {
    expect(grammarProblems({ type: "object", additionalProperties: false, properties: { a: { type: "string", const: "x" }, b: { type: "string", enum: ["y"] } } })).toEqual([]);
  });
});
