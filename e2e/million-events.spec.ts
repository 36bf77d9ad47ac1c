import type { Page } from "@playwright/test";
import { serveHarness } from "./bench/harness-server.ts";
import { currentRow, eventLog, expect, shot, test } from "./fixtures.ts";

// A run of 1,000,003 events (200,000 decisions), made in the page by the real runtime and loaded
// into the real store through the bench harness: the workbench import cannot take a file this size.
const DECISIONS = 200_000;
const EVENTS = 1_000_003;
/** Chromium clamps an element's height here; the list must stay under it. */
const CHROMIUM_MAX_HEIGHT = 33_554_432;

let harness: Awaited<ReturnType<typeof serveHarness>>;
test.beforeAll(async () => {
  harness = await serveHarness(4181);
});
test.afterAll(async () => {
  await harness.close();
});

const column = (page: Page) => eventLog(page).locator("xpath=ancestor::div[contains(@class, 'column')][1]");
const rowAt = (page: Page, index: number) => eventLog(page).locator(`li[data-index="${index}"]`);
const scrollColumn = (page: Page, to: "bottom" | number) =>
  column(page).evaluate((el, where) => void (el.scrollTop = where === "bottom" ? el.scrollHeight : where * (el.scrollHeight - el.clientHeight)), to);

test("a million-event run: End shows the last event, and scrolling reaches every part of the log", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(harness.url);
  await page.waitForFunction(() => "harness" in window);
  const count = await page.evaluate((d) => (window as unknown as { harness: { loadLongRun(d: number): Promise<number> } }).harness.loadLongRun(d), DECISIONS);
  expect(count).toBe(EVENTS);
  const position = page.getByTestId("cursor-position");
  await expect(position).toHaveText(`event ${EVENTS} of ${EVENTS}`);
  await expect(eventLog(page)).toHaveAttribute("data-scaled", "true");
  expect(await column(page).evaluate((el) => el.scrollHeight)).toBeLessThan(CHROMIUM_MAX_HEIGHT);
  expect(await eventLog(page).locator("li").count()).toBeLessThan(60);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  await expect(currentRow(page)).toBeInViewport();

  await page.keyboard.press("Home");
  await expect(position).toHaveText(`event 1 of ${EVENTS}`);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_started");
  await expect(currentRow(page)).toBeInViewport();

  await page.keyboard.press("End");
  await expect(position).toHaveText(`event ${EVENTS} of ${EVENTS}`);
  await expect(currentRow(page)).toHaveAttribute("data-index", String(EVENTS - 1));
  await expect(currentRow(page)).toBeInViewport();
  await expect(page.getByTestId("verdicts")).toBeVisible();
  // Too long to keep for a link (it would store the whole run in the browser): the panel says so.
  await expect(page.getByTestId("run-link-none")).toContainText(`No link for a run of ${EVENTS.toLocaleString("en")} events`);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeDisabled();
  await shot(page, "million-events-end");

  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("PageUp");
  await expect(position).toHaveText(`event ${EVENTS - 11} of ${EVENTS}`);
  await expect(currentRow(page)).toBeInViewport();

  // Scrolling alone, without the cursor: past the old limit at event 466,016, and to the very end.
  const firstRendered = async () => Number(await eventLog(page).locator("li").first().getAttribute("data-index"));
  await scrollColumn(page, 0.75);
  await expect.poll(firstRendered).toBeLessThan(800_000);
  expect(await firstRendered()).toBeGreaterThan(700_000);
  // A wheel turn moves the rows by what the wheel says, not by that times the scale (about 12).
  const box = await eventLog(page).boundingBox();
  await page.mouse.move((box?.x ?? 0) + 30, 600);
  const row = eventLog(page).locator("li").nth(8);
  const index = await row.getAttribute("data-index");
  const topOf = async () => (await eventLog(page).locator(`li[data-index="${index}"]`).boundingBox())?.y ?? Number.NaN;
  const before = await topOf();
  await page.mouse.wheel(0, 120);
  await expect.poll(async () => before - (await topOf())).toBeGreaterThan(100);
  expect(before - (await topOf())).toBeLessThan(140);

  await scrollColumn(page, "bottom");
  await expect(rowAt(page, EVENTS - 1)).toBeInViewport();
  await expect(rowAt(page, EVENTS - 1)).toHaveAttribute("data-kind", "run_finished");
  await scrollColumn(page, 0);
  await expect(rowAt(page, 0)).toBeInViewport();
});
