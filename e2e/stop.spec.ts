import { eventLog, eventRows, expect, openRun, test } from "./fixtures.ts";

test("Stop ends a run where it was pressed: the title says so, the result says it is not the candidate's doing, and nothing is saved", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  await page.getByLabel("Pace").selectOption("real");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("run-title")).toContainText("running");
  await expect.poll(() => eventRows(page).count()).toBeGreaterThanOrEqual(2);
  await page.getByRole("button", { name: "Stop", exact: true }).click();

  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (scripted) — stopped by you");
  await expect(page.getByTestId("stopped-note")).toContainText("You stopped this run");
  await expect(page.getByTestId("stopped-badge")).toHaveText("stopped by you — not judged");
  await expect(page.getByRole("region", { name: "Outcome" }).locator(".badge.status")).toHaveCount(0);
  // Not judged: no verdicts to annotate, no model-failure message quoted; not exported, shared or linked.
  const outcome = page.getByRole("region", { name: "Outcome" });
  await expect(outcome).not.toContainText("The model service failed");
  await expect(page.getByRole("region", { name: "Verdicts" })).toContainText("Not judged: you stopped this run.");
  await expect(page.getByRole("button", { name: /^Annotate / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export run" })).toBeDisabled();
  const meta = page.getByRole("region", { name: "Metadata and links" });
  await expect(meta.getByRole("button", { name: "HTML report" })).toBeDisabled();
  await expect(meta.getByTestId("run-link-none")).toHaveText("No link: a run you stopped is not kept. Run it again to link it.");
  await expect(meta.getByRole("button", { name: "Copy link" })).toBeDisabled();
  await expect(page.getByTestId("notice")).toContainText("not saved to the history");

  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("status")).not.toContainText("Loading");
  await expect(page.getByTestId("history-table").locator("tbody tr")).toHaveCount(0);
});
