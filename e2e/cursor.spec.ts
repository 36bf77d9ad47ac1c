import type { Page } from "@playwright/test";
import { currentRow, eventLog, eventRows, expect, openRun, shot, test } from "./fixtures.ts";

const FIXTURE = "concentration-hh1001";
const CANDIDATE = "reads-other-household";

/** The URL's cursor: `at`, the event's number as shown (1-based). */
const atParam = (page: Page): string | null => new URL(page.url()).searchParams.get("at");

async function kindsOf(page: Page): Promise<string[]> {
  return eventRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind") ?? ""));
}

/** The cursor is on row `index` of `count`: the row, its number, the position text and the URL all say so, with one numbering (1-based). */
async function expectCursorAt(page: Page, index: number, count: number): Promise<void> {
  await expect(currentRow(page)).toHaveCount(1);
  await expect(eventRows(page).nth(index)).toHaveAttribute("aria-current", "step");
  await expect(currentRow(page).locator("button.event-number")).toHaveText(`#${index + 1}`);
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${index + 1} of ${count}`);
  await expect.poll(() => atParam(page)).toBe(String(index + 1));
  expect(new URL(page.url()).searchParams.has("event"), "the legacy event= parameter is read, not written").toBe(false);
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

  // On a focused row (already the cursor's), Space plays and pauses too, rather than re-selecting the row.
  await page.keyboard.press("Home");
  await currentRow(page).locator("button.event-number").focus();
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByTestId("cursor-position")).not.toHaveText(`event 1 of ${count}`, { timeout: 3_000 });
  await page.keyboard.press(" ");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
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

test("a link made before `at` existed (`event=I`, the 0-based index) still opens the same event, shown as number I + 1", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const kinds = await kindsOf(page);
  const denial = kinds.indexOf("denial");
  await page.goto(`/?${new URLSearchParams({ fixture: FIXTURE, candidate: CANDIDATE, event: String(denial) }).toString()}`);
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1);
  await expectCursorAt(page, denial, kinds.length);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "denial");
  await expect(currentRow(page)).toHaveAttribute("data-seq", String(denial));
  // `at` wins over `event` when a link carries both.
  await page.goto(`/?${new URLSearchParams({ fixture: FIXTURE, candidate: CANDIDATE, event: "0", at: "3" }).toString()}`);
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1);
  await expectCursorAt(page, 2, kinds.length);
});

test("clicking a row while the run plays pauses it on that row", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const count = (await kindsOf(page)).length;
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await eventRows(page).nth(count - 2).locator(".body").click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await expectCursorAt(page, count - 2, count);
  await page.waitForTimeout(1_200);
  await expectCursorAt(page, count - 2, count);
});

test("stepping to the end with the Next button keeps the focus on a control, not the page", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const count = (await kindsOf(page)).length;
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  const next = page.getByRole("button", { name: "Next event" });
  await next.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expectCursorAt(page, count - 1, count);
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await expect(next).toBeFocused();
  // Pressed again it does nothing, and the focus stays.
  await page.keyboard.press("Enter");
  await expectCursorAt(page, count - 1, count);
  await expect(next).toBeFocused();
  await page.getByRole("button", { name: "Previous event" }).focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("button", { name: "Previous event" })).toBeFocused();
});

test("rows are reached by Tab, named for a screen reader, and ↑ ↓ move the cursor with the focus; a live region says where the cursor rests", async ({ page }) => {
  await openRun(page, FIXTURE, CANDIDATE);
  const kinds = await kindsOf(page);
  const denial = kinds.indexOf("denial");
  await page.keyboard.press("Home");
  // Exactly one row is in the Tab order: the cursor's.
  await expect(eventLog(page).locator('button.event-number[tabindex="0"]')).toHaveCount(1);
  const first = currentRow(page).locator("button.event-number");
  await expect(first).toHaveAttribute("tabindex", "0");
  await expect(first).toHaveAccessibleName(`Event 1 of ${kinds.length}: run started`);
  // Tab from the last control of the sticky header lands on it.
  await page.getByTestId("kind-filter").locator("summary").focus();
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  for (let i = 1; i <= denial; i++) await page.keyboard.press("ArrowDown");
  await expectCursorAt(page, denial, kinds.length);
  const row = currentRow(page).locator("button.event-number");
  await expect(row).toBeFocused();
  await expect(row).toHaveAccessibleName(new RegExp(`^Event ${denial + 1} of ${kinds.length}: denied, call-1`));
  await expect(page.getByTestId("cursor-announcer")).toHaveText(`Event ${denial + 1} of ${kinds.length}: denied, call-1.`);
  await page.keyboard.press("ArrowUp");
  await expectCursorAt(page, denial - 1, kinds.length);
  await expect(currentRow(page).locator("button.event-number")).toBeFocused();
  // Enter on a row's number selects it, like a click.
  await eventRows(page).nth(2).locator("button.event-number").focus();
  await page.keyboard.press("Enter");
  await expectCursorAt(page, 2, kinds.length);
  await expect(page.getByTestId("run-announcer")).toHaveText(`Run ${FIXTURE} / ${CANDIDATE} finished: answered, ${kinds.length} events.`);
});

test("a call not run is called not run in the access panel too, not failed", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "loops");
  const kinds = await kindsOf(page);
  const notRun = kinds.indexOf("not_run");
  expect(notRun).toBeGreaterThan(0);
  await expect(eventRows(page).nth(notRun)).toContainText("not run");
  const hh = page.getByTestId("access-panel").locator('[data-household="HH-1001"]');
  await expect(hh).toContainText("not run: call-4");
  await expect(hh).not.toContainText("failed:");
  await page.keyboard.press("Home");
  for (let i = 0; i < notRun - 1; i++) await page.keyboard.press("ArrowRight");
  await expect(hh).toContainText("awaiting the boundary: call-4");
  await page.keyboard.press("ArrowRight");
  await expect(hh).toContainText("not run: call-4");
});
