import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import { startSimServer, type SimServer } from "../../src/mocks/loopback-server.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";

// The CLI against the loopback simulator with slots, on real sockets. Nothing here is timed: what is
// asserted is what the server counted and what the files hold, whatever the machine's speed.

const fixtures = loadFixtures();
let server: SimServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const dir = mkdtempSync(join(tmpdir(), "finbound-admission-"));
const FIXTURES = ["fv-scenario-a", "concentration-hh1001", "missing-horizon"].flatMap((f) => ["--fixture", f]);

describe("eval against a server with fewer slots than --concurrency", () => {
  it("warns, and admits no more runs than the server has slots: no request waits in its queue", async () => {
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: 0.02, slots: 2 }));
    const r = await runCli(evalMain, ["--candidate", "http", "--base-url", sim.url, "--model", "finbound-sim/reference", ...FIXTURES, "--trials", "4", "--concurrency", "6"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("warning: --concurrency 6 is more than the 2 slot(s) the server has (GET /props total_slots): runs are admitted 2 at a time");
    expect(sim.stats()).toMatchObject({ requests: expect.any(Number), max_queued: 0, waited: 0 });
    expect(sim.stats().requests).toBeGreaterThanOrEqual(12);
  });

  it("with --allow-server-queue, sends them all: the waiting is recorded, and a request it cost its timeout is infrastructure", async () => {
    // One slot, replies of about 320 ms, a 1 s request timeout: the fourth request in the queue cannot make it.
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: 0.4, slots: 1 }));
    const out = join(dir, "queued.jsonl");
    const r = await runCli(evalMain, [
      ...["--candidate", "http", "--base-url", sim.url, "--model", "finbound-sim/reference", "--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--trials", "2"],
      ...["--concurrency", "4", "--allow-server-queue", "--request-timeout", "1000", "--deadline", "3000", "--max-consecutive-failures", "100", "--format", "jsonl", "--out", out],
    ]);
    expect(r.stderr).toContain("warning: --concurrency 4 is more than the 1 slot(s) the server has (GET /props total_slots): requests will wait in its queue");
    expect(sim.stats().max_queued).toBeGreaterThan(0);
    const runs = readFileSync(out, "utf8").trim().split("\n").slice(1, -1).map((l) => JSON.parse(l) as { result: { outcome: string; policy_code: string | null }; events: { kind: string; queue_ms?: number }[] });
    const waited = runs.flatMap((run) => run.events.filter((e) => (e.kind === "model_reply" || e.kind === "model_failure") && (e.queue_ms ?? 0) > 0));
    expect(waited.length).toBeGreaterThan(0);
    const queueTimeouts = runs.filter((run) => run.result.policy_code === "model_queue_timeout");
    expect(queueTimeouts.length).toBeGreaterThan(0);
    for (const run of queueTimeouts) {
      expect(run.result.outcome).toBe("unavailable");
      expect(run.events.some((e) => (e.queue_ms ?? 0) > 0)).toBe(true);
    }
    const infra = Number(/infrastructure failures \(left out of pass\^k\): (\d+) of 4 run\(s\)/.exec(r.stdout)?.[1]);
    expect(infra).toBeGreaterThanOrEqual(queueTimeouts.length);
  });

  it("says that trials at temperature 0 measure determinism, and shows the seeds and temperature above the table", async () => {
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: 0.02, slots: 4 }));
    const r = await runCli(evalMain, ["--candidate", "http", "--base-url", sim.url, "--model", "finbound-sim/reference", "--fixture", "fv-scenario-a", "--trials", "3", "--seed", "40"]);
    expect(r.stderr).toContain("warning: --trials 3 at temperature 0: a server gives the same reply to the same request");
    expect(r.stdout).toContain("http:finbound-sim/reference · temperature 0 · seeds 40–42 (trial t: 40 + t − 1) · 3 trial(s) per fixture");
    expect(r.stdout.indexOf("· 3 trial(s) per fixture")).toBeLessThan(r.stdout.indexOf("pass^3"));
  });
});

describe("eval when the server dies mid-evaluation", () => {
  it("stops after 3 infrastructure failures in a row, exits 2 naming the address, and leaves what finished sealed and verifiable", async () => {
    const sim = (server = await startSimServer({ port: 0, fixtures, latencyScale: 0.02, slots: 1 }));
    const out = join(dir, "dying.jsonl");
    const evaluation = runCli(evalMain, ["--candidate", "http", "--base-url", sim.url, "--model", "finbound-sim/reference", ...FIXTURES, "--trials", "4", "--format", "jsonl", "--out", out]);
    // The server goes away once it has answered a few requests: every later connection is refused.
    while (sim.stats().answered < 5) await new Promise((resolve) => setTimeout(resolve, 2));
    await sim.close();
    server = undefined;
    const r = await evaluation;

    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`stopped after 3 infrastructure failures in a row \\(last: model_network_error \\(connection refused\\)\\) at ${sim.url.replace(/[.:/]/g, "\\$&")}: (\\d+) of 12 run\\(s\\) finished and were written, (\\d+) not run`));
    const [, finished, notRun] = /(\d+) of 12 run\(s\) finished and were written, (\d+) not run/.exec(r.stderr) ?? [];
    expect(Number(finished) + Number(notRun)).toBe(12);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    const closing = lines.at(-1) as { runs: number; stopped: { reason: string; not_run: unknown[] } };
    expect(closing.runs).toBe(Number(finished));
    expect(closing.stopped.not_run).toHaveLength(Number(notRun));
    expect(lines.slice(1, -1).slice(-3).map((run) => (run as { result: { policy_code: string } }).result.policy_code)).toEqual(["model_network_error", "model_network_error", "model_network_error"]);

    const verified = await runCli(verifyMain, [out]);
    expect(verified.status).toBe(0);
    expect(verified.stdout).toContain(`verified (${finished} runs; the evaluation stopped (3 infrastructure failures in a row`);
    expect(verified.stdout).toContain(`${notRun} planned run(s) not run`);
  });
});
