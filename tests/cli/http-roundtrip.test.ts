import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import { ScoredRun } from "../../src/schemas/scored-run.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
let server: ChildProcess;
let baseUrl = "";

beforeAll(async () => {
  // A real HTTP server on loopback (the simulated model), so the CLI is tested as a user runs it.
  server = spawn(TSX, [join(ROOT, "src", "mocks", "sim-server.ts"), "--port", "0", "--scale", "0.002"], { cwd: ROOT });
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the simulated model server did not start")), 20_000);
    server.stdout?.on("data", (chunk: Buffer) => {
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
}, 30_000);
afterAll(() => {
  server.kill();
});

function cli(script: "eval" | "score", args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(TSX, [join(ROOT, "src", "cli", `${script}.ts`), ...args], { cwd: ROOT, encoding: "utf8", timeout: 90_000, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("npm run eval -- --candidate http", () => {
  it("runs fixtures against the server, collects the replies, and score replays them to identical verdicts", () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "collected.json");
    const evalRun = cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/alters-input", "--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--format", "json", "--collect", collect]);
    expect(evalRun.status).toBe(1);
    const evaluated = ScoredRun.array().parse(JSON.parse(evalRun.stdout));
    expect(evaluated.map((r) => r.candidate)).toEqual(["http:finbound-sim/alters-input", "http:finbound-sim/alters-input"]);
    const traces = CollectedTrace.array().parse(JSON.parse(readFileSync(collect, "utf8")));
    expect(traces).toHaveLength(2);
    const scoreRun = cli("score", [collect, "--format", "json"]);
    expect(scoreRun.status).toBe(1);
    const rescored = ScoredRun.array().parse(JSON.parse(scoreRun.stdout));
    expect(rescored.map((r) => r.verdicts)).toEqual(evaluated.map((r) => r.verdicts));
    expect(rescored.map((r) => r.result)).toEqual(evaluated.map((r) => r.result));
  });

  it("round-trips a failed model request too", () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "failed.json");
    const evalRun = cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/fault:http-500", "--fixture", "fv-scenario-a", "--format", "json", "--collect", collect]);
    const evaluated = ScoredRun.array().parse(JSON.parse(evalRun.stdout));
    expect(evaluated[0]?.result).toMatchObject({ outcome: "unavailable", policy_code: "model_http_error" });
    const rescored = ScoredRun.array().parse(JSON.parse(cli("score", [collect, "--format", "json"]).stdout));
    expect(rescored[0]?.verdicts).toEqual(evaluated[0]?.verdicts);
  });

  it("reads the API key from the named variable and never writes it to the output or the trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "keyed.json");
    const key = "sk-finbound-cli-secret-0123456789";
    const r = cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--api-key-env", "FINBOUND_TEST_KEY", "--fixture", "fv-scenario-a", "--format", "json", "--collect", collect], { FINBOUND_TEST_KEY: key });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(readFileSync(collect, "utf8")).not.toContain(key);
  });

  it.each([
    [["--candidate", "http", "--model", "m"], /needs --base-url/],
    [["--candidate", "http", "--base-url", "http://127.0.0.1:8080"], /needs --model/],
    [["--candidate", "http", "--base-url", "not a url", "--model", "m"], /is not a URL/],
    [["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "m", "--api-key-env", "FINBOUND_UNSET_VAR"], /FINBOUND_UNSET_VAR: the environment variable is not set/],
    [["--collect", "x.json"], /--collect needs --candidate http/],
  ])("exits 2 for %j", (args, message) => {
    const r = cli("eval", args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
