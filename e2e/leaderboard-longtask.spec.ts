import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "./fixtures.ts";

// A measurement, not a test: skipped unless FINBOUND_LEADERBOARD_BENCH names a folder of JSONL suites
// (one candidate each, e.g. ten of 10,000 runs). It prints how long reading and ranking them took, the
// main thread's long tasks meanwhile (every task over 50 ms), re-ranking by another baseline, and
// opening a cell's runs.
const DIR = process.env.FINBOUND_LEADERBOARD_BENCH;

test("leaderboard: long tasks on the main thread while many runs are read and ranked", async ({ page }) => {
  test.skip(!DIR, "set FINBOUND_LEADERBOARD_BENCH=DIR to measure the leaderboard");
  test.setTimeout(1_800_000);
  const files = readdirSync(resolve(DIR ?? "")).filter((n) => n.endsWith(".jsonl")).sort();
  await page.goto("/");
  await page.getByRole("tab", { name: "Leaderboard" }).click();
  for (const f of files) await page.getByTestId("leaderboard-file").setInputFiles(join(resolve(DIR ?? ""), f));
  const start = await page.evaluate(() => {
    const w = window as unknown as { __long: [number, number][] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask" });
    return Math.round(performance.now());
  });
  await page.getByRole("button", { name: `Rank ${files.length} sources` }).click();
  // Polled in the page, cheaply: Playwright's own assertions would add main-thread work to what is measured.
  await page.waitForFunction((n) => document.querySelector('[data-testid="leaderboard-status"]')?.textContent?.startsWith(`${n} candidates`) || document.querySelector('section[aria-label="Leaderboard"] [role="alert"]'), files.length, { polling: 500, timeout: 1_700_000 });
  const rankedAt = await page.evaluate(() => Math.round(performance.now()));
  const status = await page.getByTestId("leaderboard-status").textContent();

  const baseline = page.getByLabel("Baseline");
  const other = await baseline.locator("option").last().getAttribute("value");
  const before = await page.evaluate(() => Math.round(performance.now()));
  const cdp = process.env.FINBOUND_LEADERBOARD_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await baseline.selectOption(other ?? "");
  await expect(page.getByTestId("leaderboard-table").locator('tbody tr[data-standing="baseline"]')).toHaveAttribute("data-label", /./, { timeout: 600_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="leaderboard-status"]')?.textContent?.includes("candidates from"), undefined, { polling: 100, timeout: 600_000 });
  const rerankedAt = await page.evaluate(() => Math.round(performance.now()));
  if (cdp) {
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)?.callFrame;
      const key = `${f?.functionName || "(anonymous)"} ${f?.url.split("/").pop() ?? ""}:${f?.lineNumber ?? 0}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, ms]) => `${ms.toFixed(0)} ms ${k}`).join("\n"));
  }

  await page.getByTestId("leaderboard-heat-map").locator("tbody tr").first().locator("td[data-candidate='1'] button").click();
  await expect(page.getByRole("tab", { name: "Suite" })).toHaveAttribute("aria-selected", "true", { timeout: 600_000 });
  const openedAt = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForTimeout(3000); // long tasks are reported once they end
  const long = await page.evaluate(() => (window as unknown as { __long: [number, number][] }).__long);
  const longest = (from: number, to: number): number => Math.max(0, ...long.filter(([at]) => at >= from && at < to).map(([, d]) => d));
  console.log(
    [
      `${files.length} files from ${DIR}: ${status}`,
      `read and ranked after ${((rankedAt - start) / 1000).toFixed(1)} s; longest main-thread task meanwhile ${longest(start, rankedAt)} ms`,
      `another baseline ranked after ${((rerankedAt - before) / 1000).toFixed(1)} s; longest task ${longest(before, rerankedAt)} ms`,
      `a cell's runs opened after ${((openedAt - rerankedAt) / 1000).toFixed(1)} s; longest task ${longest(rerankedAt, openedAt + 3000)} ms`,
      `long tasks [start ms, duration ms]: ${JSON.stringify(long.map(([at, d]) => [at - start, d]))}`,
    ].join("\n"),
  );
});
