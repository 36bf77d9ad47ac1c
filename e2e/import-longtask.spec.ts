import { resolve } from "node:path";
import { test } from "./fixtures.ts";

// A measurement, not a test: skipped unless FINBOUND_IMPORT_BENCH names a file to import, e.g.
//   npm run bench -- --import /tmp/suite-10000.jsonl --generate 10000
//   FINBOUND_IMPORT_BENCH=/tmp/suite-10000.jsonl npx playwright test e2e/import-longtask.spec.ts
// It prints when the import's notice appeared and the table was painted, the main thread's long tasks
// (PerformanceObserver "longtask": every task over 50 ms, with its start) and the JS heap afterwards.
const FILE = process.env.FINBOUND_IMPORT_BENCH;

test("import: long tasks on the main thread", async ({ page }) => {
  test.skip(!FILE, "set FINBOUND_IMPORT_BENCH=FILE to measure an import");
  test.setTimeout(600_000);
  await page.goto("/");
  const start = await page.evaluate(() => {
    const w = window as unknown as { __long: [number, number][]; __noticeAt: number };
    w.__long = [];
    w.__noticeAt = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask" });
    new MutationObserver(() => {
      if (!w.__noticeAt && document.querySelector('[data-testid="notice"]')) w.__noticeAt = Math.round(performance.now());
    }).observe(document.body, { subtree: true, childList: true });
    return Math.round(performance.now());
  });
  await page.getByTestId("import-input").setInputFiles(resolve(FILE ?? ""));
  // Polled in the page, cheaply: Playwright's own assertions would add main-thread work to what is measured.
  await page.waitForFunction(() => document.querySelector('[data-testid="notice"]') !== null, undefined, { polling: 500, timeout: 590_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="suite-matrix"] tbody tr[data-run]').length > 0 || document.querySelector('[role="alert"]'), undefined, { polling: 100, timeout: 120_000 });
  const paintedAt = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForTimeout(3000); // long tasks are reported once they end
  const m = await page.evaluate(() => {
    const w = window as unknown as { __long: [number, number][]; __noticeAt: number };
    return { long: w.__long, noticeAt: w.__noticeAt, heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0, notice: document.querySelector('[data-testid="notice"]')?.textContent ?? "" };
  });
  const longest = (tasks: [number, number][]): number => Math.max(0, ...tasks.map(([, d]) => d));
  console.log(
    [
      `${FILE}: ${m.notice}`,
      `notice after ${((m.noticeAt - start) / 1000).toFixed(1)} s; table painted after ${((paintedAt - start) / 1000).toFixed(1)} s`,
      `longest main-thread task while importing: ${longest(m.long.filter(([at]) => at < m.noticeAt))} ms; after the notice: ${longest(m.long.filter(([at]) => at >= m.noticeAt))} ms`,
      `long tasks [start ms, duration ms]: ${JSON.stringify(m.long.map(([at, d]) => [at - start, d]))}`,
      `JS heap: ${Math.round(m.heap / 1024 / 1024)} MiB`,
    ].join("\n"),
  );
});
