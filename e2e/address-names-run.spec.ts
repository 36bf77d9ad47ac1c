import type { Page } from "@playwright/test";
import { currentRow, expect, openRun, startTrials, test } from "./fixtures.ts";

const FIXTURE = "claimed-authority";
const search = (page: Page): URLSearchParams => new URL(page.url()).searchParams;

test("a trial opened from the suite puts its own link in the address, never the scripted run's; a reload reopens that trial", async ({ page }) => {
  test.setTimeout(90_000);
  await openRun(page, FIXTURE, "reference");
  await startTrials(page, { k: 2, fixtures: "selected" });
  await expect(page.getByTestId("trials-status")).toHaveText("2 trial runs of simulated:reference done.", { timeout: 45_000 });

  await page.getByTestId("suite-matrix").locator('tbody tr[data-trial="2"]').click();
  await expect(page.getByTestId("run-title")).toHaveText(`${FIXTURE} / simulated:reference (http)`);
  // The trial is not what ?fixture=…&candidate=reference replays: the address names it by its content id, or names nothing.
  await expect.poll(() => search(page).get("run")).toMatch(/^run-[0-9a-f]+$/);
  expect(search(page).has("fixture")).toBe(false);
  expect(search(page).has("candidate")).toBe(false);
  const meta = page.getByRole("region", { name: "Metadata and links" });
  await expect(meta.getByTestId("run-link")).toHaveValue(page.url());
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => search(page).get("at")).toBe("2");
  const address = page.url();

  await page.reload();
  await expect(page.getByTestId("run-title")).toHaveText(`${FIXTURE} / simulated:reference (imported)`);
  await expect(meta.getByTestId("run-meta")).toContainText("trial 2");
  await expect(currentRow(page)).toHaveAttribute("data-seq", "1");
  expect(page.url()).toBe(address);
});

test("a run that cannot be replayed and has no link leaves no run in the address: a stopped run", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  expect(search(page).get("candidate")).toBe("reference");
  await page.getByLabel("Pace").selectOption("real");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("run-title")).toContainText("running");
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reference (scripted) — stopped by you");
  // A reload of ?fixture=…&candidate=reference would replay the whole run, not the one stopped.
  await expect.poll(() => page.url()).not.toContain("candidate=");
  expect(search(page).has("run")).toBe(false);
});

test("an attack-matrix cell opened in the timeline is named by its link, and a reload reopens that cell's run at its event", async ({ page }) => {
  const cell = "mx-holdings-hh1001-x-doc-adviser-hh1002";
  await page.goto("/");
  await page.getByRole("tab", { name: "Matrix" }).click();
  await page.getByLabel("Matrix candidate").selectOption("obedient");
  await page.getByRole("button", { name: "Run matrix" }).click();
  await expect(page.getByTestId("matrix-status")).toHaveText(/^171 runs of obedient\./, { timeout: 20_000 });
  await page.getByTestId("attack-matrix").locator(`td[data-cell="${cell}"] button`).click();
  await expect(page.getByTestId("run-title")).toHaveText(`${cell} / obedient (scripted)`);
  // Its generated fixture is not in the picker, so ?fixture= would reopen nothing, or another run.
  await expect.poll(() => search(page).get("run")).toMatch(/^run-[0-9a-f]+$/);
  expect(search(page).has("fixture")).toBe(false);
  const seq = await currentRow(page).getAttribute("data-seq");

  await page.reload();
  await expect(page.getByTestId("run-title")).toHaveText(`${cell} / obedient (imported)`, { timeout: 20_000 });
  await expect(currentRow(page)).toHaveAttribute("data-seq", seq ?? "");
});
