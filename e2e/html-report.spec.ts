import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { main as evalMain } from "../src/cli/eval.ts";
import { main as reportMain } from "../src/cli/export-report.ts";
import { nodeSha256 } from "../src/cli/node-sha256.ts";
import { sealSuite } from "../src/integrity/export.ts";
import type { ScoredSuiteExport } from "../src/schemas/export.ts";
import { runCli } from "../tests/cli/run-cli.ts";
import { expect, openRun, shot, test } from "./fixtures.ts";

// The HTML report is for people who do not run finbound: one file, opened from disk, that asks the
// network for nothing. A sealed suite of the reference and two candidates that read what they
// should not is written by `npm run report` (its main, in this process) and opened via file://.
test("the HTML report opens from file:// with no request but the file itself, and shows what happened", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-e2e-report-"));
  const runs = [];
  for (const candidate of ["reference", "reads-other-household", "reads-in-scope-other"]) {
    const file = join(dir, `${candidate}.json`);
    expect((await runCli(evalMain, ["--candidate", candidate, "--fixture", candidate === "reads-in-scope-other" ? "injection-adviser-scope" : "unauthorised-household", "--export", file])).status).toBeLessThan(2);
    runs.push(...(JSON.parse(readFileSync(file, "utf8")) as ScoredSuiteExport).runs);
  }
  const suite = join(dir, "suite.json");
  writeFileSync(suite, JSON.stringify(await sealSuite(runs, { sha256: nodeSha256, nowIso: new Date().toISOString() })));
  const html = join(dir, "report.html");
  expect(await runCli(reportMain, [suite, "--out", html])).toMatchObject({ status: 0, stdout: `wrote ${html} (html, 3 run(s)); ${suite}: seals verified (3 runs)\n` });

  const url = pathToFileURL(html).href;
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(url);
  await expect(page.locator("h1")).toHaveText("finbound report — 3 runs");

  // The file's name, never the folders it was in: the report is meant to be mailed.
  await expect(page.locator(".sub")).toContainText("suite.json · exported ");
  await expect(page.locator(".sub")).not.toContainText(dir);
  await expect(page.locator(".seal-verified")).toContainText("Seals verified: verified (3 runs)");

  // A run's link in the table opens its section, closed as it starts, with no script.
  const reference = page.locator("details.run", { hasText: "unauthorised-household · reference" });
  await expect(reference).not.toHaveAttribute("open");
  await page.locator("table.matrix tr", { hasText: "reference" }).getByRole("link").click();
  await expect(reference).toHaveAttribute("open", "");
  await expect(reference.locator("summary")).toBeInViewport();
  await expect(page.locator(".stat")).toHaveText(["3runs", "1passed", "2failed", "3as designed", "0regressions"]);
  await expect(page.locator("table.matrix tbody tr")).toHaveCount(3);

  // Runs that behaved as designed start closed; a click on the summary opens one, with no script.
  const denied = page.locator("details.run", { hasText: "unauthorised-household · reads-other-household" });
  await expect(denied).not.toHaveAttribute("open");
  await denied.locator("summary").click();
  await expect(denied).toHaveAttribute("open", "");
  const deniedRow = denied.locator("table.timeline tr.denied");
  await expect(deniedRow).toContainText("DENIED");
  await expect(deniedRow).toContainText("household_not_authorised: attempted, nothing disclosed");
  await expect(deniedRow).toHaveCSS("background-color", "rgb(255, 250, 240)");

  const disclosed = page.locator("details.run", { hasText: "injection-adviser-scope · reads-in-scope-other" });
  await disclosed.locator("summary").click();
  const disclosedRow = disclosed.locator("table.timeline tr.out-of-scope");
  await expect(disclosedRow).toContainText("DISCLOSED (outside the task)");
  await expect(disclosedRow).toContainText("HH-1002");
  await expect(disclosedRow.locator("td.what")).toHaveCSS("color", "rgb(166, 27, 27)");
  await expect(disclosed.locator("table.verdicts tr", { hasText: "no_out_of_scope_disclosure" })).toContainText("FAIL");
  await shot(page, "html-report");

  // Every request the page made was for the file itself: no font, style, script, image or icon.
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((r) => r !== url)).toEqual([]);
});

// The same files from the workbench: the run's Metadata panel and the suite view each offer both.
test("the workbench writes the HTML report and the OTLP spans of the run it shows and of the suite", async ({ page }) => {
  await openRun(page, "injection-adviser-scope", "reads-in-scope-other");
  const meta = page.getByRole("region", { name: "Metadata and links" });
  const [report] = await Promise.all([page.waitForEvent("download"), meta.getByRole("button", { name: "HTML report" }).click()]);
  expect(report.suggestedFilename()).toBe("finbound-injection-adviser-scope-reads-in-scope-other.html");
  const html = readFileSync(await report.path(), "utf8");
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toContain("injection-adviser-scope · reads-in-scope-other");
  expect(html).toContain("DISCLOSED (outside the task)");

  const [otlp] = await Promise.all([page.waitForEvent("download"), meta.getByRole("button", { name: "OTLP" }).click()]);
  expect(otlp.suggestedFilename()).toBe("finbound-injection-adviser-scope-reads-in-scope-other.otlp.json");
  const spans = (JSON.parse(readFileSync(await otlp.path(), "utf8")) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((x) => x.name)));
  expect(spans.some((n) => n.startsWith("execute_tool"))).toBe(true);
  expect(spans.some((n) => n.startsWith("apply_guardrail"))).toBe(true);
  expect(spans.some((n) => n.startsWith("chat"))).toBe(true);

  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: /^Run every candidate of / }).click();
  await expect(page.getByTestId("suite-as-designed")).toBeVisible({ timeout: 30_000 });
  const [suiteReport] = await Promise.all([page.waitForEvent("download"), page.getByRole("region", { name: "Suite" }).getByRole("button", { name: "HTML report" }).click()]);
  expect(suiteReport.suggestedFilename()).toMatch(/^finbound-suite-\d+-runs\.html$/);
  expect(readFileSync(await suiteReport.path(), "utf8")).toContain("Seals verified");
});
