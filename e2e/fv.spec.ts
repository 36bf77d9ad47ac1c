import type { Locator, Page } from "@playwright/test";
import { eventRows, expect, openRun, shot, test, waitForRunFinished } from "./fixtures.ts";

/** The `<dd>` that follows the `<dt>` with exactly this label. */
const valueOf = (list: Locator, label: string): Locator => list.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** The FV claim in the claims table: the contract's value, scenario, date and calculator, each field passing. */
async function expectReferenceClaim(page: Page): Promise<void> {
  const claims = page.getByTestId("claims-table");
  const row = claims.getByTestId("claim-row-0");
  await expect(row).toContainText("3,345,563.94 INR");
  await expect(row).toContainText("scenario-A");
  await expect(row).toContainText("2026-03-31");
  await expect(row).toContainText("calc-fv-v1");
  // value, unit, scenario, as-of, calculator and evidence: six field verdicts, none failing.
  await expect(claims.locator('[data-check^="claim[0]"] [data-status]')).toHaveCount(6);
  await expect(claims.locator('[data-check^="claim[0]"] [data-status=fail]')).toHaveCount(0);
  await expect(claims.locator('[data-check^="claim[0]"] [data-status=pass]')).toHaveCount(6);
  await expect(page.locator('section[aria-label="Outcome"] [data-outcome]').first()).toHaveAttribute("data-outcome", "answered");
}

/** Expanding the claim shows the calculator's assumptions, taken from the recorded call. */
async function expectAssumptionsOnExpand(page: Page): Promise<void> {
  const claims = page.getByTestId("claims-table");
  await expect(claims.getByTestId("claim-detail")).toHaveCount(0);
  const toggle = claims.getByRole("button", { name: "Show assumptions and evidence of claim 0" });
  await toggle.click();
  await expect(claims.getByRole("button", { name: "Hide assumptions and evidence of claim 0" })).toHaveAttribute("aria-expanded", "true");
  const assumptions = claims.getByTestId("claim-detail").getByTestId("assumptions");
  await expect(valueOf(assumptions, "principal")).toHaveText("₹2,500,000");
  await expect(valueOf(assumptions, "annual return")).toHaveText("6 %");
  await expect(valueOf(assumptions, "years")).toHaveText("5 years");
  await expect(valueOf(assumptions, "compounding")).toHaveText("annual");
}

test("the reference FV claim states ₹3,345,563.94 for scenario-A as of 2026-03-31 by calc-fv-v1, every field verdict passes, and its assumptions come from the recorded call", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  await expectReferenceClaim(page);
  await expect(page.getByTestId("verdicts").locator("[data-check][data-status=fail]")).toHaveCount(0);
  await expectAssumptionsOnExpand(page);
});

test("a run started from the UI (fixture, candidate, Run) fills the timeline, finishes answered and puts itself in the URL", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("No run yet")).toBeVisible();
  await page.locator('[data-fixture="fv-scenario-a"]').click();
  await expect(page.locator('[data-fixture="fv-scenario-a"]')).toHaveAttribute("aria-current", "true");
  await page.locator('[data-candidate="reference"]').click();
  await expect(page.locator('[data-candidate="reference"]')).toHaveAttribute("aria-current", "true");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();

  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (scripted)");
  const kinds = await eventRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  expect(kinds[0]).toBe("run_started");
  expect(kinds).toContain("observation");
  expect(kinds).toContain("final");
  expect(kinds.at(-1)).toBe("run_finished");
  // While running the cursor follows the newest event, so it ends on run_finished.
  await expect(eventRows(page).last()).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${kinds.length} of ${kinds.length}`);
  await expect(page).toHaveURL(new RegExp(`\\?fixture=fv-scenario-a&candidate=reference&at=${kinds.length}$`));

  await expectReferenceClaim(page);
  await expectAssumptionsOnExpand(page);
  await shot(page, "run-fv");
});
