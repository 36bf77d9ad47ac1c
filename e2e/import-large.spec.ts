import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { generateSuite } from "../src/cli/bench-import.ts";
import { loadFixtureDir } from "../src/node/fixture-files.ts";
import { COMPILE_ALL_HINT } from "../vite.config.ts";
import { expect, openRun, shot, test, verdictStatuses } from "./fixtures.ts";

// An import big enough to take a while runs in a Web Worker with a progress bar
// and Cancel; the suite matrix then holds only the rows near its viewport. No timing is asserted.
const RUNS = 2000;
let suite = "";

test.beforeAll(async () => {
  suite = join(mkdtempSync(join(tmpdir(), "finbound-e2e-import-")), `suite-${RUNS}.jsonl`);
  await generateSuite(suite, RUNS, loadFixtureDir());
});

interface Watched {
  /** Every text the progress bar showed, in order. */
  progress: string[];
  /** Main-thread tasks over 50 ms (PerformanceObserver "longtask"): when they started and how long they took. */
  long: [number, number][];
  /** When the import's notice appeared. */
  doneAt: number;
  /** Whether the suite view's "Loading…" fallback was ever shown. */
  fallback: boolean;
}

/** Records, in the page, what the progress bar shows as it changes, the long tasks, and when the notice appears. */
async function watchImport(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __watched: Watched };
    const watched: Watched = { progress: [], long: [], doneAt: Number.POSITIVE_INFINITY, fallback: false };
    w.__watched = watched;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) watched.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask" });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="import-progress-text"]')?.textContent;
      if (text && watched.progress.at(-1) !== text) watched.progress.push(text);
      if (watched.doneAt === Number.POSITIVE_INFINITY && document.querySelector('[data-testid="notice"]')) watched.doneAt = performance.now();
      if (document.querySelector('[data-testid="view-loading"]')) watched.fallback = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const watched = (page: Page): Promise<Watched> => page.evaluate(() => (window as unknown as { __watched: Watched }).__watched);
/** The longest task before the notice (the import) and after it (the suite view's first paint), in ms. */
const longest = (w: Watched): { importing: number; after: number } => ({
  importing: Math.round(Math.max(0, ...w.long.filter(([at]) => at < w.doneAt).map(([, d]) => d))),
  after: Math.round(Math.max(0, ...w.long.filter(([at]) => at >= w.doneAt).map(([, d]) => d))),
});
const runsDone = (text: string): number => Number(/^(\d+)/.exec(text)?.[1] ?? -1);

