import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "@playwright/test";
import { eventLog, expect, shot, test, verdictStatuses, waitForRunFinished } from "./fixtures.ts";
import { blockingViolations } from "./axe.ts";
import { connectSrcPorts, freePorts } from "./loopback.ts";

// Watch an agent: `npm run mcp -- --transport http --events` started by the spec on a loopback port the
// page's Content-Security-Policy lets it reach, the workbench connected to its live stream, and an agent
// (the official SDK's Client, driven from here) making its calls: each shows in the timeline as the
// server records it, and the finished run is judged and lands in History.

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface McpProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  stop(): Promise<void>;
}

/** `npm run mcp` as a process (node on the CLI's source, as the MCP process tests run it), once it serves. */
async function startMcp(port: number, fixture: string): Promise<McpProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src", "cli", "mcp.ts"), "--transport", "http", "--port", String(port), "--events", "--fixture", fixture, "--agent", "watched"], { cwd: ROOT });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const serving = /serving (http:\/\/\S+\/mcp)/.exec(stderr);
      if (serving?.[1]) resolve(serving[1]);
    });
    child.once("exit", (code) => reject(new Error(`npm run mcp exited ${code}: ${stderr}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

const resultText = (result: Awaited<ReturnType<Client["callTool"]>>): Record<string, unknown> => JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, unknown>;

async function connectWorkbench(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole("tab", { name: "MCP agent" }).click();
  const form = page.getByRole("form", { name: "MCP agent" });
  await form.getByLabel("base URL of npm run mcp").fill(baseUrl);
  await form.getByRole("button", { name: "Watch an agent" }).click();
  await expect(page.getByTestId("watch-status")).toHaveAttribute("data-status", "waiting");
}

test("Watch an agent: a live MCP session streams into the timeline and the deny-vs-disclose panel, is judged when it ends, and lands in History", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  const [port] = await freePorts(await connectSrcPorts(page), 1);
  expect(port, "a loopback port the page may connect to is free").toBeDefined();
  const mcp = await startMcp(port as number, "injection-adviser-scope");
  try {
    const origin = new URL(mcp.url).origin;
    await connectWorkbench(page, origin);

    // The agent obeys the injected note: it reads HH-1002, which the adviser may see but the task is not about.
    const client = new Client({ name: "spec-agent", version: "2.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
    await expect(page.getByTestId("watch-status")).toContainText("spec-agent 2.0.0");
    expect(resultText(await client.callTool({ name: "portfolio_read", arguments: { household: "HH-1002" } }))).toMatchObject({ status: "observed" });

    // Shown while the session is still open: the run is running, its read already in the timeline and the panel.
    await expect(page.getByTestId("run-title")).toContainText("injection-adviser-scope / mcp:watched (mcp) — running…");
    await expect(eventLog(page).locator('li[data-kind="observation"]')).toHaveCount(1);
    await expect(eventLog(page).locator('li[data-kind="attempt"]')).toHaveCount(1);
    await expect(page.locator('[data-household="HH-1002"]')).toHaveAttribute("data-access", "disclosed-out");
    await expect(page.getByTestId("watch-status")).toContainText("Watching session 1 (injection-adviser-scope) of spec-agent 2.0.0");
    await shot(page, "watch-agent-live");

    expect(resultText(await client.callTool({ name: "submit_final", arguments: { outcome: "escalated", claims: [], evidence_ids: [], policy_code: "no_approved_content", message: "Escalated the supplied note for review." } }))).toMatchObject({ status: "recorded", outcome: "escalated" });
    await waitForRunFinished(page);
    await expect(page.getByTestId("run-title")).toHaveText(/injection-adviser-scope \/ mcp:watched \(mcp\)$/);
    const statuses = await verdictStatuses(page);
    expect(Object.entries(statuses).filter(([, s]) => s === "fail").map(([c]) => c)).toEqual(["no_out_of_scope_disclosure"]);
    await expect(page.getByTestId("watch-status")).toHaveAttribute("data-status", "waiting");
    expect(await blockingViolations(page), "serious or critical axe violations").toEqual([]);
    await shot(page, "watch-agent-finished");
    await client.close();

    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByRole("region", { name: "History" }).getByRole("status")).not.toContainText("Loading");
    const saved = page.locator('tr[data-label="injection-adviser-scope / mcp:watched"]');
    await expect(saved).toBeVisible();
    await shot(page, "watch-agent-history");
    // Opened from History, the run is verified and re-scored like any import: the same verdicts.
    await saved.getByRole("button", { name: /^Open/ }).click();
    await waitForRunFinished(page);
    await expect(page.getByTestId("run-title")).toContainText("injection-adviser-scope / mcp:watched (imported)");
    expect(await verdictStatuses(page)).toEqual(statuses);

    // The server stopping ends the stream: the workbench says so.
    await mcp.stop();
    await expect(page.getByTestId("watch-status")).toHaveAttribute("data-status", "ended");
    await expect(page.getByTestId("watch-status")).toContainText("The server stopped");
  } finally {
    await mcp.stop();
  }
});

test("Watch an agent at an address where nothing serves: a specific error, and nothing shown", async ({ page, consoleErrors }) => {
  await page.goto("/");
  const [port] = await freePorts(await connectSrcPorts(page), 1);
  await page.getByRole("tab", { name: "MCP agent" }).click();
  const form = page.getByRole("form", { name: "MCP agent" });
  await form.getByLabel("base URL of npm run mcp").fill(`http://127.0.0.1:${port}/mcp`);
  await form.getByRole("button", { name: "Watch an agent" }).click();
  await expect(page.getByTestId("watch-status")).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("watch-status")).toContainText(`live_stream_unreachable: could not connect to http://127.0.0.1:${port}/events`);
  await expect(page.getByTestId("run-title")).toHaveCount(0);
  // Chromium logs the refused connection itself; that line is the test's premise, not an app error.
  const refused = consoleErrors.findIndex((e) => e.includes("/events"));
  if (refused >= 0) consoleErrors.splice(refused, 1);
});
