import { concentration } from "./concentration.ts";
import { futureValue } from "./future-value.ts";
import { portfolioRead } from "./portfolio-read.ts";
import type { ToolSpec } from "./tool.ts";

/** The whole catalogue: read-only tools only. There is no write, export, shell or code tool. */
export const TOOL_CATALOGUE: ReadonlyMap<string, ToolSpec<never>> = new Map(
  ([portfolioRead, concentration, futureValue] as ToolSpec<never>[]).map((t) => [t.name, t]),
);

export const lookupTool = (name: string): ToolSpec<never> | undefined => TOOL_CATALOGUE.get(name);

/** The calculator that backs claims of this kind. */
export const calculatorFor = (kind: string): ToolSpec<never> | undefined =>
  [...TOOL_CATALOGUE.values()].find((t) => t.claim?.kind === kind);
