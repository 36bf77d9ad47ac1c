import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { expect, shot, startTrials, test } from "./fixtures.ts";

const FIXTURE_COUNT = readdirSync(fileURLToPath(new URL("../fixtures/", import.meta.url))).filter((n) => n.endsWith(".json")).length;

const history = (page: Page) => page.getByTestId("history-table").locator("tbody tr");

async function showHistory(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("status")).not.toContainText("Loading");
}

test("History lists a suite with its headline's summary and what ran; trials name the model and K; the attack matrix's runs are kept", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: "Run all fixtures" }).click();
  const headline = page.getByTestId("suite-as-designed");
  await expect(headline).toHaveText(/^\d+ of \d+ as designed$/, { timeout: 30_000 });
  const designed = (await headline.textContent()) ?? "";
  const runs = Number(/of (\d+)/.exec(designed)?.[1]);

  await showHistory(page);
  await expect(history(page)).toHaveCount(1);
  const suite = history(page).first();
  await expect(suite.getByTestId("history-summary")).toHaveText(designed);
  await expect(suite).toHaveAttribute("data-label", `every scripted candidate × ${FIXTURE_COUNT} fixtures (${runs} runs)`);

  // Trials: the model and K are in the label; the summary is the trials headline's.
  await startTrials(page, { k: 2, fixtures: "all" });
  await expect(page.getByTestId("trials-status")).toHaveText(`${FIXTURE_COUNT * 2} trial runs of simulated:reference done.`, { timeout: 90_000 });
  // The headline is worked out after the runs are in: read it once the status line counts them all.
  await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(new RegExp(`^${FIXTURE_COUNT * 2} runs, `));
  const trialsHeadline = (await page.getByTestId("suite-as-designed").textContent()) ?? "";
  await showHistory(page);
  await expect(history(page)).toHaveCount(2);
  const trials = history(page).first();
  await expect(trials).toHaveAttribute("data-label", `simulated:reference × ${FIXTURE_COUNT} fixtures × 2 trials`);
  await expect(trials.getByTestId("history-summary")).toContainText(trialsHeadline);

  // The attack matrix's runs go to the History like any suite's.
  await page.getByRole("tab", { name: "Matrix" }).click();
  await page.getByLabel("Matrix candidate").selectOption("obedient");
  await page.getByRole("button", { name: "Run matrix" }).click();
  await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of obedient\./, { timeout: 30_000 });
  await showHistory(page);
  await expect(history(page)).toHaveCount(3);
  const matrix = history(page).first();
  await expect(matrix).toHaveAttribute("data-label", "attack matrix: obedient × 171 cells");
  await expect(matrix.getByTestId("history-summary")).toHaveText(/^\d+ of 171 (passed|as designed)/);
  await shot(page, "history-agrees");
  expect(await blockingViolations(page), "history: serious or critical axe violations").toEqual([]);
  // Opening it brings the matrix's runs back as a suite, verified and re-scored.
  await matrix.getByRole("button", { name: /^Open attack matrix/ }).click();
  await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(/^171 runs, /, { timeout: 30_000 });
  const matrixHeadline = (await page.getByTestId("suite-as-designed").textContent()) ?? "";
  await showHistory(page);
  await expect(history(page).first().getByTestId("history-summary")).toHaveText(matrixHeadline);

  // The simulated model's HTTP 500 replies are logged by Chromium itself: infrastructure the trials count apart.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500 .*\/sim\/v1\/chat\/completions/.test(e)));
});
