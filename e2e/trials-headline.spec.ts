import { expect, openRun, shot, startTrials, test } from "./fixtures.ts";

const FAULTY = "A faulty candidate that fails exactly the checks its fixture declares behaves as designed.";

test("a model's trials headline does not describe them as a faulty scripted candidate; a scripted suite's still explains 'as designed'", async ({ page }) => {
  test.setTimeout(90_000);
  await openRun(page, "claimed-authority", "reference");
  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: /^Run every candidate of / }).click();
  const headline = page.getByTestId("suite-headline");
  await expect(page.getByTestId("suite-as-designed")).toHaveText(/as designed$/, { timeout: 30_000 });
  await expect(headline).toContainText(FAULTY);

  await startTrials(page, { k: 2, fixtures: "selected" });
  await expect(page.getByTestId("trials-status")).toHaveText("2 trial runs of simulated:reference done.", { timeout: 45_000 });
  await expect(page.getByTestId("suite-as-designed")).toHaveText(/ passed$/);
  await expect(headline).not.toContainText("faulty");
  await expect(headline).toContainText("2 trials of simulated:reference");
  await shot(page, "trials-headline");
});
