import type { Locator, Page } from "@playwright/test";
import { expect, openRun, shot, test, waitForRunFinished } from "./fixtures.ts";

const entries = (page: Page): Locator => page.getByTestId("history-table").locator("tbody tr");
const entry = (page: Page, label: string): Locator => page.locator(`tr[data-label="${label}"]`);

async function showHistory(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("status")).not.toContainText("Loading");
}

test("finished runs survive a reload; an entry opens re-verified, and a deleted one stays gone", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  // Seen in the History tab before leaving the page, so the save has completed.
  await showHistory(page);
  await expect(entry(page, "fv-scenario-a / reference")).toBeVisible();
  await openRun(page, "concentration-hh1001", "alters-input");
  await showHistory(page);
  await expect(entries(page)).toHaveCount(2);

  await page.reload();
  await waitForRunFinished(page);
  await showHistory(page);
  await expect(entries(page)).toHaveCount(2);
  await expect(entry(page, "fv-scenario-a / reference")).toContainText("1/1");
  await expect(entry(page, "concentration-hh1001 / alters-input")).toContainText("0/1");
  await expect(page.getByRole("button", { name: "Export all" })).toBeEnabled();
  await shot(page, "history");

  await page.getByRole("button", { name: "Open fv-scenario-a / reference" }).click();
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (imported)");
  await expect(page.getByTestId("verification")).toContainText("verified");
  await expect(page.getByTestId("notice")).toContainText("verified, imported and re-scored");

  await showHistory(page);
  await page.getByRole("button", { name: "Delete concentration-hh1001 / alters-input" }).click();
  await expect(entries(page)).toHaveCount(1);

  await page.reload();
  await waitForRunFinished(page);
  await showHistory(page);
  await expect(entry(page, "fv-scenario-a / reference")).toBeVisible();
  await expect(entry(page, "concentration-hh1001 / alters-input")).toHaveCount(0);
  await expect(entries(page)).toHaveCount(1);
});
