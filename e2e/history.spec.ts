import type { Locator, Page } from "@playwright/test";
import { expect, openRun, shot, test, waitForRunFinished } from "./fixtures.ts";

const entries = (page: Page): Locator => page.getByTestId("history-table").locator("tbody tr");
const entry = (page: Page, label: string): Locator => page.locator(`tr[data-label="${label}"]`);

async function showHistory(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("status")).not.toContainText("Loading");
}

/** Runs a candidate with the Run button, which saves the finished run (a link's replay is not saved). */
async function runAndSave(page: Page, fixture: string, candidate: string): Promise<void> {
  await openRun(page, fixture, candidate);
  await page.getByLabel("Pace").selectOption("instant");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await showHistory(page);
  await expect(entry(page, `${fixture} / ${candidate}`)).toBeVisible();
  await page.getByRole("tab", { name: "Single run" }).click();
}

test("finished runs survive a reload; an entry opens re-verified, and a deleted one stays gone — reloading its link does not bring it back", async ({ page }) => {
  // Opening a link replays the run but saves nothing: only Run adds to the history.
  await openRun(page, "fv-scenario-a", "reference");
  await expect(page.locator('[data-meta="source"]')).toContainText("not saved to the history");
  await showHistory(page);
  await expect(entries(page)).toHaveCount(0);
  await page.getByRole("tab", { name: "Single run" }).click();

  await runAndSave(page, "fv-scenario-a", "reference");
  await runAndSave(page, "concentration-hh1001", "alters-input");
  await showHistory(page);
  await expect(entries(page)).toHaveCount(2);

  await page.reload();
  await waitForRunFinished(page);
  await showHistory(page);
  await expect(entries(page)).toHaveCount(2);
  // Each says what its run view's headline would: a faulty candidate caught as declared is as designed.
  await expect(entry(page, "fv-scenario-a / reference").getByTestId("history-summary")).toHaveText("1 of 1 as designed");
  await expect(entry(page, "concentration-hh1001 / alters-input").getByTestId("history-summary")).toHaveText("1 of 1 as designed");
  await expect(page.getByRole("button", { name: "Export all" })).toBeEnabled();
  await shot(page, "history");

  await page.getByRole("button", { name: "Open fv-scenario-a / reference" }).click();
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (imported)");
  await expect(page.getByTestId("verification")).toContainText("verified");
  await expect(page.getByTestId("notice")).toContainText("verified; sealed, unsigned; imported and re-scored");

  await showHistory(page);
  await page.getByRole("button", { name: "Delete concentration-hh1001 / alters-input" }).click();
  await expect(entries(page)).toHaveCount(1);

  // The deleted run's own link, opened and reloaded: replayed, never saved again.
  await openRun(page, "concentration-hh1001", "alters-input");
  await page.reload();
  await waitForRunFinished(page);
  await showHistory(page);
  await expect(entry(page, "fv-scenario-a / reference")).toBeVisible();
  await expect(entry(page, "concentration-hh1001 / alters-input")).toHaveCount(0);
  await expect(entries(page)).toHaveCount(1);
});
