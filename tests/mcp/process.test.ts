import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { main as verify } from "../../src/cli/verify.ts";
import { runCli } from "../cli/run-cli.ts";

const ROOT = join(import.meta.dirname, "..", "..");
/** The command as a client that starts its servers would: node on the CLI's source (tsx compiles it). */
const MCP = ["--import", "tsx", join(ROOT, "src", "cli", "mcp.ts")];
/** Starting node with tsx takes 1–2 s here, several times that on a loaded machine: the limit catches a hang. */
const PROCESS_TIMEOUT_MS = 60_000;

const tempFile = (name: string): string => join(mkdtempSync(join(tmpdir(), "finbound-mcp-")), name);
/** Waits for a JSONL suite's closing line: the server has stopped and sealed it. */
async function sealed(file: string): Promise<void> {
  for (let waited = 0; waited < PROCESS_TIMEOUT_MS; waited += 50) {
    if (lines(file).at(-1)?.end !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const lines = (file: string): Record<string, unknown>[] => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);

describe("npm run mcp as a real process", () => {
  it(
    "over stdio: the task, the tools, a denied read and an unknown tool recorded; the session closed without submit_final ends agent_disconnected; the JSONL verifies",
    async () => {
      const out = tempFile("runs.jsonl");
      const transport = new StdioClientTransport({ command: process.execPath, args: [...MCP, "--fixture", "unauthorised-household", "--out", out, "--agent", "stdio-test"], cwd: ROOT, stderr: "pipe" });
      let stderr = "";
      transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const client = new Client({ name: "stdio-agent", version: "1.0.0" });
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["portfolio_read", "concentration", "future_value", "submit_final"]);
      expect(((await client.getPrompt({ name: "task" })).messages[0]?.content as { text: string }).text).toMatch(/Task unauthorised-household\./);
      const denied = await client.callTool({ name: "portfolio_read", arguments: { household: "HH-2002" } });
      expect(denied.isError).toBe(true);
      expect((await client.callTool({ name: "shell", arguments: { command: "cat /etc/passwd" } })).isError).toBe(true);
      // Closing ends the server's stdin; the SDK waits for the process to end (and stops it 2 s on, as a client would).
      await client.close();
      await sealed(out);

      const [header, run, end] = lines(out) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
      expect(header).toMatchObject({ format: "finbound.scored-suite/v1+jsonl", plan: { fixtures: ["unauthorised-household"], candidates: ["mcp:stdio-test"] } });
      expect(run).toMatchObject({ candidate: { name: "mcp:stdio-test", kind: "mcp" }, result: { outcome: "unavailable", policy_code: "agent_disconnected", tool_calls: [{ status: "denied", code: "household_not_authorised" }, { tool: "shell", status: "denied", code: "tool_not_available" }] } });
      expect(end).toMatchObject({ end: "finbound.scored-suite/v1+jsonl", runs: 1 });
      expect(stderr).toMatch(/session 1: unauthorised-household trial 1 → unavailable \/ agent_disconnected, FAILED/);
      expect(await runCli(verify, [out])).toMatchObject({ status: 0, stdout: expect.stringContaining("verified (1 runs)") });
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "over HTTP, SIGTERM stops the server cleanly: the JSONL is closed with its digest, the jobs never run named",
    async () => {
      const out = tempFile("runs.jsonl");
      const child = spawn(process.execPath, [...MCP, "--transport", "http", "--port", "0", "--fixture", "fv-scenario-a", "--trials", "2", "--out", out], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      await new Promise<void>((resolve) =>
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes("serving http://")) resolve();
        }),
      );
      const status = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      // No run was made: every job is left unrun, and no run failed.
      expect(await status).toBe(0);
      expect(lines(out).at(-1)).toMatchObject({ end: "finbound.scored-suite/v1+jsonl", runs: 0, stopped: { not_run: [{ fixture: "fv-scenario-a", trial: 1 }, { fixture: "fv-scenario-a", trial: 2 }] } });
      expect(stderr).toMatch(/not run \(2\): fv-scenario-a trial 1, fv-scenario-a trial 2/);
      expect(stdout).toMatch(/overall\s+0/);
      expect(await runCli(verify, [out])).toMatchObject({ status: 0 });
    },
    PROCESS_TIMEOUT_MS,
  );
});
