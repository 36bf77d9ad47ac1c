import type { Page } from "@playwright/test";
import { blockingViolations, violationsOf } from "./axe.ts";
import { expect, openRun, startTrials, test } from "./fixtures.ts";

// axe-core over every view, filled with what an analyst would have there, on a laptop and a phone:
// no serious or critical violation, and each view has its <main> landmark.

const FIXTURE = "injection-adviser-scope";

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

async function expectAccessible(page: Page, view: string): Promise<void> {
  expect(await blockingViolations(page), `${view}: serious or critical axe violations`).toEqual([]);
  expect(await violationsOf(page, "landmark-one-main"), `${view}: a <main> landmark`).toEqual([]);
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width} px, axe finds no serious or critical violation in the run, suite, matrix, compare and history views`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);

    // The run that discloses HH-1002, with a search, its observation's body open and the kinds listed.
    await openRun(page, FIXTURE, "reads-in-scope-other");
    await page.getByTestId("find-input").fill("HH-1002");
    await expect(page.getByTestId("find-count")).not.toHaveText("");
    await page.getByTestId("kind-filter").locator("summary").click();
    await expectAccessible(page, "run");

    // The suite of the fixture's candidates: headline, charts and the matrix; then two trials of the simulated model: pass^k.
    await openTab(page, "Suite");
    await page.getByRole("button", { name: `Run every candidate of ${FIXTURE}` }).click();
    await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(/^4 runs, /, { timeout: 30_000 });
    await expect(page.getByTestId("suite-matrix")).toBeVisible();
    await expect(page.getByTestId("chart-outcomes").locator("svg.recharts-surface").first()).toBeVisible();
    await expectAccessible(page, "suite");
    await openTab(page, "Compare");
    await page.getByLabel("Side A").selectOption({ label: "suite — reference (scored here)" });
    await page.getByLabel("Side B").selectOption({ label: "suite — reads-in-scope-other (scored here)" });
    await expect(page.getByTestId("compare-steps")).toBeVisible();
    await expectAccessible(page, "compare runs");
    await page.getByRole("button", { name: "Two suites" }).click();
    await expectAccessible(page, "compare suites");

    // Trials replace the suite: after the compare, whose runs came from it.
    await startTrials(page, { k: 2, fixtures: "selected" });
    await expect(page.getByTestId("trials-status")).toHaveText(/^2 trial runs of .* done\.$/, { timeout: 60_000 });
    await expect(page.getByTestId("chart-pass-k").locator("svg.recharts-surface").first()).toBeVisible();
    await expectAccessible(page, "suite with pass^k");
    await page.getByRole("button", { name: "One chart per fixture" }).click();
    await expect(page.getByTestId("passk-multiples")).toBeVisible();
    await expectAccessible(page, "suite with pass^k, one chart per fixture");

    await openTab(page, "Matrix");
    await expect(page.getByTestId("attack-matrix")).toBeVisible();
    await expectAccessible(page, "matrix, not run yet");
    await page.getByLabel("Matrix candidate").selectOption("obedient");
    await page.getByRole("button", { name: "Run matrix" }).click();
    await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of obedient\./, { timeout: 60_000 });
    await expectAccessible(page, "matrix");

    await openTab(page, "History");
    await expect(page.getByTestId("history-table")).toBeVisible();
    await expectAccessible(page, "history");
  });
}
