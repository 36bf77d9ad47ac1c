import type { Page } from "@playwright/test";
import { currentRow, eventLog, eventRows, expect, openRun, shot, test } from "./fixtures.ts";

const FIXTURE = "concentration-hh1001";
const CANDIDATE = "reads-other-household";

const eventParam = (page: Page): string | null => new URL(page.url()).searchParams.get("event");

async function kindsOf(page: Page): Promise<string[]> {
  return eventRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind") ?? ""));
}

/** The cursor is on row `index` of `count`: the row, the position text and the URL all say so. */
async function expectCursorAt(page: Page, index: number, count: number): Promise<void> {
  await expect(currentRow(page)).toHaveCount(1);
  await expect(eventRows(page).nth(index)).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${index + 1} of ${count}`);
  await expect.poll(() => eventParam(page)).toBe(String(index));
}

test("Home, ArrowRight and ArrowLeft move the cursor; the access panel, the position text and the URL follow it; the URL reopens the same place", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const kinds = await kindsOf(page);
  const count = kinds.length;
  const denial = kinds.indexOf("denial");
  expect(denial, "the run has a denial row").toBeGreaterThan(0);
  await expectCursorAt(page, count - 1, count);

  const access = page.getByTestId("access-panel");
  const hh2002 = access.locator('[data-household="HH-2002"]');

  await page.keyboard.press("Home");
  await expectCursorAt(page, 0, count);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_started");
  await expect(access).toContainText("No household touched so far");
  await expect(access.locator("[data-household]")).toHaveCount(0);
  // Before the end no verdicts are given.
  await expect(page.getByTestId("verdicts")).toHaveCount(0);

  for (let i = 1; i <= denial; i++) {
    await page.keyboard.press("ArrowRight");
    await expectCursorAt(page, i, count);
    if (i < denial) await expect(hh2002.and(page.locator('[data-access="denied"]'))).toHaveCount(0);
  }
  await expect(currentRow(page)).toHaveAttribute("data-kind", "denial");
  await expect(access).not.toContainText("No household touched so far");
  await expect(hh2002).toHaveAttribute("data-access", "denied");
  await expect(hh2002).toContainText("DENIED");
  await expect(eventRows(page).nth(denial + 1)).toHaveClass(/after-cursor/);
  await expect(eventRows(page).nth(denial)).not.toHaveClass(/after-cursor/);
  await shot(page, "cursor");

  await page.keyboard.press("ArrowLeft");
  await expectCursorAt(page, denial - 1, count);
  await page.keyboard.press("ArrowRight");
  await expectCursorAt(page, denial, count);

  // Reopening the URL replays the run and puts the cursor back on the denial.
  const url = page.url();
  expect(new URL(url).searchParams.get("fixture")).toBe(FIXTURE);
  expect(new URL(url).searchParams.get("candidate")).toBe(CANDIDATE);
  await page.goto(url);
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1);
  await expect(page.getByTestId("run-title")).toHaveText(`${FIXTURE} / ${CANDIDATE} (scripted)`);
  await expect(page.locator(`[data-fixture="${FIXTURE}"]`)).toHaveAttribute("aria-current", "true");
  await expect(page.locator(`[data-candidate="${CANDIDATE}"]`)).toHaveAttribute("aria-current", "true");
  await expectCursorAt(page, denial, count);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "denial");
  await expect(page.getByTestId("access-panel").locator('[data-household="HH-2002"]')).toHaveAttribute("data-access", "denied");

  await page.keyboard.press("End");
  await expectCursorAt(page, count - 1, count);
  await expect(page.getByTestId("verdicts")).toBeVisible();
});

test("clicking a timeline row moves the cursor to it", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const kinds = await kindsOf(page);
  const denial = kinds.indexOf("denial");

  await eventRows(page).nth(denial).locator(".when").click();
  await expectCursorAt(page, denial, kinds.length);
  await expect(page.getByTestId("access-panel").locator('[data-household="HH-2002"]')).toHaveAttribute("data-access", "denied");

  await eventRows(page).first().locator(".when").click();
  await expectCursorAt(page, 0, kinds.length);
  await expect(page.getByTestId("access-panel")).toContainText("No household touched so far");
});

test("Space plays the run from the cursor and pauses it", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const count = (await kindsOf(page)).length;
  await page.keyboard.press("Home");
  await expectCursorAt(page, 0, count);

  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByTestId("cursor-position")).not.toHaveText(`event 1 of ${count}`, { timeout: 3_000 });

  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  const paused = await page.getByTestId("cursor-position").textContent();
  await page.waitForTimeout(1_200);
  await expect(page.getByTestId("cursor-position")).toHaveText(paused ?? "");
});

/**
 * Where the current row is on screen: "ok" when the points a little below its top and at its
 * middle hit the row itself, otherwise what covers them or that the row is scrolled away.
 */
async function currentRowOnScreen(page: Page): Promise<string> {
  return currentRow(page).evaluate((row) => {
    const r = row.getBoundingClientRect();
    const x = r.left + 30;
    for (const y of [r.top + 8, r.top + r.height / 2]) {
      if (y < 0 || y >= window.innerHeight) return `scrolled off screen (row top at ${Math.round(r.top)} px, viewport ${window.innerHeight} px)`;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !row.contains(hit)) return `covered by ${hit?.closest("section, header, li")?.getAttribute("aria-label") ?? hit?.tagName ?? "nothing"} (row top at ${Math.round(r.top)} px)`;
    }
    return "ok";
  });
}

test("the current row stays on screen, not scrolled away or hidden under the sticky timeline header, as the cursor moves", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const count = (await kindsOf(page)).length;
  const where = (step: string) => ({ message: `current row visible after ${step}` });

  await expect.poll(() => currentRowOnScreen(page), where("opening the run (cursor on the last event)")).toBe("ok");
  await page.keyboard.press("Home");
  await expectCursorAt(page, 0, count);
  await expect.poll(() => currentRowOnScreen(page), where("Home")).toBe("ok");
  for (let i = 1; i < count; i++) {
    await page.keyboard.press("ArrowRight");
    await expectCursorAt(page, i, count);
    await expect.poll(() => currentRowOnScreen(page), where(`ArrowRight to event ${i}`)).toBe("ok");
  }
  for (let i = count - 2; i >= 0; i--) {
    await page.keyboard.press("ArrowLeft");
    await expectCursorAt(page, i, count);
    await expect.poll(() => currentRowOnScreen(page), where(`ArrowLeft to event ${i}`)).toBe("ok");
  }
  await page.keyboard.press("End");
  await expectCursorAt(page, count - 1, count);
  await expect.poll(() => currentRowOnScreen(page), where("End")).toBe("ok");
});
