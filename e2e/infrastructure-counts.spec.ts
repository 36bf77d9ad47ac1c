import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { blockingViolations } from "./axe.ts";
import { expect, shot, startTrials, test } from "./fixtures.ts";

const FIXTURE_COUNT = readdirSync(fileURLToPath(new URL("../fixtures/", import.meta.url))).filter((n) => n.endsWith(".json")).length;
const K = 2;
const RUNS = FIXTURE_COUNT * K;

test("runs the serving side failed are counted as infrastructure, not failed: status line, headline, History and the HTML report", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  // A server that answers a quarter of its requests with HTTP 500 (the simulated server's flaky:<p>), through
  // the same-origin proxy: infrastructure, not the model's failure. The temperature makes the model err too.
  await page.getByRole("tab", { name: "Local model" }).click();
  const form = page.getByRole("form", { name: "Local model" });
  await form.getByLabel("base URL").fill("/llm");
  await form.getByLabel("model", { exact: true }).fill("finbound-sim/flaky:0.25");
  await page.getByRole("tab", { name: "Suite" }).click();
  const trials = page.getByRole("region", { name: "Trials" });
  await trials.getByLabel("model").selectOption("local");
  await trials.getByLabel("temperature").fill("0.6");
  await trials.getByLabel(/^seed/).fill("3");
  await startTrials(page, { k: K });
  await expect(page.getByTestId("trials-status")).toHaveText(`${RUNS} trial runs of local:finbound-sim/flaky:0.25 done.`, { timeout: 90_000 });

  const excludedText = (await page.getByTestId("infrastructure-excluded").textContent()) ?? "";
  const infrastructure = Number(/^(\d+) /.exec(excludedText)?.[1] ?? "0");
  expect(infrastructure, "the premise: some runs ended on an infrastructure failure").toBeGreaterThan(0);

  // The view renders the runs as a deferred value: it may still be "Preparing" them when the trials say done.
  const statusLine = page.locator('section[aria-label="Suite"] > p[role="status"]');
  const pattern = new RegExp(`^${RUNS} runs, (\\d+) passed, (\\d+) failed, ${infrastructure} infrastructure$`);
  await expect(statusLine).toHaveText(pattern);
  const counts = pattern.exec((await statusLine.textContent()) ?? "");
  const passed = Number(counts?.[1]);
  const failed = Number(counts?.[2]);
  expect(passed + failed + infrastructure).toBe(RUNS);

  // The headline judges only the runs that were judged, and says how many were not.
  await expect(page.getByTestId("suite-as-designed")).toHaveText(`${passed} of ${RUNS - infrastructure} passed`);
  await expect(page.getByTestId("suite-infrastructure")).toHaveText(`${infrastructure} infrastructure (not judged)`);
  await shot(page, "suite-infrastructure");
  expect(await blockingViolations(page), "suite: serious or critical axe violations").toEqual([]);

  const [report] = await Promise.all([page.waitForEvent("download"), page.getByRole("region", { name: "Suite" }).getByRole("button", { name: "HTML report" }).click()]);
  const html = readFileSync(await report.path(), "utf8");
  expect(html).toContain(`<div class="stat fail"><b>${failed}</b>failed</div>`);
  expect(html).toContain(`<b>${infrastructure}</b>infrastructure</div>`);

  await page.getByRole("tab", { name: "History" }).click();
  const saved = page.getByTestId("history-table").locator("tbody tr").first();
  await expect(saved.getByTestId("history-summary")).toHaveText(`${passed} of ${RUNS - infrastructure} passed · ${infrastructure} infrastructure`);
  expect(await blockingViolations(page), "history: serious or critical axe violations").toEqual([]);

  // The flaky server's HTTP 500 replies are logged by Chromium itself: the test's premise.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500 .*\/llm\/v1\/chat\/completions/.test(e)));
});
