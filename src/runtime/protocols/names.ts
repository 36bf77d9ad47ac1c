import { TOOL_CATALOGUE } from "../tools/catalogue.ts";

// The catalogue's names (`portfolio.read`) are not ones every tool-calling API accepts
// (`^[a-zA-Z0-9_-]{1,64}$`): a candidate calling tools natively or over MCP sees each as a function name
// (`portfolio_read`), and every record holds the catalogue's name again.

/** The function that ends a native tool-calling run with the final decision's fields. */
export const FINAL_FUNCTION = "final_answer";
/** The MCP tool that ends a session with the final decision's fields. */
export const FINAL_MCP_TOOL = "submit_final";

/** A catalogue name as a function name every API accepts. */
export const functionNameOf = (tool: string): string => tool.replace(/[^a-zA-Z0-9_-]/g, "_");

let byFunction: ReadonlyMap<string, string> | undefined;

/** The catalogue's name for a function name, or undefined when the catalogue has no such tool. */
export function catalogueNameOf(fn: string): string | undefined {
  // Made on first use: the catalogue's modules may still be loading when this one is.
  byFunction ??= new Map([...TOOL_CATALOGUE.keys()].map((name) => [functionNameOf(name), name]));
  return byFunction.get(fn);
}
