import { CONCENTRATION_CALCULATOR, concentration } from "./concentration.ts";
import { FUTURE_VALUE_CALCULATOR, futureValue } from "./future-value.ts";
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

/** The calculator versions this runtime ships, bound into every export's digest. */
export const CALCULATOR_VERSIONS: readonly string[] = [CONCENTRATION_CALCULATOR, FUTURE_VALUE_CALCULATOR];
