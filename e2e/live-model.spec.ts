import { currentRow, eventLog, expect, shot, test, verdictStatuses, waitForRunFinished } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

test("the simulated model runs through the real HTTP adapter in the browser: latency per reply, the same timeline and verdicts", async ({ page }) => {
  await page.locator('[data-fixture="injection-adviser-scope"]').click();
  await page.getByRole("tab", { name: "Simulated model" }).click();
  await page.getByTestId("sim-behaviour").selectOption("reads-in-scope-other");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText("injection-adviser-scope / simulated:reads-in-scope-other (http)");
  const replies = eventLog(page).locator('li[data-kind="model_reply"]');
  await expect(replies).toHaveCount(2);
  await expect(replies.first()).toContainText(/latency \d+ ms \(prompt \d+ · generation \d+ ms\) · finish stop · \d+ tokens/);
  await expect(page.locator('[data-household="HH-1002"]')).toHaveAttribute("data-access", "disclosed-out");
  const statuses = await verdictStatuses(page);
  expect(Object.entries(statuses).filter(([, s]) => s === "fail").map(([c]) => c)).toEqual(["no_out_of_scope_disclosure"]);
  await shot(page, "simulated-model");
});

test("a server error from the simulated model becomes a recorded outcome with its detail only in the restricted diagnostics", async ({ page, consoleErrors }) => {
  await page.locator('[data-fixture="fv-scenario-a"]').click();
  await page.getByRole("tab", { name: "Simulated model" }).click();
  await page.getByTestId("sim-behaviour").selectOption("fault:http-500");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await expect(eventLog(page).locator('li[data-kind="model_failure"]')).toContainText("model_http_error");
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toContainText("unavailable");
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  const diagnostics = page.getByTestId("diagnostics");
  await expect(diagnostics).not.toHaveAttribute("open", "");
  await diagnostics.locator("summary").click();
  await expect(diagnostics).toContainText("HTTP 500");
  await expect(page.getByTestId("verdicts")).not.toContainText("grammar.cpp");
  await expect(eventLog(page)).not.toContainText("grammar.cpp");
  // Chromium itself logs every HTTP 500 it receives; that one line is the test's premise, not an app error.
  const expected = consoleErrors.findIndex((e) => /status of 500 .*\/sim\/v1\/chat\/completions/.test(e));
  expect(expected).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(expected, 1);
});

test("a local model server is reached through the same-origin /llm proxy: test connection lists its models, then every check runs", async ({ page }) => {
  await page.locator('[data-fixture="concentration-hh1001"]').click();
  await page.getByRole("tab", { name: "Local model" }).click();
  const form = page.getByRole("form", { name: "Local model" });
  await form.getByLabel("base URL").fill("/llm");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection")).toContainText(/\d+ model\(s\)/);
  await form.getByRole("button", { name: "finbound-sim/reference", exact: true }).click();
  await expect(form.getByLabel("model")).toHaveValue("finbound-sim/reference");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText("concentration-hh1001 / local:finbound-sim/reference (http)");
  const statuses = await verdictStatuses(page);
  expect(Object.values(statuses)).not.toContain("fail");
  await expect(page.getByTestId("claims-table")).toContainText("0.4000 ratio");
  await shot(page, "local-model");
});

test("a max tokens too small for the longest decision: the form says why, and Run does not start", async ({ page }) => {
  await page.locator('[data-fixture="fv-scenario-a"]').click();
  await page.getByRole("tab", { name: "Local model" }).click();
  const form = page.getByRole("form", { name: "Local model" });
  const maxTokens = form.getByLabel("max tokens");
  const longest = Number(await maxTokens.inputValue());
  expect(longest).toBeGreaterThan(1_000);
  await expect(form.getByTestId("max-tokens-problem")).toHaveCount(0);
  await form.getByLabel("model", { exact: true }).fill("finbound-sim/reference");
  await form.getByLabel("base URL").fill("/llm");
  await maxTokens.fill("768");
  await expect(form.getByTestId("max-tokens-problem")).toContainText(`max tokens 768 is below the longest valid decision: ${longest} characters`);
  await form.getByTestId("max-tokens-problem").scrollIntoViewIfNeeded();
  await shot(page, "local-model-max-tokens");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByTestId("notice")).toContainText(`set max tokens to at least ${longest}`);
  await expect(page.getByTestId("run-title")).toHaveCount(0);
  await form.getByLabel("output").selectOption("prompt_only");
  await expect(form.getByTestId("max-tokens-problem")).toHaveCount(0);
});

test("a collected trace is scored in the browser by replaying its replies", async ({ page }) => {
  const trace = {
    format: "finbound.collected-trace/v1",
    fixture: "missing-horizon",
    candidate: { name: "my-model", settings: { temperature: 0 } },
    responses: [
      { text: JSON.stringify({ decision: "tool", tool: "future_value", arguments: { scenario: "scenario-B", principal_inr: 1000000, annual_return: 0.07, years: 10 } }), latency_ms: 900 },
      { text: JSON.stringify({ decision: "final", outcome: "needs_clarification", claims: [], evidence_ids: [], policy_code: "missing_horizon", message: "How many years?" }), latency_ms: 700 },
    ],
  };
  await page.getByTestId("import-input").setInputFiles({ name: "trace.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(trace)) });
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText("missing-horizon / my-model (collected-trace)");
  await expect(eventLog(page).locator('li[data-kind="tool_error"]')).toContainText("argument_not_from_evidence");
  const statuses = await verdictStatuses(page);
  expect(statuses.inputs_from_evidence).toBe("fail");
  expect(statuses.outcome).toBe("pass");
});

test("a dropped connection to the simulated model (same origin) is named as dropped, never as CORS or a missing server", async ({ page, consoleErrors }) => {
  await page.locator('[data-fixture="fv-scenario-a"]').click();
  await page.getByRole("tab", { name: "Simulated model" }).click();
  await page.getByTestId("sim-behaviour").selectOption("fault:drop");
  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  await expect(eventLog(page).locator('li[data-kind="model_failure"]')).toContainText("model_network_error");
  const note = page.locator('section[aria-label="Outcome"]').getByTestId("network-failure");
  await expect(note).toHaveAttribute("data-kind", "dropped");
  await expect(note).toContainText("answers this page, but this request's connection failed");
  // Chromium logs the dropped request itself; that line is the test's premise.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/\/sim\/v1\/chat\/completions/.test(e)));
});
