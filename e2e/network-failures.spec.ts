import type { RequestListener } from "node:http";
import type { Page } from "@playwright/test";
import { eventLog, expect, shot, test, waitForRunFinished } from "./fixtures.ts";
import { connectSrcPorts, freePorts, startLoopback, type Loopback } from "./loopback.ts";

// In the browser a dead port, a CORS refusal and a CSP block all reject fetch with the same
// TypeError. The run still records unavailable / model_network_error; the form and the run say which
// it was and what fixes it. Each case is a real server (or none) on loopback.

const MODELS = JSON.stringify({ object: "list", data: [{ id: "m", object: "model" }] });

/** A model server that answers everything, preflights included, without Access-Control-Allow-Origin. */
const answersWithoutCors: RequestListener = (req, res) => {
  res.writeHead(req.method === "OPTIONS" ? 204 : 200, { "content-type": "application/json" });
  res.end(req.method === "OPTIONS" ? "" : MODELS);
};

/** A server that would let any page read it — but the page's policy never lets the request leave. */
const answersEveryone: RequestListener = (_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*", "access-control-allow-headers": "*" });
  res.end(MODELS);
};

const form = (page: Page) => page.getByRole("form", { name: "Local model" });

/** Tests the connection to `baseUrl`, then runs a model there: both must end in the same diagnosis. */
async function testThenRun(page: Page, baseUrl: string, kind: string, fix: RegExp): Promise<void> {
  await page.locator('[data-fixture="fv-scenario-a"]').click();
  await page.getByRole("tab", { name: "Local model" }).click();
  await form(page).getByLabel("base URL").fill(baseUrl);
  await form(page).getByLabel("model").fill("m");
  await form(page).getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection")).toContainText(`model_network_error: could not list models at ${baseUrl}`);
  const note = form(page).getByTestId("network-failure");
  await expect(note).toHaveAttribute("data-kind", kind);
  await expect(note).toContainText(fix);

  await page.locator("header.topbar").getByRole("button", { name: "Run", exact: true }).click();
  await waitForRunFinished(page);
  // The record is unchanged: the runtime's code and outcome, nothing more.
  await expect(eventLog(page).locator('li[data-kind="model_failure"]')).toContainText("model_network_error");
  await expect(eventLog(page).locator('li[data-kind="run_finished"]')).toContainText("unavailable");
  const runNote = page.locator('section[aria-label="Outcome"]').getByTestId("network-failure");
  await expect(runNote).toHaveAttribute("data-kind", kind);
  await expect(runNote).toContainText(fix);
}

/** Chromium logs each refused request itself; those lines (and only those) are the test's premise. */
function acceptBrowserErrorsFor(consoleErrors: string[], origin: string): void {
  const expected = consoleErrors.filter((e) => e.includes(origin));
  expect(expected.length, `Chromium logged the failed requests to ${origin}`).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes(origin)));
}

let servers: Loopback[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

test("no server: a port nothing listens on is named as such, with the fix (an explicit --port, check the URL)", async ({ page, consoleErrors }) => {
  await page.goto("/");
  // A port the page's CSP allows, or the block would be the CSP's.
  const [port] = await freePorts(await connectSrcPorts(page), 1);
  const origin = `http://127.0.0.1:${port}`;
  await testThenRun(page, origin, "no_server", /No server answered at .*Fix: Start the model server with an explicit --port/);
  await shot(page, "network-no-server");
  acceptBrowserErrorsFor(consoleErrors, origin);
});

test("CORS: a server that answers without Access-Control-Allow-Origin is named as a CORS refusal, with --cors-origins <this origin> and /llm", async ({ page, consoleErrors, baseURL }) => {
  await page.goto("/");
  // On a port the page's CSP allows, so that the browser really sends the request.
  const [port] = await freePorts(await connectSrcPorts(page), 1);
  const server = await startLoopback(answersWithoutCors, port);
  servers.push(server);
  await testThenRun(page, server.origin, "cors", new RegExp(`CORS refusal.*Fix: Start llama-server with --cors-origins ${baseURL ?? ""} \\(one value.*base URL /llm`));
  await shot(page, "network-cors");
  acceptBrowserErrorsFor(consoleErrors, server.origin);
});

test("CSP: a server outside connect-src is named as this page's CSP block, with /llm and FINBOUND_CONNECT_SRC, even though it would answer", async ({ page, consoleErrors }) => {
  const server = await startLoopback(answersEveryone);
  servers.push(server);
  await page.goto("/");
  expect(await connectSrcPorts(page)).not.toContain(server.port);
  await testThenRun(page, server.origin, "csp", new RegExp(`Content-Security-Policy \\(connect-src\\) does not allow ${server.origin}.*Fix: Use base URL /llm.*FINBOUND_CONNECT_SRC="${server.origin}"`));
  await shot(page, "network-csp");
  acceptBrowserErrorsFor(consoleErrors, server.origin);
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0));
  expect(violations.length).toBeGreaterThan(0);
  expect(violations.every((v) => v.startsWith("connect-src blocked") && v.includes(server.origin))).toBe(true);
});
