import { z } from "zod";
import { FinalDecision } from "../../schemas/decision.ts";
import { TOOL_CATALOGUE } from "../../runtime/tools/catalogue.ts";

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

/** JSON Schema (draft 2020-12) for `response_format: { type: "json_schema" }`. */
export function decisionJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(modelDecisionSchema(), { unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

/** Each tool's input as JSON Schema, for the catalogue in the system prompt. */
export function toolArgumentSchemas(): { name: string; summary: string; arguments: Record<string, unknown> }[] {
  return [...TOOL_CATALOGUE.values()].map((t) => {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(t.input as z.ZodType, { unrepresentable: "any" }) as Record<string, unknown>;
    return { name: t.name, summary: t.summary, arguments: schema };
  });
}
