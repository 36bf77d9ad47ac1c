import { z } from "zod";
import { FinalDecision } from "../../schemas/decision.ts";
import { TOOL_CATALOGUE } from "../../runtime/tools/catalogue.ts";
import { functionNameOf } from "../../runtime/protocols/names.ts";

/**
 * The decision format as a closed schema for grammar-constrained sampling: one variant per tool
 * with that tool's exact arguments, and the final decision. Closed objects everywhere, because a
 * small model given an open `arguments: {}` can loop inside an endless key (LOCAL-MODELS.md).
 * The runtime still parses the reply itself: this schema only guides the model.
 */
export function modelDecisionSchema(): z.ZodType {
  const tools = [...TOOL_CATALOGUE.values()].map((t) =>
    z.strictObject({ decision: z.literal("tool"), tool: z.literal(t.name), arguments: t.input as z.ZodType }),
  );
  const final = z.strictObject(FinalDecision.shape);
  return z.union([...tools, final] as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

// Bounds for the model's schema only. A grammar-constrained small model given an unbounded string
// keeps writing inside it until max_tokens (LOCAL-MODELS.md); these let every reply finish, and keep
// the longest valid decision (longest-decision.ts), and so the default max_tokens, small enough to
// fit a server slot's context beside the prompt. Sized for the domain in docs/decisions.md; a name
// bounds its property wherever it occurs (a tool's `scenario` too). They guide sampling only: the
// runtime still parses whatever arrives with its own schema.
const MAX_LENGTH: Record<string, number> = { message: 600, policy_code: 32, scenario: 24, calculator: 24, evidence_id: 12, evidence_ids: 12, as_of: 10 };
const DEFAULT_MAX_LENGTH = 64;
const MAX_ITEMS: Record<string, number> = { claims: 2, evidence_ids: 4 };
const DEFAULT_MAX_ITEMS = 8;

/** The schema with every string and array bounded, named by the property that holds it. */
function bounded(schema: unknown, key = ""): unknown {
  if (Array.isArray(schema)) return schema.map((s) => bounded(s, key));
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === "properties" && v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, bounded(s, p)])) : bounded(v, key);
  const open = !("const" in out) && !("enum" in out);
  const types = Array.isArray(out.type) ? (out.type as unknown[]) : [out.type];
  if (types.includes("string") && open && out.maxLength === undefined) out.maxLength = MAX_LENGTH[key] ?? DEFAULT_MAX_LENGTH;
  if (types.includes("array") && out.maxItems === undefined) out.maxItems = MAX_ITEMS[key] ?? DEFAULT_MAX_ITEMS;
  return out;
}

/** JSON Schema (draft 2020-12) for `response_format: { type: "json_schema" }`, closed and bounded. */
export function decisionJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(modelDecisionSchema(), { unrepresentable: "any" }) as Record<string, unknown>;
  return bounded(schema) as Record<string, unknown>;
}

/** Each tool's input as JSON Schema, for the catalogue in the system prompt. */
export function toolArgumentSchemas(): { name: string; summary: string; arguments: Record<string, unknown> }[] {
  return [...TOOL_CATALOGUE.values()].map((t) => {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(t.input as z.ZodType, { unrepresentable: "any" }) as Record<string, unknown>;
    return { name: t.name, summary: t.summary, arguments: schema };
  });
}

/** A function a tool-calling model may call: its API name, what it does, its closed and bounded parameters. */
export interface FunctionSchema {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

const boundedSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { unrepresentable: "any" }) as Record<string, unknown>;
  return bounded(json) as Record<string, unknown>;
};

/**
 * The catalogue's tools as functions (native tool calling, MCP), and the function that ends the run
 * with the final decision's fields (`final_answer`, `submit_final`): bounded as the decision schema is,
 * so a grammar-constrained model can finish every call.
 */
export function functionSchemas(finalName: string): FunctionSchema[] {
  const tools = [...TOOL_CATALOGUE.values()].map((t) => ({ name: functionNameOf(t.name), description: t.summary, parameters: boundedSchemaOf(t.input as z.ZodType) }));
  const final = {
    name: finalName,
    description: "End the run with your final decision: the outcome, the claims copied from the observations that back them, their evidence ids, the policy code (null unless a rule names one) and the message for the user.",
    parameters: boundedSchemaOf(z.strictObject(FinalDecision.omit({ decision: true }).shape)),
  };
  return [...tools, final];
}
