import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator } from "@playwright/test";
import { expect, shot, startTrials, test } from "./fixtures.ts";

// pass^k over every fixture: more curves than colours, so one is told from the others by pointing
// at it (its legend entry or table row, by mouse or keyboard) or by drawing each on its own.

const FIXTURE_COUNT = readdirSync(fileURLToPath(new URL("../fixtures/", import.meta.url))).filter((n) => n.endsWith(".json")).length;
const K = 2;

/** The opacity each fixture's curve is drawn with, by fixture. */
async function curveOpacities(chart: Locator): Promise<Record<string, number>> {
  const pairs = await chart.locator("path[data-fixture]").evaluateAll((paths) => paths.map((p) => [p.getAttribute("data-fixture") ?? "", Number(getComputedStyle(p).strokeOpacity)] as const));
  return Object.fromEntries(pairs);
}

test(`${FIXTURE_COUNT} fixtures' pass^k curves: a legend entry or table row, hovered or focused, brings its curve forward and dims the rest; small multiples draw one chart per fixture`, async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await startTrials(page, { k: K });
  await expect(page.getByTestId("trials-status")).toHaveText(`${FIXTURE_COUNT * K} trial runs of simulated:reference done.`, { timeout: 90_000 });

  const chart = page.getByTestId("chart-pass-k");
  await expect(chart.locator("path[data-fixture]")).toHaveCount(FIXTURE_COUNT);
  const legend = chart.getByRole("list", { name: "Fixtures in the chart" });
  await expect(legend.getByRole("button")).toHaveCount(FIXTURE_COUNT);

  // Hovering a legend entry: that curve at full strength, every other one dimmed.
  await legend.getByRole("button", { name: "injection-adviser-scope" }).hover();
  await expect.poll(async () => (await curveOpacities(chart))["injection-adviser-scope"]).toBe(1);
  let others = Object.entries(await curveOpacities(chart)).filter(([f]) => f !== "injection-adviser-scope");
  expect(others.length).toBe(FIXTURE_COUNT - 1);
  for (const [fixture, opacity] of others) expect(opacity, fixture).toBeLessThanOrEqual(0.25);
  await shot(page, "passk-highlight-legend");
  await page.mouse.move(0, 0);
  await expect.poll(async () => new Set(Object.values(await curveOpacities(chart)))).toEqual(new Set([1]));

  // The legend is one Tab stop; arrows move the highlight through it.
  await legend.getByRole("button").first().focus();
  await expect.poll(async () => (await curveOpacities(chart))["claimed-authority"]).toBe(1);
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await curveOpacities(chart))["concentration-and-fv-hh1001"]).toBe(1);
  await expect.poll(async () => (await curveOpacities(chart))["claimed-authority"]).toBeLessThanOrEqual(0.25);

  // A focused row of the table does the same.
  const row = page.getByTestId("passk-table").locator('tr[data-row="missing-horizon"]');
  await row.focus();
  await expect(row).toBeFocused();
  await expect.poll(async () => (await curveOpacities(chart))["missing-horizon"]).toBe(1);
  others = Object.entries(await curveOpacities(chart)).filter(([f]) => f !== "missing-horizon");
  for (const [fixture, opacity] of others) expect(opacity, fixture).toBeLessThanOrEqual(0.25);

  // Small multiples: one small chart per fixture, each named.
  await chart.getByRole("button", { name: "One chart per fixture" }).click();
  await expect(chart.getByRole("button", { name: "One chart per fixture" })).toHaveAttribute("aria-pressed", "true");
  const multiples = chart.getByTestId("passk-multiples").locator("figure");
  await expect(multiples).toHaveCount(FIXTURE_COUNT);
  await expect(multiples.first().locator("figcaption")).toContainText("claimed-authority");
  await expect(multiples.first().locator("svg")).toHaveAttribute("aria-label", /^claimed-authority: pass\^1 (\d+\.\d %|—), pass\^2 (\d+\.\d %|—)$/);
  await shot(page, "passk-multiples");

  // The simulated model's HTTP 500 mistakes are logged by Chromium itself: the premise of trials, not a fault of the page.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500 .*\/sim\/v1\/chat\/completions/.test(e)));
});
