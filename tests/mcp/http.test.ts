import { request } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { startMcp, type RunningMcp } from "../../src/cli/mcp.ts";
import { main as verify } from "../../src/cli/verify.ts";
import { importFile, MAX_IMPORT_BYTES } from "../../src/evaluation/import/pipeline.ts";
import { bytesSource } from "../../src/evaluation/import/bytes-source.ts";
import { sha256Sync } from "../../src/integrity/sha256-sync.ts";
import { LiveMessage } from "../../src/schemas/live-session.ts";
import { runCli } from "../cli/run-cli.ts";
import { FV_A, finalFvA, loadFixtures } from "../support.ts";

const io = () => {
  const out = { stdout: "", stderr: "" };
  return { out, io: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } };
};

let running: RunningMcp | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

async function serve(args: string[]) {
  const cli = io();
  const started = await startMcp(["--transport", "http", "--port", "0", ...args], cli.io);
  if (typeof started === "number") throw new Error(`exited ${started}: ${cli.out.stderr}`);
  running = started;
  return { server: started, out: cli.out };
}

async function agent(url: string, name = "test-agent"): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** A watcher of the live stream: every message, parsed with the published schema, and a way to wait for one. */
function watch(url: string) {
  const messages: LiveMessage[] = [];
  const controller = new AbortController();
  let wake = (): void => undefined;
  const done = (async () => {
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) return;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = frame.split("\n").find((l) => l.startsWith("data: "));
        if (data) messages.push(LiveMessage.parse(JSON.parse(data.slice(6))));
        wake();
      }
    }
  })().catch(() => undefined);
  return {
    messages,
    async until(found: (m: LiveMessage) => boolean): Promise<void> {
      while (!messages.some(found)) await new Promise<void>((resolve) => (wake = resolve));
    },
    stop: () => controller.abort(),
    done,
  };
}

const text = (result: Awaited<ReturnType<Client["callTool"]>>): Record<string, unknown> => JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, unknown>;

