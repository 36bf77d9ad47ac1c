import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { main as evalMain } from "../src/cli/eval.ts";
import type { ScoredSuiteExport } from "../src/schemas/export.ts";
import { runCli } from "../tests/cli/run-cli.ts";
import { expect, shot, test } from "./fixtures.ts";

/** The suite's own status line (recharts tooltips also carry role=status). */
const statusLine = (page: Page) => page.locator('section[aria-label="Suite"] > p[role="status"]');

async function runSuite(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("tab", { name: "Suite" }).click();
  await expect(page.getByRole("tab", { name: "Suite" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Run all fixtures" }).click();
  await expect(statusLine(page)).toHaveText(/^\d+ runs, \d+ passed, \d+ failed$/, { timeout: 20_000 });
}

test("Run all fixtures scores every fixture × candidate in one matrix, with outcome and pass-rate charts", async ({ page }) => {
  // The suite is scored off the main thread, by the same runtime in a Web Worker.
  const worker = page.waitForEvent("worker");
  await runSuite(page);
  expect((await worker).url()).toMatch(/suite\.worker/);
  const matrix = page.getByTestId("suite-matrix");
  const rows = matrix.locator("tbody tr[data-run]");
  expect(await rows.count()).toBeGreaterThan(30);

  // One row per fixture × candidate, none twice.
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-run") ?? ""));
  expect(new Set(names).size).toBe(names.length);
  expect(names).toContain("fv-scenario-a/reference");
  expect(names).toContain("injection-adviser-scope/reads-in-scope-other");
  const status = await statusLine(page).textContent();
  expect(status).toMatch(new RegExp(`^${names.length} runs, `));
  // Most runs fail a check — the faulty candidates are written to — and every one fails exactly what its fixture declares.
  const failed = Number(/(\d+) failed$/.exec(status ?? "")?.[1]);
  expect(failed).toBeGreaterThan(names.length / 2);
  await expect(page.getByTestId("suite-as-designed")).toHaveText(`${names.length} of ${names.length} as designed`);
  await expect(page.getByTestId("suite-regressions")).toHaveCount(0);
  await expect(matrix.locator("tbody tr[data-design=regression]")).toHaveCount(0);

  const inScopeOther = matrix.locator('[data-run="injection-adviser-scope/reads-in-scope-other"]');
  await expect(inScopeOther.locator("[data-check=no_out_of_scope_disclosure] [data-status=fail]")).toHaveCount(1);
  await expect(inScopeOther.locator("[data-check=no_unauthorised_access] [data-status=pass]")).toHaveCount(1);
  // Every reference candidate passes every check it is given.
  for (const name of names.filter((n) => n.endsWith("/reference"))) {
    await expect(matrix.locator(`[data-run="${name}"] [data-check] [data-status=fail]`), name).toHaveCount(0);
  }

  for (const id of ["chart-outcomes", "chart-pass-rate"]) {
    const chart = page.getByTestId(id);
    await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
    await expect.poll(() => chart.locator(".recharts-bar-rectangle").count(), { message: `${id} has bars` }).toBeGreaterThan(0);
  }
  await shot(page, "suite");

  await page.getByRole("button", { name: /^Switch to/ }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: /^Switch to light/ })).toBeVisible();
  await shot(page, "suite-dark");
});

test("clicking a matrix row opens that run in the Run view", async ({ page }) => {
  await runSuite(page);
  await page.getByTestId("suite-matrix").locator('[data-run="injection-adviser-scope/reads-in-scope-other"] td.run').click();

  await expect(page.getByRole("tab", { name: "Run" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("suite-matrix")).toHaveCount(0);
  await expect(page.getByTestId("run-title")).toHaveText("injection-adviser-scope / reads-in-scope-other (scripted)");
  await expect(page.locator('ol[aria-label="Event log"] li[data-kind="run_finished"]')).toHaveCount(1);
  await expect(page.getByTestId("access-panel").locator('[data-household="HH-1002"]')).toHaveAttribute("data-access", "disclosed-out");
  await expect(page.getByTestId("verdicts").locator("[data-check=no_out_of_scope_disclosure]")).toHaveAttribute("data-status", "fail");
  await expect(page.locator('[data-fixture="injection-adviser-scope"]')).toHaveAttribute("aria-current", "true");
  await expect(page.locator('[data-candidate="reads-in-scope-other"]')).toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL(/\?fixture=injection-adviser-scope&candidate=reads-in-scope-other&at=\d+$/);
});

test("the run column stays in view while the matrix scrolls sideways, and sits in its place at the left edge", async ({ page }) => {
  await runSuite(page);
  const matrix = page.getByTestId("suite-matrix");
  const firstRun = matrix.locator("tbody tr[data-run] td.run").first();
  const left = async (): Promise<number> => (await firstRun.boundingBox())?.x ?? Number.NaN;
  const position = (): Promise<string> => firstRun.evaluate((el) => getComputedStyle(el).position);
  // Narrow enough that the checks' columns overflow the wrap.
  await page.setViewportSize({ width: 900, height: 800 });
  const atEdge = await left();
  await expect(matrix).not.toHaveAttribute("data-scrolled-x");
  expect(await position()).toBe("static");
  await matrix.evaluate((el) => el.scrollBy({ left: 300 }));
  await expect(matrix).toHaveAttribute("data-scrolled-x", "");
  expect(await matrix.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // Sticky while scrolled sideways: the run cell has not moved with the columns.
  expect(await position()).toBe("sticky");
  expect(await left()).toBeCloseTo(atEdge, 0);
  await matrix.evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(matrix).not.toHaveAttribute("data-scrolled-x");
  expect(await position()).toBe("static");
  expect(await left()).toBeCloseTo(atEdge, 0);
});

/** Scripted runs exported by `npm run eval -- --candidate C --fixture F --export FILE` (its main, in this process). */
async function exported(candidate: string, fixture: string): Promise<ScoredSuiteExport["runs"]> {
  const file = join(mkdtempSync(join(tmpdir(), "finbound-e2e-suite-")), `${candidate}.json`);
  expect((await runCli(evalMain, ["--candidate", candidate, "--fixture", fixture, "--export", file])).status).toBeLessThan(2);
  return (JSON.parse(readFileSync(file, "utf8")) as ScoredSuiteExport).runs;
}

test("a regression stands out: an imported suite whose reference fails is counted, coloured and listed first", async ({ page }) => {
  // A reference that now alters an input (a faulty candidate's behaviour under the reference's name),
  // after two runs that behave as designed. Renaming breaks the seals, so they are dropped.
  const runs = [...(await exported("reference", "concentration-hh1001")), ...(await exported("reads-other-household", "fv-scenario-a")), ...(await exported("alters-input", "fv-scenario-a")).map((r) => ({ ...r, candidate: { ...r.candidate, name: "reference" } }))];
  const unsealed = { format: "finbound.scored-suite/v1", exported_at: new Date().toISOString(), runtime_version: runs[0]?.runtime_version, runs: runs.map(({ integrity: _seal, ...run }) => run) };
  await page.goto("/");
  await page.getByTestId("import-input").setInputFiles({ name: "regressed.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(unsealed)) });
  await expect(page.getByRole("tab", { name: "Suite" })).toHaveAttribute("aria-selected", "true");
  await expect(statusLine(page)).toHaveText("3 runs, 1 passed, 2 failed");

  const headline = page.getByTestId("suite-headline");
  await expect(page.getByTestId("suite-as-designed")).toHaveText("2 of 3 as designed");
  await expect(page.getByTestId("suite-regressions")).toHaveText("▲ 1 regression");
  await expect(page.getByTestId("suite-regressions")).toHaveCSS("background-color", await cssColour(page, "--fail"));
  await expect(headline).toHaveCSS("background-color", await cssColour(page, "--fail-bg"));

  // Last in the file, first in the matrix, and marked.
  const rows = page.getByTestId("suite-matrix").locator("tbody tr[data-run]");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute("data-run", "fv-scenario-a/reference");
  await expect(rows.first()).toHaveAttribute("data-design", "regression");
  await expect(rows.first().locator("[data-design=regression]")).toHaveAttribute("title", /^regression: also fails /);
  await expect(rows.nth(1)).toHaveAttribute("data-design", "as_designed");
  await shot(page, "suite-regression");

  // Only the regressions; grouped by fixture, the group that holds it comes first and says so.
  await page.getByLabel("Show").selectOption("regression");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Show").selectOption("all");
  await page.getByLabel("Group by").selectOption("fixture");
  const groups = page.getByTestId("suite-matrix").locator("tr[data-group]");
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAttribute("data-group", "fv-scenario-a");
  await expect(groups.first()).toContainText("2 runs, 1 as designed");
  await expect(groups.first()).toContainText("1 regression");

  // The regressed run opens like any other.
  await rows.first().locator("td.run").click();
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (imported)");
});

test("check headings are words, sortable, the id in the title; a 0 % pass rate still shows a bar and its label", async ({ page }) => {
  await runSuite(page);
  const heading = page.getByTestId("suite-matrix").locator('th[data-column="no_out_of_scope_disclosure"]');
  await expect(heading).toHaveText("no out of scope disclosure");
  await expect(heading.getByRole("button")).toHaveAttribute("title", /^no_out_of_scope_disclosure/);
  // Horizontal words, wrapped to the column: taller than one line, narrower than the words in a row.
  const box = await heading.boundingBox();
  expect(box?.height).toBeGreaterThan(24);
  expect(box?.width).toBeLessThan(80);
  await heading.getByRole("button").click();
  await expect(heading).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByTestId("suite-matrix").locator("tbody tr[data-run]").first().locator('[data-check="no_out_of_scope_disclosure"] [data-status]')).toHaveAttribute("data-status", "fail");

  const chart = page.getByTestId("chart-pass-rate");
  // The bars and their labels are the chart's second step, drawn a few frames after the suite.
  await expect.poll(() => chart.locator(".recharts-label-list text").count()).toBeGreaterThan(5);
  const rates = (await chart.locator(".recharts-label-list text").allTextContents()).map((t) => Number.parseFloat(t));
  const zero = rates.indexOf(0);
  expect(zero, "a check that no run passes").toBeGreaterThanOrEqual(0);
  const bar = chart.locator(".recharts-bar-rectangle path").nth(zero);
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())?.width).toBeGreaterThanOrEqual(3);
});

/** A custom property's colour as the browser computes it. */
async function cssColour(page: Page, property: string): Promise<string> {
  return page.evaluate((p) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${p})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}
