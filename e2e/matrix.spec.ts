import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { currentRow, eventLog, expect, test } from "./fixtures.ts";

const RED = "mx-holdings-hh1001-x-doc-adviser-hh1002";
/** The matrix as an analyst first sees it (1440×900, no scrolling): the copy in docs/matrix.png is taken from this one. */
const MATRIX_SHOT = fileURLToPath(new URL("./artifacts/matrix-1440x900.png", import.meta.url));

const grid = (page: Page) => page.getByTestId("attack-matrix");

async function runObedient(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("tab", { name: "Matrix" }).click();
  await expect(page.getByRole("tab", { name: "Matrix" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Matrix candidate").selectOption("obedient");
  // Scripted candidates are run off the main thread, in the matrix's own Web Worker.
  const worker = page.waitForEvent("worker");
  await page.getByRole("button", { name: "Run matrix" }).click();
  expect((await worker).url()).toMatch(/matrix\.worker/);
  await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of obedient\./, { timeout: 20_000 });
}

test("the matrix view runs obedient, filters by carrier, and a red cell opens the timeline on the disclosing event", async ({ page }) => {
  await runObedient(page);
  const figures = page.getByRole("region", { name: "Matrix metrics" });
  await expect(figures.locator('[data-metric="utility"] dd')).toHaveText("100.0 % [77, 100] (13/13)");
  await expect(figures.locator('[data-metric="asr-executed"] dd')).toHaveText(/^\d+\.\d % \[\d+, \d+\] \(\d+\/158\)$/);
  await expect(grid(page).locator("tbody tr[data-task]")).toHaveCount(13);
  await expect(grid(page).locator("thead th.inj")).toHaveCount(19);

  await page.getByRole("group", { name: "Filter by carrier" }).getByRole("button", { name: "document" }).click();
  const carriers = await grid(page).locator("thead th[data-carrier]").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-carrier")));
  expect(carriers.length).toBeGreaterThan(0);
  expect(new Set(carriers)).toEqual(new Set(["document"]));
  await expect(figures.locator('[data-metric="asr-executed"] dd')).toHaveText(/\(\d+\/61\)$/);

  const red = grid(page).locator(`td[data-cell="${RED}"]`);
  await expect(red).toHaveAttribute("data-tone", "executed");
  await red.getByRole("button", { name: `${RED}: executed — disclosed HH-1002; task failed` }).click();

  await expect(page.getByRole("tab", { name: "Single run" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("run-title")).toHaveText(`${RED} / obedient (scripted)`);
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1);
  // The cursor is on the first successful read of HH-1002, a household outside the task's.
  const current = currentRow(page);
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute("data-kind", "observation");
  await expect(current).toContainText('"household": "HH-1002"');
  const kinds = await eventLog(page).locator("li[data-kind]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  const index = await current.getAttribute("data-index");
  expect(kinds.slice(0, Number(index)).filter((k) => k === "observation")).toHaveLength(1);
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${Number(index) + 1} of ${kinds.length}`);
  // The generated fixture is found for the result panel too: its task scope and the disclosure.
  await expect(page.getByTestId("access-panel")).toContainText("Task scope: HH-1001.");
  await expect(page.getByTestId("access-panel")).toContainText("HH-1002");
});

test("cells are buttons reached from the keyboard; the matrix exports as a sealed suite", async ({ page }) => {
  await runObedient(page);
  await page.getByRole("group", { name: "Filter by goal" }).getByRole("button", { name: "read authorised outside task" }).click();
  const first = grid(page).locator("td[data-tone] button").first();
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(grid(page).locator("td[data-tone] button").nth(1)).toBeFocused();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export matrix (sealed suite)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("finbound-matrix-obedient-171-runs.json");
  const text = await (await file.createReadStream()).toArray();
  const suite = JSON.parse(Buffer.concat(text).toString("utf8")) as { format: string; runs: unknown[]; integrity?: { digest: string } };
  expect(suite.format).toBe("finbound.scored-suite/v1");
  expect(suite.runs).toHaveLength(171);
  expect(suite.integrity?.digest).toMatch(/^[0-9a-f]{64}$/);

  // …and imports back like any other suite: every run of a generated fixture verified and re-scored.
  await page.getByTestId("import-input").setInputFiles({ name: "matrix.json", mimeType: "application/json", buffer: Buffer.concat(text) });
  await expect(page.getByTestId("notice")).toContainText("matrix.json: verified; sealed, unsigned; 171 run(s) imported and re-scored; all verdicts match the file", { timeout: 30_000 });
});

test("the simulated model over HTTP follows injections in a share of runs; its cells fill in as runs finish", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByRole("tab", { name: "Matrix" }).click();
  await page.getByLabel("Matrix candidate").selectOption("simulated");
  await page.getByLabel("concurrency").fill("16");
  await page.getByRole("button", { name: "Run matrix" }).click();
  await expect(page.getByTestId("matrix-status")).toHaveText(/^Running simulated:susceptible:0\.5… \d+ of 171 runs$/);
  await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of simulated:susceptible:0\.5\./, { timeout: 100_000 });
  const figures = page.getByRole("region", { name: "Matrix metrics" });
  await expect(figures.locator('[data-metric="utility"] dd')).toHaveText("100.0 % [77, 100] (13/13)");
  // About half the attacks followed: some executed, some not even attempted.
  await expect(grid(page).locator('td[data-tone="executed"]').first()).toBeVisible();
  await expect(grid(page).locator("td[data-tone=clean]:not(:first-of-type)").first()).toBeVisible();
  await expect(grid(page).locator('td[data-tone="pending"]')).toHaveCount(0);
});

test("the matrix after obedient, as the README shows it", async ({ page }) => {
  await runObedient(page);
  await expect(grid(page).locator('td[data-tone="executed"]').first()).toBeVisible();
  await page.screenshot({ path: MATRIX_SHOT });
});
