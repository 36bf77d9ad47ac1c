import type { Page } from "@playwright/test";
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
  await expect(page).toHaveURL(/\?fixture=injection-adviser-scope&candidate=reads-in-scope-other&event=\d+$/);
});
