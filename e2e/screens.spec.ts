import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { currentRow, expect, openRun, shot, test, waitForRunFinished } from "./fixtures.ts";

/**
 * Any screen: the workbench is usable on a small laptop (1024×768) and a phone (390×844).
 * Nothing is wider than the window: what is wide (the claims, the suite matrix, the attack grid, a
 * table) scrolls sideways inside its own box, never the page.
 */
const SCREENS = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The boxes made to scroll sideways; any other box that does is a layout bug. */
const SIDEWAYS_BOXES = [".claims-scroll", ".matrix-wrap", ".mx-grid-wrap", ".mx-breakdown", ".history table.grid", "pre"];

const artifact = (name: string): string => fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url));
/** docs/screen-1024.png and docs/screen-390.png: the single run at each size. */
const docsShot = (width: number): string => fileURLToPath(new URL(`../docs/screen-${width}.png`, import.meta.url));

/** The page never scrolls sideways, and no box does but those made for it. */
async function expectNothingWiderThanTheWindow(page: Page, view: string): Promise<void> {
  const { scrollWidth, innerWidth, scrolling } = await page.evaluate((allowed) => {
    const scrolling = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => !allowed.some((selector) => el.matches(selector)))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${el.scrollWidth} px in ${el.clientWidth})`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, scrolling };
  }, SIDEWAYS_BOXES);
  expect(scrollWidth, `${view}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
  expect(scrolling, `${view}: boxes that scroll sideways`).toEqual([]);
}

