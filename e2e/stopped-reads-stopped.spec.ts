import { blockingViolations } from "./axe.ts";
import { eventLog, expect, openRun, shot, test } from "./fixtures.ts";

test("a stopped run reads as stopped everywhere: no outcome or expected outcome beside 'not judged', no 'run ended: unavailable'", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  await page.getByLabel("Pace").selectOption("real");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("run-title")).toContainText("running");
  await expect.poll(() => eventLog(page).locator("li[data-kind]").count()).toBeGreaterThanOrEqual(2);
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (scripted) — stopped by you");

  const outcome = page.getByRole("region", { name: "Outcome" });
  await expect(page.getByTestId("stopped-badge")).toHaveText("stopped by you — not judged");
  await expect(outcome.locator(".panel-head")).not.toContainText("unavailable");
  await expect(outcome.locator(".panel-head")).not.toContainText("expected");
  await expect(outcome.locator(".badge.outcome")).toHaveCount(0);

  const finished = eventLog(page).locator('li[data-kind="run_finished"]');
  await expect(finished).toContainText("run stopped by you");
  await expect(finished).not.toContainText("unavailable");
  // The request Stop cut is said to be cancelled, not to have failed.
  const cut = eventLog(page).locator('li[data-kind="model_failure"]');
  if ((await cut.count()) > 0) {
    await expect(cut).toContainText("the run was stopped");
    await expect(cut.locator(".kind")).toHaveText(/request cancelled/);
    await expect(cut).toHaveClass(/\bcancelled\b/);
  }
  await expect(page.getByTestId("run-announcer")).toHaveText(/^Run fv-scenario-a \/ reference stopped by you, not judged, \d+ events\.$/);
  await shot(page, "stopped-run");
  expect(await blockingViolations(page), "stopped run: serious or critical axe violations").toEqual([]);

  // Compare sets judged runs side by side: a stopped run is not offered.
  await page.getByRole("tab", { name: "Compare" }).click();
  const sideA = await page.getByLabel("Side A").locator("option").allTextContents();
  expect(sideA.some((o) => o.startsWith("current run"))).toBe(false);
});
