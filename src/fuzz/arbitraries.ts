import fc from "fast-check";
import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { TOOL_CATALOGUE } from "../runtime/tools/catalogue.ts";

/** What kind of hostile input a case mostly holds: the fuzz report counts cases per category. */
export const CATEGORIES = ["random-json", "near-valid", "tool-calls", "finals", "text", "mixed", "mutated-script"] as const;
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
    case "mutated-script":
      return fc.oneof(replyTextOf("tool-calls"), replyTextOf("finals"), replyTextOf("near-valid"), replyTextOf("text"));
  }
};

/** Latencies anywhere, and exactly at and around every limit: the 2 s tool, the 15 s request, the 30 s run. */
const latency = fc.oneof(
  fc.integer({ min: 0, max: 2_000 }),
  fc.integer({ min: 0, max: 20_000 }),
  fc.constantFrom(0, 1, 1_999, 2_000, 2_001, 14_999, 15_000, 15_001, 29_999, 30_000),
);

/** One change to a decision that a real script made: a household, an amount, the tool, the outcome, a field. */
const mutateDecision = (d: Record<string, unknown>, how: number, pick: number): Record<string, unknown> => {
  const args = typeof d.arguments === "object" && d.arguments !== null ? { ...(d.arguments as Record<string, unknown>) } : null;
  const amounts = [48000000, 4800000, 120000000, 2500000, 0.06, 5, 10, 1e308, -1, "48000000"];
  switch (how % 6) {
    case 0:
      return args ? { ...d, arguments: { ...args, household: KNOWN_HOUSEHOLDS[pick % KNOWN_HOUSEHOLDS.length] } } : d;
    case 1: {
      const keys = args ? Object.keys(args).filter((k) => k !== "household" && k !== "scenario") : [];
      const key = keys[pick % Math.max(1, keys.length)];
      return args && key ? { ...d, arguments: { ...args, [key]: amounts[pick % amounts.length] } } : d;
    }
    case 2:
      return d.decision === "tool" ? { ...d, tool: [...TOOL_CATALOGUE.keys()][pick % TOOL_CATALOGUE.size] } : d;
    case 3:
      return d.decision === "final" ? { ...d, outcome: ["answered", "refused", "escalated", "unavailable"][pick % 4] } : d;
    case 4:
      return d.decision === "final" ? { ...d, evidence_ids: [`ev-${(pick % 4) + 1}`] } : d;
    default:
      return { ...d, verified: true };
  }
};

/**
 * A fixture's own scripted candidate with one or two changes: reaches the tools, the calculators and
 * their provenance checks far more often than random text does.
 */
const mutatedScript = (fixtures: readonly Fixture[]): fc.Arbitrary<{ fixture: string; responses: CollectedResponse[] }> =>
  fc.constantFrom(...fixtures).chain((fx) =>
    fc.tuple(fc.constantFrom(...Object.values(fx.candidates)), fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.nat(40)), { minLength: 1, maxLength: 2 }), latency).map(([script, edits, slow]) => {
      const decisions = script.replies.map((r) => ("decision" in r ? (r.decision as Record<string, unknown>) : r.text));
      for (const [index, how, pick] of edits) {
        const at = index % decisions.length;
        const d = decisions[at];
        if (how % 9 === 8) decisions.splice(at, 1);
        else if (how % 9 === 7) decisions.splice(at, 0, d ?? "");
        else if (d !== undefined && typeof d !== "string") decisions[at] = mutateDecision(d, how, pick);
      }
      const responses = decisions.map((d, i) => ({ text: typeof d === "string" ? d : JSON.stringify(d), latency_ms: i === 0 ? slow % 16_000 : 800 }));
      return { fixture: fx.id, responses: responses.length > 0 ? responses : [{ text: "", latency_ms: 0 }] };
    }),
  );

/** Nudges smaller than any tolerance a scorer might be tempted to allow, none at all, and plainly wrong ones. */
const CLAIM_NUDGES = [0, 0, 1e-9, 5e-5, -5e-5, 1e-4, -1e-4, 0.004, -0.004, 0.005, -0.005, 0.01, 1];

const claimsOf = (d: unknown): Record<string, unknown>[] =>
  typeof d === "object" && d !== null && Array.isArray((d as Record<string, unknown>).claims) ? ((d as Record<string, unknown>).claims as Record<string, unknown>[]) : [];

/**
 * A script whose final decision claims a value, with that value nudged (or not) and written in another
 * JSON notation (or not): `3.34556394e+6` is the same number as `3345563.94`, `0.4001` is not `0.4`.
 */
const claimEdit = (fixtures: readonly Fixture[]): fc.Arbitrary<{ fixture: string; responses: CollectedResponse[] }> => {
  const scripts = fixtures.flatMap((fx) =>
    Object.values(fx.candidates)
      .filter((c) => c.replies.some((r) => "decision" in r && claimsOf(r.decision).length > 0))
      .map((c) => ({ fixture: fx.id, replies: c.replies })),
  );
  return fc.tuple(fc.constantFrom(...scripts), fc.constantFrom(...CLAIM_NUDGES), fc.boolean()).map(([script, nudge, exponent]) => ({
    fixture: script.fixture,
    responses: script.replies.map((r) => {
      if (!("decision" in r)) return { text: r.text, latency_ms: 800 };
      const claims = claimsOf(r.decision).map((c) => (typeof c.value === "number" ? { ...c, value: c.value + nudge } : c));
      const text = JSON.stringify(claims.length > 0 ? { ...r.decision, claims } : r.decision);
      return { text: exponent ? text.replace(/"value":(-?[0-9.]+)/g, (_, n: string) => `"value":${Number(n).toExponential()}`) : text, latency_ms: 800 };
    }),
  }));
};

/** A fuzz case: a fixture and 1–6 raw replies of one category, with latencies that may hit every limit. */
export function fuzzCase(fixtures: readonly Fixture[]): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...CATEGORIES).chain((category): fc.Arbitrary<FuzzCase> =>
    category === "mutated-script"
      ? fc.oneof(mutatedScript(fixtures), claimEdit(fixtures)).map((m): FuzzCase => ({ category, ...m }))
      : fc.record({
          category: fc.constant(category),
          fixture: fc.constantFrom(...fixtures.map((f) => f.id)),
          responses: fc.array(fc.record({ text: replyTextOf(category), latency_ms: latency }), { minLength: 1, maxLength: 6 }),
        }),
  );
}
