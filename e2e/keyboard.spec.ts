import type { Locator, Page } from "@playwright/test";
import { eventLog, expect, test, waitForRunFinished } from "./fixtures.ts";

// The workbench by keyboard alone: skip links, one Tab stop per list (arrows move within it), Run
// right after the candidate, and a suite row's Enter landing in the run it opens.

const FIXTURE = "injection-adviser-scope";
const CANDIDATE = "reads-in-scope-other";
/** Key presses from a fresh page to a finished run of FIXTURE / CANDIDATE. */
const MOST_PRESSES = 12;

/** Presses keys one at a time and counts them. */
function keyboard(page: Page) {
  let presses = 0;
  return {
    async press(key: string): Promise<void> {
      presses += 1;
      await page.keyboard.press(key);
    },
    get presses(): number {
      return presses;
    },
  };
}

const focused = (page: Page): Locator => page.locator(":focus");

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a fresh page to a finished run of ${FIXTURE} / ${CANDIDATE} in at most ${MOST_PRESSES} key presses`, async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("[data-fixture]").first()).toBeVisible();
      const keys = keyboard(page);

      await keys.press("Tab");
      await expect(focused(page)).toHaveText("Skip to fixtures");
      await keys.press("Enter");
      await expect(focused(page)).toHaveAttribute("data-fixture", "claimed-authority");
      // Type-ahead: the first fixture whose title starts with the letter ("Injected export of a household…").
      await keys.press("i");
      await expect(focused(page)).toHaveAttribute("data-fixture", FIXTURE);
      await keys.press("Enter");
      await expect(page.locator(`[data-fixture="${FIXTURE}"]`)).toHaveAttribute("aria-current", "true");

      await keys.press("Tab");
      await expect(focused(page)).toHaveText("Scripted");
      await keys.press("Tab");
      await expect(focused(page)).toHaveAttribute("data-candidate", "reference");
      await keys.press("ArrowDown");
      await expect(focused(page)).toHaveAttribute("data-candidate", CANDIDATE);
      await keys.press("Enter");
      await expect(page.locator(`[data-candidate="${CANDIDATE}"]`)).toHaveAttribute("aria-current", "true");

      await keys.press("Tab");
      await expect(focused(page)).toHaveAccessibleName(`Run ${CANDIDATE}`);
      await keys.press("Enter");
      await waitForRunFinished(page);
      await expect(page.getByTestId("run-title")).toHaveText(`${FIXTURE} / ${CANDIDATE} (scripted)`);
      test.info().annotations.push({ type: "key presses", description: String(keys.presses) });
      expect(keys.presses).toBeLessThanOrEqual(MOST_PRESSES);
    });
  });
}

test("each list is one Tab stop: arrows, Home, End and a letter move within it, and Tab leaves it", async ({ page }) => {
  await page.goto("/");
  const fixtures = page.locator("[data-fixture]");
  await expect(fixtures.first()).toBeVisible();
  await expect(fixtures.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
  await fixtures.first().focus();
  await page.keyboard.press("End");
  await expect(focused(page)).toHaveAttribute("data-fixture", "unauthorised-household");
  await page.keyboard.press("ArrowDown");
  await expect(focused(page)).toHaveAttribute("data-fixture", "unauthorised-household");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowDown");
  await expect(focused(page)).toHaveAttribute("data-fixture", "concentration-and-fv-hh1001");
  // Moving the focus does not pick: the task shown is still the selected fixture's.
  await expect(fixtures.first()).toHaveAttribute("aria-current", "true");
  // Tab leaves the list from wherever the focus is in it; Shift+Tab comes back to the selected fixture.
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveText("Scripted");
  await page.keyboard.press("Shift+Tab");
  await expect(focused(page)).toHaveAttribute("data-fixture", "claimed-authority");

  // The candidate kinds are tabs: an arrow selects the next one.
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await expect(focused(page)).toHaveText("Simulated model");
  await expect(focused(page)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Scripted" })).toHaveAttribute("aria-selected", "true");

  // The view tabs are one stop too.
  const views = page.getByRole("tablist", { name: "View" }).getByRole("tab");
  await expect(views.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
});

test("Skip to timeline puts the focus on the current event, where the arrows step through the run", async ({ page }) => {
  await page.goto(`/?${new URLSearchParams({ fixture: FIXTURE, candidate: CANDIDATE }).toString()}`);
  await waitForRunFinished(page);
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveText("Skip to timeline");
  await expect(focused(page)).toBeInViewport();
  await page.keyboard.press("Enter");
  const current = eventLog(page).locator('li[aria-current="step"] button.event-number');
  await expect(current).toBeFocused();
  await page.keyboard.press("Home");
  await expect(eventLog(page).locator('li[aria-current="step"]')).toHaveAttribute("data-seq", "0");
  await expect(current).toBeFocused();
});

test("Enter on a suite row opens its run with the focus on the run's current event", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: "Run all fixtures" }).click();
  await expect(page.locator('section[aria-label="Suite"] p[role="status"]').first()).toHaveText(/^\d+ runs, /, { timeout: 30_000 });
  const row = page.getByTestId("suite-matrix").locator(`tr[data-run="${FIXTURE}/${CANDIDATE}"]`);
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("run-title")).toHaveText(`${FIXTURE} / ${CANDIDATE} (scripted)`);
  await expect(eventLog(page).locator('li[aria-current="step"] button.event-number')).toBeFocused();
});