test(`a ${RUNS}-run JSONL suite imports in a worker with a moving progress bar, and the matrix renders only the rows in view`, async ({ page }) => {
  test.setTimeout(180_000);
  // The suite view's chunk loads once the page is idle after its first paint; the test starts the import once it is in.
  const chunk = page.waitForResponse((r) => /SuiteView[^/]*\.(js|tsx)(\?|$)/.test(r.url()), { timeout: 60_000 });
  await page.goto("/");
  const loaded = await chunk;
  await loaded.finished();
  // Its functions compiled as it loads, not at their first call in the suite's first drawing (vite.config.ts).
  expect((await loaded.text()).startsWith(`${COMPILE_ALL_HINT}\n`)).toBe(true);
  await page.waitForLoadState("networkidle");
  await watchImport(page);
  const worker = page.waitForEvent("worker");
  await page.getByTestId("import-input").setInputFiles(suite);
  expect((await worker).url()).toMatch(/import\.worker/);
  await expect(page.getByTestId("import-progress")).toBeVisible();
  await expect(page.getByTestId("import-progress").getByRole("button", { name: "Cancel" })).toBeVisible();
  // Waited for in the page (a cheap poll), so the test's own checks add no main-thread work to what is measured.
  await page.waitForFunction(() => document.querySelector('[data-testid="notice"]') !== null, undefined, { polling: 250, timeout: 150_000 });
  await expect(page.getByTestId("notice")).toContainText(`suite-${RUNS}.jsonl: verified; sealed, unsigned; ${RUNS} run(s) imported and re-scored; all verdicts match the file`);
  await expect(page.getByTestId("import-progress")).toHaveCount(0);

  // The bar moved: it showed several counts of runs done, each more than the last.
  const w = await watched(page);
  const counts = w.progress.map(runsDone).filter((n) => n >= 0);
  expect(new Set(counts).size).toBeGreaterThan(2);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(w.progress.some((t) => / MB read$/.test(t))).toBe(true);

  await expect(page.getByRole("tab", { name: "Suite" })).toHaveAttribute("aria-selected", "true");
  const matrix = page.getByTestId("suite-matrix");
  await expect(matrix).toBeVisible();
  // Its chunk in, the suite view is drawn at once, never behind its "Loading…" fallback (which React
  // would keep up for at least 300 ms, the page idle meanwhile).
  expect((await watched(page)).fallback).toBe(false);
  await expect(matrix).toHaveAttribute("data-virtualized", "true");
  await expect(matrix).toHaveAttribute("data-run-count", String(RUNS));
  await expect.poll(() => matrix.locator("tbody tr[data-run]").count()).toBeGreaterThan(5);
  expect(await matrix.locator("tbody tr[data-run]").count()).toBeLessThan(RUNS / 10);
  // Reported, not asserted: timing depends on the machine. Long tasks are reported once they end.
  await page.waitForTimeout(500);
  const tasks = longest(await watched(page));
  console.log(`import of ${RUNS} runs: progress shown ${w.progress.length} times; longest main-thread task while importing ${tasks.importing} ms, after it (the suite view's first paint) ${tasks.after} ms`);
  await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(new RegExp(`^${RUNS} runs, \\d+ passed, \\d+ failed$`));

  // Scrolled to the end, the last runs are there and the first are gone; a row still opens its run.
  await matrix.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(matrix.locator(`tbody tr[data-index="${RUNS - 1}"]`)).toBeVisible();
  await expect(matrix.locator('tbody tr[data-index="0"]')).toHaveCount(0);
  expect(await matrix.locator("tbody tr[data-run]").count()).toBeLessThan(RUNS / 10);
  await shot(page, "import-large-suite");
  // Each row is laid out on its own (a grid on the heading's tracks, not a table): every cell still
  // lines up under its heading, and neither a heading's words nor a cell's badge spill out of its column.
  const misfits = await matrix.evaluate((wrap) => {
    const out: string[] = [];
    const headings = [...wrap.querySelectorAll("thead th")];
    for (const row of wrap.querySelectorAll("tbody tr[data-run]")) {
      [...row.children].forEach((cell, i) => {
        const [a, b] = [cell.getBoundingClientRect(), headings[i]?.getBoundingClientRect()];
        if (!b || Math.abs(a.left - b.left) > 1 || Math.abs(a.width - b.width) > 1) out.push(`${row.getAttribute("data-index") ?? "?"}:${String(i)} off its heading`);
      });
    }
    for (const el of wrap.querySelectorAll("thead th, tbody td.design-col")) if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.textContent ?? ""} spills`);
    return out;
  });
  expect(misfits).toEqual([]);
  const last = matrix.locator(`tbody tr[data-index="${RUNS - 1}"]`);
  // The row under the pointer is highlighted, but not while the matrix scrolls (scrolling-mark.ts), and again once it settles.
  const cell = last.locator("td.design-col");
  const background = (): Promise<string> => cell.evaluate((td) => getComputedStyle(td).backgroundColor);
  await page.mouse.move(0, 0);
  const unhovered = await background();
  await last.hover();
  await expect.poll(background).not.toBe(unhovered);
  const hovered = await background();
  expect(await cell.evaluate((td) => (td.closest(".matrix-wrap")?.dispatchEvent(new Event("scroll")), getComputedStyle(td).backgroundColor))).toBe(unhovered);
  await expect.poll(background).toBe(hovered);
  const name = await last.getAttribute("data-run");
  await last.locator("td.run").click();
  await expect(page.getByRole("tab", { name: "Run" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("run-title")).toContainText(name?.replace("/", " / ") ?? "?");
});

test("Cancel stops an import at once and leaves the workspace as it was", async ({ page }) => {
  test.setTimeout(120_000);
  await openRun(page, "concentration-hh1001", "alters-input");
  const title = await page.getByTestId("run-title").textContent();
  const before = await verdictStatuses(page);
  const url = page.url();
  await watchImport(page);
  await page.getByTestId("import-input").setInputFiles(suite);
  const progress = page.getByTestId("import-progress");
  await expect(progress).toBeVisible();
  // Cancel once some runs are done, so work thrown away is work done.
  await expect.poll(async () => runsDone((await page.getByTestId("import-progress-text").textContent()) ?? ""), { timeout: 60_000 }).toBeGreaterThan(0);
  await progress.getByRole("button", { name: "Cancel" }).click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId("notice")).toContainText(`Import cancelled — suite-${RUNS}.jsonl: nothing was loaded; the workspace is as it was`);
  await expect(page.getByTestId("run-title")).toHaveText(title ?? "");
  expect(await verdictStatuses(page)).toEqual(before);
  expect(page.url()).toBe(url);
  await page.getByRole("tab", { name: "Suite" }).click();
  await expect(page.getByTestId("suite-matrix")).toHaveCount(0);
});