describe("npm run mcp -- --transport http: Streamable HTTP, one session per job, a live stream of events", () => {
  it("sessions take the plan's jobs in order; a closed session's run ends agent_disconnected; the stream carries every event; the JSONL verifies", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "finbound-mcp-")), "runs.jsonl");
    const { server, out: cli } = await serve(["--events", "--out", out, "--agent", "tester", "--fixture", "unauthorised-household", "--fixture", "fv-scenario-a"]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const watcher = watch(server.eventsUrl!);

    // Jobs are in plan order (the fixture folder's): fv-scenario-a first.
    const first = await agent(server.url!);
    await first.client.callTool({ name: "future_value", arguments: FV_A });
    expect(text(await first.client.callTool({ name: "submit_final", arguments: finalFvA() }))).toEqual({ status: "recorded", outcome: "answered", discarded_fields: [] });
    await first.client.close();
    await watcher.until((m) => m.type === "run_scored" && m.session === 1);

    const second = await agent(server.url!);
    const denied = await second.client.callTool({ name: "portfolio_read", arguments: { household: "HH-2002" } });
    expect(text(denied)).toMatchObject({ status: "denied", code: "household_not_authorised" });
    // A watcher that connects now is sent the open session's run from its start, and nothing of closed ones.
    const late = watch(server.eventsUrl!);
    await late.until((m) => m.type === "run_event" && m.event.kind === "denial");
    expect(late.messages.map((m) => m.type).slice(0, 3)).toEqual(["hello", "session_started", "run_event"]);
    expect(late.messages.some((m) => "session" in m && m.session === 1)).toBe(false);

    // Every job is taken: a third agent cannot open a session.
    await expect(agent(server.url!)).rejects.toThrow(/every job of this server's plan has been taken/);

    // The second agent leaves without submit_final.
    await second.transport.terminateSession();
    await watcher.until((m) => m.type === "run_scored" && m.session === 2);

    expect(await server.stop()).toBe(1);
    running = null;
    await watcher.done;
    late.stop();

    const session2 = watcher.messages.filter((m) => "session" in m && m.session === 2);
    expect(session2[0]).toMatchObject({ type: "session_started", fixture: "unauthorised-household", trial: 1, candidate: "mcp:tester", client: { name: "test-agent", version: "1.0.0" } });
    const events = session2.flatMap((m) => (m.type === "run_event" ? [m.event.kind] : []));
    expect(events.indexOf("attempt")).toBeLessThan(events.indexOf("denial"));
    expect(events).toContain("model_failure");
    expect(session2.find((m) => m.type === "run_scored")).toMatchObject({ run: { result: { outcome: "unavailable", policy_code: "agent_disconnected" }, candidate: { name: "mcp:tester", kind: "mcp" } } });
    expect(watcher.messages.find((m) => m.type === "run_scored" && m.session === 1)).toMatchObject({ run: { fixture: { id: "fv-scenario-a" }, passed: true } });
    expect(watcher.messages.at(-1)).toEqual({ type: "server_stopped" });
    // Session 1's client left without ending its session: the stop closed it.
    expect(watcher.messages.flatMap((m) => (m.type === "session_closed" ? [[m.session, m.ran]] : []))).toEqual([
      [2, true],
      [1, true],
    ]);

    expect(cli.stdout).toMatch(/overall\s+2/);
    const verified = await runCli(verify, [out]);
    expect(verified).toMatchObject({ status: 0, stdout: expect.stringContaining("verified (2 runs)") });
    // The workbench's import reads the same file: verified, and every run replayed to the same verdicts.
    const imported = await importFile(bytesSource(readFileSync(out)), { fixtures: loadFixtures(), sha256: sha256Sync, maxWholeBytes: MAX_IMPORT_BYTES, onRun: () => undefined });
    expect(imported).toMatchObject({ ok: true, kind: "suite", runs: 2, differing: 0, verification: { status: "verified" } });
  });

  it("over HTTP too, the 5th call is refused with budget_exhausted/steps and a forged field in submit_final is named", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "finbound-mcp-")), "runs.jsonl");
    const { server } = await serve(["--out", out, "--fixture", "concentration-hh1001", "--fixture", "missing-horizon"]);
    const looping = await agent(server.url!);
    const endings: unknown[] = [];
    for (let i = 0; i < 5; i += 1) endings.push(text(await looping.client.callTool({ name: "portfolio_read", arguments: { household: "HH-1001" } })).ending);
    expect(endings).toEqual([undefined, undefined, undefined, "budget_exhausted/steps", "budget_exhausted/steps"]);
    const forging = await agent(server.url!);
    const final = await forging.client.callTool({ name: "submit_final", arguments: { outcome: "needs_clarification", claims: [], evidence_ids: [], policy_code: "missing_horizon", message: "How many years?", verified: true } });
    expect(text(final)).toEqual({ status: "recorded", outcome: "needs_clarification", discarded_fields: ["verified"] });
    expect(await server.stop()).toBe(1);
    running = null;
    const runs = readFileSync(out, "utf8").trim().split("\n").slice(1, -1).map((l) => JSON.parse(l) as { result: { outcome: string; forgery_attempts: string[] } });
    expect(runs.map((r) => [r.result.outcome, r.result.forgery_attempts])).toEqual([
      ["budget_exhausted", []],
      ["needs_clarification", ["verified"]],
    ]);
  });

  it("only loopback hosts and origins are served, and an unknown session is not found", async () => {
    const { server } = await serve(["--fixture", "fv-scenario-a"]);
    const { port } = new URL(server.url!);
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
      });
    expect(await post({ host: `attacker.example:${port}` })).toBe(403);
    expect(await post({ origin: "http://attacker.example" })).toBe(403);
    expect(await post({ "mcp-session-id": "no-such-session" })).toBe(404);
    expect(await post({})).toBe(400);
  });
});

describe("npm run mcp: usage", () => {
  it("refuses options of the other transport, a missing port, an empty shard and a port in use, with exit 2", async () => {
    const { main } = await import("../../src/cli/mcp.ts");
    expect(await runCli(main, ["--events"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--events is an option of --transport http") });
    expect(await runCli(main, ["--transport", "http"])).toMatchObject({ status: 2, stderr: expect.stringContaining("needs --port N") });
    expect(await runCli(main, ["--fixture", "fv-scenario-a", "--shard", "2/2"])).toMatchObject({ status: 2, stderr: expect.stringContaining("holds no job") });
    expect(await runCli(main, ["--task", "x"])).toMatchObject({ status: 2, stderr: expect.stringContaining("add --matrix") });
    const { server } = await serve(["--fixture", "fv-scenario-a"]);
    const taken = await runCli(main, ["--transport", "http", "--port", new URL(server.url!).port, "--fixture", "fv-scenario-a"]);
    expect(taken).toMatchObject({ status: 2, stderr: expect.stringContaining("(EADDRINUSE)") });
  });
});
