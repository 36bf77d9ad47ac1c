import { expect, openRun, shot, test } from "./fixtures.ts";

// Compare on a phone: both sides of every step are readable in the window — the B side's DISCLOSED
// line included — and the first difference is what the analyst sees first.

const FIXTURE = "injection-adviser-scope";

test.use({ viewport: { width: 390, height: 844 } });

test("at 390 px the sides of a step are stacked, the B side's DISCLOSED line wholly in the window, the first difference in view", async ({ page }) => {
  await openRun(page, FIXTURE, "reference");
  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: `Run every candidate of ${FIXTURE}` }).click();
  await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(/^4 runs, /, { timeout: 30_000 });
  await page.getByRole("tab", { name: "Compare" }).click();
  await page.getByLabel("Side A").selectOption({ label: "current run — reference (scripted)" });
  await page.getByLabel("Side B").selectOption({ label: "suite — reads-in-scope-other (scored here)" });

  const first = page.getByTestId("compare-steps").locator("tbody tr[data-first-difference]");
  const disclosed = first.locator(".step-line.disclosed");
  await expect(disclosed).toHaveText("DISCLOSED ev-1 portfolio.read HH-1002");
  // Wholly visible: in the window and clipped by no box around it.
  await expect(disclosed).toBeInViewport({ ratio: 1 });
  await expect(first.locator("th")).toBeInViewport();
  // Each side says which it is, the B side after the A side.
  const sides = first.locator("td");
  await expect(sides.nth(0).locator(".step-side")).toHaveText("A — reference");
  await expect(sides.nth(1).locator(".step-side")).toHaveText("B — reads-in-scope-other");
  const a = await sides.nth(0).boundingBox();
  const b = await sides.nth(1).boundingBox();
  expect(b?.y ?? 0).toBeGreaterThanOrEqual((a?.y ?? 0) + (a?.height ?? 0) - 1);
  // Nothing scrolls sideways: the page nor the table.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const table = page.getByTestId("compare-steps");
  expect(await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1)).toBe(true);
  await shot(page, "compare-runs-390");
});
