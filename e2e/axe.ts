import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * axe-core's engine, evaluated in the page: `@axe-core/playwright` needs a newer Node than the
 * project's, and a <script> tag would be refused by the page's Content-Security-Policy (which the
 * tests keep on). Test-only: the app never imports it, so it is not in the bundle.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
}

/** The impacts a view may not have: what blocks or seriously hinders someone using a keyboard or a screen reader. */
const BLOCKING = new Set(["serious", "critical"]);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Every serious or critical violation axe finds in the page as it is now, one line per rule and element. */
export async function blockingViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // Best practices are in by default; a label that contradicts a control's name is an experimental rule, asked for here.
    const result = await axe.run(document, { resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } });
    return result.violations;
  });
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) => v.nodes.map((n) => `${v.impact ?? ""} ${v.id} (${v.help}): ${JSON.stringify(n.target)}`));
}

/** Every violation of one rule, whatever its impact: for a rule axe rates below serious that a spec still holds the page to. */
export async function violationsOf(page: Page, rule: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (id) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: [id] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => JSON.stringify(n.target)));
  }, rule);
}