/** On screen, with a size, and ending within the window. */
async function expectWithinTheWindow(page: Page, element: Locator, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  expect(box?.width ?? 0, `${what} has a width`).toBeGreaterThan(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what} ends within the window`).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) + 0.5);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

for (const screen of SCREENS) {
  const size = `${screen.width}x${screen.height}`;
  test.describe(`at ${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen });

    test("every view fits the window: panels stack, wide content scrolls in its own box, charts and grids render", async ({ page }) => {
      test.setTimeout(120_000);

      // Single run: the picker, the timeline and the result panel with its claims, access and verdicts.
      await openRun(page, "fv-scenario-a", "reference");
      for (const name of ["Fixtures", "Outcome", "Deny vs disclose", "Claims", "Verdicts"]) await expectWithinTheWindow(page, page.getByRole("region", { name }), name);
      await expectWithinTheWindow(page, page.getByRole("tablist", { name: "View" }), "the view tabs");
      await expectWithinTheWindow(page, page.getByRole("button", { name: "Run", exact: true }), "the Run button");
      await expect(page.getByTestId("claims-table")).toBeVisible();
      await expectNothingWiderThanTheWindow(page, "single run");
      await shot(page, `screen-run-${size}`);
      // The copy in docs/ is what the window shows from the top, not the whole page.
      await page.evaluate(() => new Promise((painted) => {
        window.scrollTo(0, 0);
        requestAnimationFrame(() => requestAnimationFrame(painted));
      }));
      await page.screenshot({ path: artifact(`screen-run-${size}-window`) });
      copyFileSync(artifact(`screen-run-${size}-window`), docsShot(screen.width));

      // Import, export and the theme are one click away, in the bar's menu.
      await page.getByRole("button", { name: "☰ Menu" }).click();
      await expectWithinTheWindow(page, page.getByRole("button", { name: "Export run" }), "Export run, in the menu");
      await expectWithinTheWindow(page, page.getByRole("button", { name: "Switch to dark theme" }), "the theme, in the menu");
      await shot(page, `screen-menu-${size}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Export run" })).toBeHidden();

      // Suite: the headline, both charts and the matrix of every run.
      await openTab(page, "Suite");
      await page.getByRole("button", { name: "Run all fixtures" }).click();
      await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(/^\d+ runs, /, { timeout: 30_000 });
      for (const id of ["chart-outcomes", "chart-pass-rate"]) {
        await expectWithinTheWindow(page, page.getByTestId(id).locator("svg.recharts-surface").first(), `the ${id} chart`);
        await expect.poll(() => page.getByTestId(id).locator(".recharts-bar-rectangle").count(), { message: `${id} has bars` }).toBeGreaterThan(0);
      }
      await expectWithinTheWindow(page, page.getByTestId("suite-matrix"), "the suite matrix");
      await expectNothingWiderThanTheWindow(page, "suite");
      await shot(page, `screen-suite-${size}`);

      // The attack matrix: 13 tasks × 19 injections, wider than a phone, scrolls inside its own box.
      await openTab(page, "Matrix");
      await page.getByLabel("Matrix candidate").selectOption("obedient");
      await page.getByRole("button", { name: "Run matrix" }).click();
      await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of obedient\./, { timeout: 30_000 });
      const grid = page.getByTestId("attack-matrix");
      await expect(grid.locator("tbody tr[data-task]")).toHaveCount(13);
      await expectWithinTheWindow(page, grid, "the attack grid");
      await expect(grid.locator("td[data-cell]").first()).toBeVisible();
      await expectNothingWiderThanTheWindow(page, "matrix");
      await shot(page, `screen-matrix-${size}`);

      await openTab(page, "History");
      await expectWithinTheWindow(page, page.getByTestId("history-table"), "the history table");
      await expectNothingWiderThanTheWindow(page, "history");
      await shot(page, `screen-history-${size}`);

      await openTab(page, "Compare");
      await expectNothingWiderThanTheWindow(page, "compare");
      await shot(page, `screen-compare-${size}`);
    });
  });
}

test("at 390 px the attack grid scrolls sideways inside its own box, not the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await openTab(page, "Matrix");
  await page.getByRole("button", { name: "Run matrix" }).click();
  await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of /, { timeout: 30_000 });
  const grid = page.getByTestId("attack-matrix");
  const before = await grid.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(before.scrollWidth).toBeGreaterThan(before.clientWidth);
  await grid.evaluate((el) => el.scrollBy({ left: 400 }));
  expect(await grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  // The task names stay in view while the cells scroll under them, and leave room for the cells.
  const task = await grid.locator("th.task").first().boundingBox();
  expect(task?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect(task?.width ?? 390).toBeLessThan(390 / 2);
});

test("on a phone, opening a run leaves the page at its top, and stepping scrolls only the timeline's box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRun(page, "unauthorised-household", "reads-other-household");
  // The cursor is on the last event, in the timeline's own box; the page has not moved to it.
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = page.locator(".column-timeline");
  const [row, boxArea] = await Promise.all([currentRow(page).boundingBox(), box.boundingBox()]);
  expect((row?.y ?? 0) + (row?.height ?? 0), "the last event is scrolled into the timeline's box").toBeLessThanOrEqual((boxArea?.y ?? 0) + (boxArea?.height ?? 0) + 1);
  await page.keyboard.press("Home");
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_started");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The first event is in the box, below its sticky header.
  const header = box.locator("section.panel").filter({ has: page.getByTestId("kind-filter") });
  const [first, head, area] = await Promise.all([currentRow(page).boundingBox(), header.boundingBox(), box.boundingBox()]);
  expect(first?.y ?? 0).toBeGreaterThanOrEqual((head?.y ?? 0) + (head?.height ?? 0) - 1);
  expect((first?.y ?? 0) + (first?.height ?? 0)).toBeLessThanOrEqual((area?.y ?? 0) + (area?.height ?? 0) + 1);
  await page.keyboard.press("End");
  await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("at 1440 the claims table shows every column without scrolling sideways", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const table = page.getByTestId("claims-table");
  await expect(table.locator("thead th")).toHaveCount(8);
  for (const name of ["kind", "value", "unit", "scenario", "as-of", "calculator", "evidence"]) await expect(table.getByRole("columnheader", { name, exact: true })).toBeInViewport({ ratio: 1 });
  const { scrollWidth, clientWidth } = await table.evaluate((el) => {
    const box = el.parentElement ?? el;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scrollWidth, `the claims table needs ${scrollWidth} px in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
  await shot(page, "screen-claims-1440");
});

test("the result column starts at the top for another run, not where the last one was left", async ({ page }) => {
  // An imported run replaces the one on screen at once, with no empty panel in between.
  await openRun(page, "fv-scenario-a", "reference");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const file = artifact("screens-export").replace(/\.png$/, ".json");
  await download.saveAs(file);
  await openRun(page, "concentration-hh1001", "reference");
  const column = page.getByLabel("Result", { exact: true });
  await column.evaluate((el) => el.scrollTo({ top: 300 }));
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(300);

  await page.getByTestId("import-input").setInputFiles(file);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (imported)");
  await waitForRunFinished(page);
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(0);
});

test("the chosen theme survives a reload and is on the page before the app renders", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // Noted when the document has been parsed, before any module script runs: there is no light frame first.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") (window as unknown as { themeAtParse?: string }).themeAtParse = document.documentElement.dataset.theme ?? "none";
    });
  });
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe("dark");
  await shot(page, "screen-dark-after-reload");

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
});
