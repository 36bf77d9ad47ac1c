import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";

/** Screenshots go beside the test results, in the git-ignored e2e/artifacts folder. */
const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));

interface Fixtures {
  /** Every console error and uncaught page error of the test; the test fails if any occurred. */
  consoleErrors: string[];
}

/**
 * Playwright's `test`, with one automatic fixture: the workbench must run without a single
 * console error or uncaught exception, so each one is collected and the test fails at teardown.
 */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const { url, lineNumber } = message.location();
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      // Content-Security-Policy violations are collected in the page itself and count as errors too.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI}`));
      });
      await use(errors);
      const violations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
      errors.push(...violations.map((v) => `CSP violation: ${v}`));
      expect(errors, "the page logged console errors or threw uncaught exceptions").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The event log and its rows. */
export const eventLog = (page: Page): Locator => page.locator('ol[aria-label="Event log"]');
export const eventRows = (page: Page): Locator => eventLog(page).locator("li[data-kind][data-seq]");
export const currentRow = (page: Page): Locator => eventLog(page).locator('li[aria-current="step"]');

/** Waits until the run has finished and been scored: the last event is in the log and verdicts are shown. */
export async function waitForRunFinished(page: Page): Promise<void> {
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("run-title")).toBeVisible();
  await expect(page.getByTestId("run-title")).not.toContainText("running");
  await expect(page.getByTestId("verdicts")).toBeVisible();
}

/** Opens `/?fixture=…&candidate=…`, which replays the run instantly, and waits for its `run_finished` row. */
export async function openRun(page: Page, fixture: string, candidate: string): Promise<void> {
  await page.goto(`/?${new URLSearchParams({ fixture, candidate }).toString()}`);
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText(`${fixture} / ${candidate}`);
}

/** A full-page screenshot saved as e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** The `data-status` of every verdict line, keyed by check, in page order. */
export async function verdictStatuses(page: Page): Promise<Record<string, string>> {
  const lines = page.getByTestId("verdicts").locator("[data-check][data-status]");
  const pairs = await lines.evaluateAll((els) => els.map((el) => [el.getAttribute("data-check") ?? "", el.getAttribute("data-status") ?? ""] as const));
  return Object.fromEntries(pairs);
}

/** Opens the suite view and starts K trials of the simulated model (every fixture, or the selected one). */
export async function startTrials(page: Page, { k, concurrency = 4, fixtures = "all" }: { k: number; concurrency?: number; fixtures?: "all" | "selected" }): Promise<void> {
  await page.getByRole("tab", { name: "Suite" }).click();
  const trials = page.getByRole("region", { name: "Trials" });
  await trials.getByLabel("fixtures").selectOption(fixtures);
  await trials.getByLabel("K (trials)").fill(String(k));
  await trials.getByLabel("concurrency").fill(String(concurrency));
  await trials.getByRole("button", { name: `Run ${k} trials` }).click();
}
