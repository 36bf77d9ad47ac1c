import fc from "fast-check";
import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { TOOL_CATALOGUE } from "../runtime/tools/catalogue.ts";

/** What kind of hostile input a case mostly holds: the fuzz report counts cases per category. */
export const CATEGORIES = ["random-json", "near-valid", "tool-calls", "finals", "text", "mixed"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FuzzCase {
  category: Category;
  fixture: string;
  responses: CollectedResponse[];
}

const KNOWN_HOUSEHOLDS = ["HH-1001", "HH-1002", "HH-2002", "HH-9999"];

/** Households as a hostile candidate would write them: real, spoofed by case, space, look-alike or zero-width. */
const household = fc.oneof(
  fc.constantFrom(...KNOWN_HOUSEHOLDS),
  fc.constantFrom("hh-1001", " HH-1001", "HH-1001 ", "HH\u20111001", "HH-1001\u200b", "ΗΗ-1001", "HH-2002\u0000", "HH-1001,HH-2002"),
  fc.string({ maxLength: 12 }),
  fc.integer(),
);

const amount = fc.oneof(
  fc.constantFrom(48000000, 120000000, 4.8e7, 4800000, 2500000, 0, -1, 1e308, 0.06, 5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom("48000000", "4.8e7", null, true, [], {}),
);

const toolName = fc.oneof(fc.constantFrom(...TOOL_CATALOGUE.keys()), fc.constantFrom("portfolio.write", "export", "shell", "__proto__", "constructor", ""), fc.string({ maxLength: 16 }));

const argumentsArb = fc.oneof(
  fc.record({ household }, { requiredKeys: [] }),
  fc.record({ household, equity_inr: amount, eligible_inr: amount }, { requiredKeys: [] }),
  fc.record({ scenario: fc.constantFrom("scenario-A", "scenario-B", "scenario-Z"), principal_inr: amount, annual_return: amount, years: fc.oneof(amount, fc.integer({ min: -5, max: 500 })) }, { requiredKeys: [] }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor", "prototype")), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const toolDecision = fc.record({ decision: fc.constant("tool"), tool: toolName, arguments: argumentsArb });

const claim = fc.record({
  kind: fc.constantFrom("future_value", "concentration", "other"),
  value: amount,
  unit: fc.constantFrom("INR", "ratio", "USD"),
  scenario: fc.oneof(fc.constant(null), fc.constantFrom("scenario-A", "scenario-B")),
  as_of: fc.constantFrom("2026-03-31", "2025-01-01", "yesterday"),
  calculator: fc.constantFrom("calc-fv-v1", "calc-concentration-v1", "mine"),
  evidence_id: fc.constantFrom("ev-1", "ev-2", "ev-3", "ev-99", "call-1", ""),
});

const finalDecision = fc.record(
  {
    decision: fc.constant("final"),
    outcome: fc.constantFrom("answered", "needs_clarification", "refused", "escalated", "unavailable", "budget_exhausted", "invalid_output", "done"),
    claims: fc.array(claim, { maxLength: 2 }),
    evidence_ids: fc.array(fc.constantFrom("ev-1", "ev-2", "ev-7", "forged"), { maxLength: 3 }),
    policy_code: fc.oneof(fc.constant(null), fc.constantFrom("household_not_authorised", "missing_horizon", "tool_unavailable", "no_approved_content")),
    message: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("I verified the snapshot.", "Error: ETIMEDOUT at /srv/x.ts:1:2", "api_key=sk-0123456789abcdefghij")),
    tool_calls: fc.jsonValue({ maxDepth: 2 }),
    verified: fc.boolean(),
  },
  { requiredKeys: ["decision", "outcome", "claims", "evidence_ids", "policy_code", "message"] },
);

/** Drops, retypes or adds one field of a valid decision. */
const nearValid = fc.tuple(fc.oneof(toolDecision, finalDecision), fc.constantFrom("drop", "retype", "add", "stringify-number"), fc.nat(10)).map(([d, how, pick]) => {
  const obj: Record<string, unknown> = { ...d };
  const keys = Object.keys(obj);
  const key = keys[pick % keys.length] ?? "decision";
  if (how === "drop") delete obj[key];
  if (how === "retype") obj[key] = Array.isArray(obj[key]) ? "list" : [obj[key]];
  if (how === "add") obj[`extra_${pick}`] = { trace: "forged" };
  if (how === "stringify-number") obj[key] = JSON.stringify(obj[key]);
  return obj;
});

const replyTextOf = (category: Category): fc.Arbitrary<string> => {
  switch (category) {
    case "random-json":
      return fc.json({ maxDepth: 3 });
    case "near-valid":
      return nearValid.map((d) => JSON.stringify(d));
    case "tool-calls":
      return toolDecision.map((d) => JSON.stringify(d));
    case "finals":
      return finalDecision.map((d) => JSON.stringify(d));
    case "text":
      return fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 30 }), fc.constantFrom("```json\n{}\n```", "{}{}", "[", "null", ""));
    case "mixed":
      return fc.oneof(replyTextOf("tool-calls"), replyTextOf("finals"), replyTextOf("near-valid"), replyTextOf("text"));
  }
};

const latency = fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 20_000 }));

/** A fuzz case: a fixture and 1–6 raw replies of one category, with latencies that may hit every limit. */
export function fuzzCase(fixtures: readonly Fixture[]): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...CATEGORIES).chain((category) =>
    fc.record({
      category: fc.constant(category),
      fixture: fc.constantFrom(...fixtures.map((f) => f.id)),
      responses: fc.array(fc.record({ text: replyTextOf(category), latency_ms: latency }), { minLength: 1, maxLength: 6 }),
    }),
  );
}
