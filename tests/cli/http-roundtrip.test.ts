import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { longestDecisionLength } from "../../src/candidates/http/longest-decision.ts";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import { ScoredRun } from "../../src/schemas/scored-run.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";

// The simulated model answers through msw in this process (the same handlers as the browser and
// `npm run sim`), so the CLI's real HTTP adapter and real clock run without a second process.
const server = simulatedModelServer(loadFixtures(), 0.002);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const baseUrl = "http://127.0.0.1:8080";
const cli = (script: "eval" | "score", args: string[], env: Record<string, string> = {}) => runCli(script === "eval" ? evalMain : scoreMain, args, { ...process.env, ...env });

describe("npm run eval -- --candidate http", () => {
  it("runs fixtures against the server, collects the replies, and score replays them to identical verdicts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "collected.json");
    const evalRun = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/alters-input", "--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--format", "json", "--collect", collect]);
    expect(evalRun.status).toBe(1);
    const evaluated = ScoredRun.array().parse(JSON.parse(evalRun.stdout));
    expect(evaluated.map((r) => r.candidate)).toEqual(["http:finbound-sim/alters-input", "http:finbound-sim/alters-input"]);
    const traces = CollectedTrace.array().parse(JSON.parse(readFileSync(collect, "utf8")));
    expect(traces).toHaveLength(2);
    const scoreRun = await cli("score", [collect, "--format", "json", "--events"]);
    expect(scoreRun.status).toBe(1);
    const rescored = ScoredRun.array().parse(JSON.parse(scoreRun.stdout));
    expect(rescored.map((r) => r.verdicts)).toEqual(evaluated.map((r) => r.verdicts));
    expect(rescored.map((r) => r.result)).toEqual(evaluated.map((r) => r.result));
  });

  it("in the tools protocol runs every fixture K times, and score of the collected file gives identical verdicts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "tools.jsonl");
    const evalRun = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--protocol", "tools", "--trials", "4", "--temperature", "0.3", "--format", "json", "--collect", collect]);
    const evaluated = ScoredRun.array().parse(JSON.parse(evalRun.stdout));
    expect(evaluated).toHaveLength(loadFixtures().length * 4);
    const traces = readFileSync(collect, "utf8").trim().split("\n").map((l) => CollectedTrace.parse(JSON.parse(l)));
    expect(traces.every((t) => t.candidate.settings?.protocol === "tools")).toBe(true);
    const scoreRun = await cli("score", [collect, "--format", "json", "--events"]);
    const rescored = ScoredRun.array().parse(JSON.parse(scoreRun.stdout));
    const key = (r: ScoredRun) => `${r.fixture}#${String(r.trial)}`;
    expect(rescored.map(key)).toEqual(evaluated.map(key));
    expect(rescored.map((r) => r.verdicts)).toEqual(evaluated.map((r) => r.verdicts));
    expect(rescored.map((r) => r.events)).toEqual(evaluated.map((r) => r.events));
  });

  it("round-trips a failed model request too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "failed.json");
    const evalRun = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/fault:http-500", "--fixture", "fv-scenario-a", "--format", "json", "--collect", collect]);
    const evaluated = ScoredRun.array().parse(JSON.parse(evalRun.stdout));
    expect(evaluated[0]?.result).toMatchObject({ outcome: "unavailable", policy_code: "model_http_error" });
    const rescored = ScoredRun.array().parse(JSON.parse((await cli("score", [collect, "--format", "json", "--events"])).stdout));
    expect(rescored[0]?.verdicts).toEqual(evaluated[0]?.verdicts);
  });

  it("reads the API key from the named variable and never writes it to the output or the trace", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "keyed.json");
    const key = "sk-finbound-cli-secret-0123456789";
    const r = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--api-key-env", "FINBOUND_TEST_KEY", "--fixture", "fv-scenario-a", "--format", "json", "--collect", collect], { FINBOUND_TEST_KEY: key });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(readFileSync(collect, "utf8")).not.toContain(key);
  });

  it("refuses, before any request, a max_tokens the longest valid decision cannot fit in", async () => {
    const requests: string[] = [];
    const seen = ({ request }: { request: Request }) => void requests.push(request.url);
    server.events.on("request:start", seen);
    const r = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--max-tokens", "100"]);
    server.events.removeListener("request:start", seen);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--max-tokens 100 is below the longest valid decision: ${longestDecisionLength()} characters`);
    expect(r.stderr).toContain(`set --max-tokens to at least ${longestDecisionLength()}`);
    expect(requests).toEqual([]);
  });

  it("sends --max-tokens as max_tokens, and records it; prompt-only output is not held to the longest decision", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const collect = join(dir, "tokens.json");
    const sent: Promise<unknown>[] = [];
    const seen = ({ request }: { request: Request }) => void (request.method === "POST" && sent.push(request.clone().json()));
    server.events.on("request:start", seen);
    const r = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--fixture", "fv-scenario-a", "--response-format", "prompt_only", "--max-tokens", "100", "--collect", collect]);
    server.events.removeListener("request:start", seen);
    expect(r.status).toBe(0);
    expect((await Promise.all(sent)).map((body) => (body as { max_tokens: number }).max_tokens)).toEqual([100, 100]);
    expect(CollectedTrace.array().parse(JSON.parse(readFileSync(collect, "utf8")))[0]?.candidate.settings).toMatchObject({ maxTokens: 100 });
  });

  it("runs under the budget the flags set, recorded in run_started", async () => {
    const r = await cli("eval", ["--candidate", "http", "--base-url", baseUrl, "--model", "finbound-sim/reference", "--fixture", "fv-scenario-a", "--format", "json", "--request-timeout", "20000", "--deadline", "60000", "--max-decisions", "6"]);
    expect(r.status).toBe(0);
    const started = ScoredRun.array().parse(JSON.parse(r.stdout))[0]?.events[0];
    expect(started).toMatchObject({ kind: "run_started", budget: { request_timeout_ms: 20_000, deadline_ms: 60_000, max_decisions: 6 } });
  });

  it("score replays a trace that records no budget under the budget flags", async () => {
    const dir = mkdtempSync(join(tmpdir(), "finbound-http-"));
    const file = join(dir, "no-budget.json");
    const reply = { decision: "final", outcome: "needs_clarification", claims: [], evidence_ids: [], policy_code: "missing_horizon", message: "How many years?" };
    writeFileSync(file, JSON.stringify({ format: "finbound.collected-trace/v1", fixture: "missing-horizon", candidate: { name: "m" }, responses: [{ text: JSON.stringify(reply), latency_ms: 900 }] }));
    const r = await cli("score", [file, "--format", "json", "--events", "--deadline", "60000", "--request-timeout", "20000"]);
    expect(ScoredRun.array().parse(JSON.parse(r.stdout))[0]?.events[0]).toMatchObject({ kind: "run_started", budget: { deadline_ms: 60_000, request_timeout_ms: 20_000 } });
    expect((await cli("score", [file, "--request-timeout", "40000"])).stderr).toMatch(/--request-timeout 40000 is longer than --deadline 30000/);
  });

  it.each([
    [["--max-tokens", "many"], /--max-tokens must be a whole number of at least 1 \(got many\)/],
    [["--max-tokens", "0"], /--max-tokens must be a whole number of at least 1 \(got 0\)/],
    [["--deadline", "1.5"], /--deadline must be a whole number of at least 1 \(got 1.5\)/],
    [["--request-timeout=-1"], /--request-timeout must be a whole number of at least 1 \(got -1\)/],
    [["--max-decisions", ""], /--max-decisions must be a whole number of at least 1/],
    [["--request-timeout", "40000"], /--request-timeout 40000 is longer than --deadline 30000 \(the default\): a request cannot outlast its run; set --request-timeout to at most 30000/],
    [["--deadline", "10000"], /--request-timeout 15000 \(the default\) is longer than --deadline 10000/],
  ])("exits 2 naming the flag for %j", async (flags, message) => {
    const r = await cli("eval", ["--candidate", "http", "--base-url", "http://127.0.0.1:1", "--model", "m", ...flags]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it.each([
    [["--candidate", "http", "--model", "m"], /needs --base-url/],
    [["--candidate", "http", "--base-url", "http://127.0.0.1:8080"], /needs --model/],
    [["--candidate", "http", "--base-url", "not a url", "--model", "m"], /is not a URL/],
    [["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "m", "--api-key-env", "FINBOUND_UNSET_VAR"], /FINBOUND_UNSET_VAR: the environment variable is not set/],
    [["--collect", "x.json"], /--collect needs --candidate http/],
  ])("exits 2 for %j", async (args, message) => {
    const r = await cli("eval", args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
