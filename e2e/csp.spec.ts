import { eventLog, expect, openRun, test, waitForRunFinished } from "./fixtures.ts";

// Every other spec also fails on any CSP violation (see fixtures.ts); this one checks the policy itself
// and drives the paths that reach the network: a simulated model (service worker + fetch), the /llm
// proxy, charts, and a download.
test("the built app ships a Content-Security-Policy without inline script or eval, and nothing the workbench does violates it", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).toMatch(/connect-src 'self' [^;]*http:\/\/127\.0\.0\.1:8080/);
  expect(policy).toContain("object-src 'none'");
  expect(await page.locator("script:not([src])").count()).toBe(0);

  await page.getByRole("tab", { name: "Simulated model" }).click();
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText("simulated:reference");

  await page.getByRole("tab", { name: "Local model" }).click();
  await page.getByRole("form", { name: "Local model" }).getByLabel("base URL").fill("/llm");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection")).toContainText("model(s)");

  await page.getByRole("tab", { name: "Suite" }).click();
  await page.getByRole("button", { name: "Run all fixtures" }).click();
  await expect(page.getByTestId("chart-outcomes").locator("svg").first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export suite" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^finbound-suite-\d+-runs\.json$/);
  await expect(eventLog(page)).toHaveCount(0);
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});
