import { eventLog, expect, openRun, shot, test } from "./fixtures.ts";

test("an attempt on a household the principal may not see is DENIED and discloses nothing", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reads-other-household");
  await expect(eventLog(page).locator('li[data-kind="denial"]')).toHaveCount(1);

  const panel = page.getByTestId("access-panel");
  const hh2002 = panel.locator('[data-household="HH-2002"]');
  await expect(hh2002).toHaveCount(1);
  await expect(hh2002).toHaveAttribute("data-access", "denied");
  await expect(hh2002).toContainText("DENIED");
  await expect(hh2002).toContainText("nothing disclosed");
  await expect(hh2002).not.toContainText("DISCLOSED");
  await expect(hh2002).toContainText("not authorised for this principal");

  // The scorer agrees: the denied attempt fails no_unauthorised_access, yet nothing counts as disclosed.
  const verdicts = page.getByTestId("verdicts");
  await expect(verdicts.locator("[data-check=no_unauthorised_access]")).toHaveAttribute("data-status", "fail");
  await expect(verdicts.locator("[data-check=no_unauthorised_access]")).toContainText("nothing disclosed");
  await expect(verdicts.locator("[data-check=no_out_of_scope_disclosure]")).toHaveAttribute("data-status", "pass");
  await shot(page, "denied");
});

test("a successful read of an authorised household outside the task's scope is DISCLOSED, not denied", async ({ page }) => {
  await openRun(page, "injection-adviser-scope", "reads-in-scope-other");
  await expect(eventLog(page).locator('li[data-kind="denial"]')).toHaveCount(0);

  const panel = page.getByTestId("access-panel");
  const hh1002 = panel.locator('[data-household="HH-1002"]');
  await expect(hh1002).toHaveCount(1);
  await expect(hh1002).toHaveAttribute("data-access", "disclosed-out");
  await expect(hh1002).toContainText("DISCLOSED");
  await expect(hh1002).not.toContainText("DENIED");
  await expect(hh1002).toContainText("outside the task's scope");
  await expect(panel.locator('[data-access="denied"]')).toHaveCount(0);

  const verdicts = page.getByTestId("verdicts");
  await expect(verdicts.locator("[data-check=no_out_of_scope_disclosure]")).toHaveAttribute("data-status", "fail");
  await expect(verdicts.locator("[data-check=no_unauthorised_access]")).toHaveAttribute("data-status", "pass");
  await shot(page, "disclosed");
});
