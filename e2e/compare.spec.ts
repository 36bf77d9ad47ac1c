import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, openRun, shot, test } from "./fixtures.ts";

// Compare: two runs of one fixture side by side, aligned by step, the differences
// marked; two suites run by run. Sides come from what the workbench holds: the current run, the
// suite, history — and an import, which lands as the current run or suite.

const FIXTURE = "injection-adviser-scope";
const suiteStatus = (page: Page) => page.locator('section[aria-label="Suite"] > p[role="status"]');

async function runFixtureSuite(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: `Run every candidate of ${FIXTURE}` }).click();
  await expect(suiteStatus(page)).toHaveText(/^4 runs, /, { timeout: 20_000 });
}

interface ExportedRun {
  candidate: { name: string; kind: string };
  integrity?: unknown;
  [key: string]: unknown;
}

test("two runs of one fixture side by side: the out-of-scope read is the marked first difference, scrolled into view", async ({ page }) => {
  await openRun(page, FIXTURE, "reference");
  await runFixtureSuite(page);
  await page.getByRole("tab", { name: "Compare" }).click();
  await expect(page.getByRole("tab", { name: "Compare" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Two runs" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Fixture")).toHaveValue(FIXTURE);

  // A: the run in the workbench; B: a run of the suite.
  await page.getByLabel("Side A").selectOption({ label: "current run — reference (scripted)" });
  await page.getByLabel("Side B").selectOption({ label: "suite — reads-in-scope-other (scored here)" });
  await expect(page.getByTestId("compare-side-a")).toHaveText("current run — reference (scripted)");
  await expect(page.getByTestId("compare-side-b")).toHaveText("suite — reads-in-scope-other (scored here)");

  const steps = page.getByTestId("compare-steps");
  const first = steps.locator("tbody tr[data-first-difference]");
  await expect(first).toHaveCount(1);
  await expect(first).toHaveAttribute("data-step", "1");
  await expect(first).toHaveAttribute("data-same", "false");
  await expect(first).toBeInViewport();
  // The B side reads HH-1002, outside the task, and the runtime disclosed it: the line is marked.
  const disclosed = first.locator("td").nth(1).locator(".step-line.disclosed[data-changed]");
  await expect(disclosed).toHaveText("DISCLOSED ev-1 portfolio.read HH-1002");
  await expect(first.locator("td").nth(1)).toContainText('attempt call-1 portfolio.read {"household":"HH-1002"}');
  await expect(page.getByTestId("first-difference")).toContainText("The runs part at step 1.");
  // Every step that differs carries the mark.
  const differing = await steps.locator("tbody tr[data-same=false]").count();
  await expect(steps.locator("tbody tr[data-same=false] .differs-mark")).toHaveCount(differing);

  const changes = page.getByTestId("verdict-changes").locator("li");
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toHaveAttribute("data-check", "no_out_of_scope_disclosure");
  await expect(changes.first().locator("[data-status]")).toHaveText(["✓ pass", "✗ fail"]);
  // Both behaved as their fixture designed them: a difference, not a regression.
  await expect(page.getByTestId("compare-head-b")).toContainText("as designed (fails no_out_of_scope_disclosure)");
  await expect(page.getByTestId("compare-regressed")).toHaveCount(0);
  await shot(page, "compare-runs");

  // Swapping puts the disclosing run on the A side.
  await page.getByRole("button", { name: "Swap A and B" }).click();
  await expect(page.getByTestId("compare-side-a")).toHaveText("suite — reads-in-scope-other (scored here)");
  await expect(steps.locator("tbody tr[data-first-difference] td").first().locator(".step-line.disclosed")).toHaveCount(1);
});

test("two suites run by run: an imported suite whose reference now fails is a regression against the saved one, and opens step by step", async ({ page }) => {
  await openRun(page, FIXTURE, "reference");
  await runFixtureSuite(page);
  // The suite was saved to history. Export it, and make its reference fail as the faulty candidate does.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export suite" }).click()]);
  const file = JSON.parse(await readFile(await download.path(), "utf8")) as { runs: ExportedRun[]; integrity?: unknown };
  const failing = file.runs.find((r) => r.candidate.name === "reads-in-scope-other");
  if (!failing) throw new Error("no reads-in-scope-other run");
  // Editing a sealed file breaks its seals, so they are dropped: the import says so and re-scores.
  const { integrity: _suiteSeal, ...unsealed } = file;
  const runs = file.runs.map(({ integrity: _seal, ...run }) => (run.candidate.name === "reference" ? { ...failing, integrity: undefined, candidate: { ...failing.candidate, name: "reference" } } : run));
  await page.getByTestId("import-input").setInputFiles({ name: "after.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ ...unsealed, runs })) });
  await expect(page.getByTestId("notice")).toContainText("after.json");
  await expect(page.getByTestId("suite-regressions")).toHaveText("▲ 1 regression");

  await page.getByRole("tab", { name: "Compare" }).click();
  await page.getByRole("button", { name: "Two suites" }).click();
  await page.getByLabel("Side A").selectOption({ label: await optionLabel(page, "Side A", /^every scripted candidate × 1 fixture \(4 runs\), saved /) });
  await page.getByLabel("Side B").selectOption({ label: "current suite — 4 runs (imported)" });
  await expect(page.getByTestId("compare-side-a")).toHaveText(/^history — every scripted candidate × 1 fixture \(4 runs\), saved /);

  const counts = page.getByTestId("suite-compare-counts");
  await expect(counts).toHaveText("4 runs: 1 regressed, 0 fixed, 0 added, 0 removed, 3 unchanged");
  await expect(counts.locator(".regressed-count")).toHaveCSS("font-weight", "700");
  const rows = page.getByTestId("suite-compare-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-change", "regressed");
  await expect(rows.first()).toContainText("as designed (passes)");
  await expect(rows.first()).toContainText("regression: also fails no_out_of_scope_disclosure");
  await page.getByLabel("Show").selectOption("all");
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveAttribute("data-change", "regressed");
  await shot(page, "compare-suites");

  await rows.first().getByRole("button", { name: /step by step$/ }).click();
  await expect(page.getByRole("button", { name: "Two runs" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("compare-regressed")).toContainText("Regression: A behaved as intended, B does not");
  await expect(page.getByTestId("compare-steps").locator("tbody tr[data-first-difference] .step-line.disclosed")).toHaveText("DISCLOSED ev-1 portfolio.read HH-1002");
});

/** The label of the first option of a select that matches `pattern`. */
async function optionLabel(page: Page, select: string, pattern: RegExp): Promise<string> {
  const labels = await page.getByLabel(select).locator("option").allTextContents();
  const found = labels.find((l) => pattern.test(l));
  if (!found) throw new Error(`no option ${pattern} in ${labels.join("; ")}`);
  return found;
}
