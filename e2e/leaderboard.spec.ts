import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { expect, shot, test } from "./fixtures.ts";

const FIXTURE_COUNT = readdirSync(fileURLToPath(new URL("../fixtures/", import.meta.url))).filter((n) => n.endsWith(".json")).length;
const K = 2;
const RUNS = FIXTURE_COUNT * K;
const TEMPERATURES = ["0", "0.2", "0.6"] as const;

/** K trials of the simulated model over every fixture at one temperature, run from the suite view: saved to History as a suite. */
async function trialsAt(page: Page, temperature: string): Promise<void> {
  await page.getByRole("tab", { name: "Suite" }).click();
  const trials = page.getByRole("region", { name: "Trials" });
  await trials.getByLabel("fixtures").selectOption("all");
  await trials.getByLabel("K (trials)").fill(String(K));
  await trials.getByLabel("concurrency").fill("4");
  await trials.getByLabel("temperature").fill(temperature);
  await trials.getByLabel(/^seed/).fill("5");
  await trials.getByRole("button", { name: `Run ${K} trials` }).click();
  await expect(page.getByTestId("trials-status")).toHaveText(`${RUNS} trial runs of simulated:reference done.`, { timeout: 90_000 });
}

test("the Leaderboard ranks three suites from History: regressions first, interval bars, the heat map's values; a cell opens its runs, two open Compare", async ({ page, consoleErrors }) => {
  test.setTimeout(240_000);
  await page.goto("/");
  for (const t of TEMPERATURES) await trialsAt(page, t);

  await page.getByRole("tab", { name: "Leaderboard" }).click();
  const view = page.getByRole("region", { name: "Leaderboard" });
  const sources = view.getByRole("group", { name: "From History" });
  await expect(sources.getByRole("checkbox")).toHaveCount(3);
  // History lists the newest first: picked oldest first, so temperature 0's suite is the first source, the baseline.
  for (const i of [2, 1, 0]) await sources.getByRole("checkbox").nth(i).check();
  await view.getByRole("button", { name: "Rank 3 sources" }).click();
  await expect(page.getByTestId("leaderboard-status")).toHaveText(`3 candidates from 3 sources (${3 * RUNS} runs, each verified and re-scored).`, { timeout: 60_000 });

  // The order: every distinguishably worse candidate first, the largest regression first; the hottest is the worst.
  const table = page.getByTestId("leaderboard-table");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const labels = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-label") ?? ""));
  const standings = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-standing") ?? ""));
  expect(labels.map((l) => /temperature ([\d.]+)/.exec(l)?.[1])).toEqual(standings[1] === "worse" ? ["0.6", "0.2", "0"] : ["0.6", "0", "0.2"]);
  expect(standings[0]).toBe("worse");
  expect(standings[labels.findIndex((l) => l.endsWith("(temperature 0)"))]).toBe("baseline");
  await expect(page.getByLabel("Baseline")).toHaveValue(/./);
  await expect(page.getByTestId("leaderboard-verdict")).toContainText("Distinguishably worse than the baseline on pass^2: simulated:reference (temperature 0.6)");
  for (const cell of await rows.getByTestId("estimate").all()) await expect(cell).toHaveText(/^\d+ % \[\d+, \d+\]$/);

  // The bars: one per candidate, each with its interval as an error bar.
  const chart = page.getByTestId("leaderboard-chart");
  await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(3);
  await expect(chart.locator(".recharts-errorBar")).toHaveCount(3);
  await expect(chart.locator(".recharts-errorBar line").first()).toBeAttached();

  // The heat map: fixtures × candidates in the table's order, each cell's value printed, and its counts behind it.
  const heat = page.getByTestId("leaderboard-heat-map");
  await expect(heat.locator("tbody tr")).toHaveCount(FIXTURE_COUNT);
  await expect(heat.locator("thead th")).toHaveText(["fixture", ...labels.map((l, i) => `#${i + 1} ${l}`)]);
  const cells = await heat.locator("tbody td[data-rate]").evaluateAll((tds) => tds.map((td) => ({ rate: td.getAttribute("data-rate") ?? "", text: `${td.querySelector(".heat-value")?.textContent ?? ""}${td.querySelector(".heat-count")?.textContent ?? ""}` })));
  expect(cells).toHaveLength(FIXTURE_COUNT * 3);
  for (const { rate, text } of cells) {
    const [, value, passed, counted] = /^(\d+ %|–)(\d+)\/(\d+)$/.exec(text) ?? [];
    expect(value, text).toBe(rate === "" ? "–" : `${Math.round(Number(rate) * 100)} %`);
    if (rate !== "") expect(Number(passed) / Number(counted)).toBeCloseTo(Number(rate), 10);
  }
  // Temperature 0 makes no mistakes: its column is all 100 %.
  const zero = labels.findIndex((l) => l.endsWith("(temperature 0)")) + 1;
  const zeroCells = await heat.locator(`tbody td[data-candidate="${zero}"] .heat-value`).allTextContents();
  expect(zeroCells).toEqual(Array.from({ length: FIXTURE_COUNT }, () => "100 %"));

  // The heat map is one Tab stop; ← → move along a fixture's row, ↑ ↓ along a candidate's column.
  await expect(heat.locator('button.heat-cell[tabindex="0"]')).toHaveCount(1);
  await heat.locator('button.heat-cell[tabindex="0"]').focus();
  await page.keyboard.press("ArrowRight");
  await expect(heat.locator(`tbody tr:first-child td[data-candidate="2"] button`)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(heat.locator(`tbody tr:nth-child(2) td[data-candidate="2"] button`)).toBeFocused();
  await page.keyboard.press("End");
  await expect(heat.locator(`tbody tr:nth-child(2) td[data-candidate="${labels.length}"] button`)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(heat.locator(`tbody tr:first-child td[data-candidate="${labels.length}"] button`)).toBeFocused();
  await expect(heat.locator('button.heat-cell[tabindex="0"]')).toHaveCount(1);

  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, "leaderboard");
  // On a phone the table, the bars and the heat map scroll inside their own boxes, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, "leaderboard-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // A cell opens that candidate's runs of that fixture: the hottest candidate's K trials of the first fixture, in the suite view.
  const fixture = (await heat.locator("tbody tr").first().getAttribute("data-fixture")) ?? "";
  await heat.locator(`tbody tr[data-fixture="${fixture}"] td[data-candidate="1"] button`).click();
  await expect(page.getByRole("tab", { name: "Suite" })).toHaveAttribute("aria-selected", "true");
  const matrix = page.getByTestId("suite-matrix").locator("tbody tr[data-trial]");
  await expect(matrix).toHaveCount(K);
  await expect(page.locator('section[aria-label="Suite"] > p[role="status"]')).toHaveText(new RegExp(`^${K} runs, `));
  expect(await page.getByTestId("suite-matrix").locator("tbody tr[data-trial]").evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ""))).toEqual(Array.from({ length: K }, () => expect.stringContaining(fixture)));

  // Two cells open Compare: the baseline's and the hottest candidate's runs of one fixture, trial by trial.
  await page.getByRole("tab", { name: "Leaderboard" }).click();
  await page.getByRole("group", { name: "A click on a cell" }).getByRole("button", { name: "picks two to compare" }).click();
  await heat.locator(`tbody tr[data-fixture="${fixture}"] td[data-candidate="${zero}"] button`).click();
  await expect(heat.locator(`tbody tr[data-fixture="${fixture}"] td[data-candidate="${zero}"] button`)).toHaveAttribute("aria-pressed", "true");
  await heat.locator(`tbody tr[data-fixture="${fixture}"] td[data-candidate="1"] button`).click();
  await expect(page.getByRole("tab", { name: "Compare" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("compare-side-a")).toContainText(`(temperature 0) — ${fixture} (${K} runs)`);
  await expect(page.getByTestId("compare-side-b")).toContainText(`(temperature 0.6) — ${fixture} (${K} runs)`);

  // The simulated model's HTTP 500 mistakes are logged by Chromium itself, one line each: not the page's errors.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500 .*\/sim\/v1\/chat\/completions/.test(e)));
});
