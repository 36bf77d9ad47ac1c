import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as mergeMain } from "../../src/cli/merge.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { ScoredSuiteExport } from "../../src/schemas/export.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";

const server = simulatedModelServer(loadFixtures(), 0.001);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const HTTP = ["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "finbound-sim/reference", "--temperature", "0.3", "--seed", "11"];
const FIXTURES = ["--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--fixture", "unauthorised-household"];
const dir = mkdtempSync(join(tmpdir(), "finbound-trials-"));
const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
/** Each run's identity and judgement, timings left out: the simulated model's latencies are real. */
const judged = (suite: ScoredSuiteExport) => suite.runs.map((r) => ({ fixture: r.fixture.id, trial: r.trial, outcome: r.result.outcome, verdicts: r.verdicts.map((v) => [v.check, v.status]) }));

describe("trials at concurrency, shards and merge", () => {
  it("runs each fixture K times as JSONL, one sealed run per line, and verifies", async () => {
    const out = join(dir, "all.jsonl");
    const run = await runCli(evalMain, [...HTTP, ...FIXTURES, "--trials", "8", "--concurrency", "4", "--format", "jsonl", "--out", out]);
    expect([0, 1]).toContain(run.status);
    const file = lines(out);
    expect(file).toHaveLength(1 + 24 + 1);
    expect(file[0]).toMatchObject({ format: "finbound.scored-suite/v1+jsonl", plan: { trials: 8, shard: { index: 1, count: 1 } } });
    expect(file.at(-1)).toMatchObject({ end: "finbound.scored-suite/v1+jsonl", runs: 24 });
    const trials = file.slice(1, -1).map((r) => `${(r.fixture as { id: string }).id}#${String(r.trial)}`);
    expect(new Set(trials).size).toBe(24);
    // Each run records how the model was asked to sample: the temperature and the seed its trial sent.
    for (const r of file.slice(1, -1)) expect((r.events as { sampling?: unknown }[])[0]?.sampling).toEqual({ temperature: 0.3, seed: 11 + Number(r.trial) - 1 });
    expect(run.stdout).toMatch(/pass\^8/);
    // Every overall rate with its 95 % interval, and what a ±5-point interval would take.
    expect(run.stdout).toMatch(/^ {2}k=8 {2}pass\^8 \d+ % \[\d+, \d+\] +pass@8 \d+ % \[\d+, \d+\]$/m);
    expect(run.stdout).toMatch(/^±5 points on the pass rate( needs ≈ \d+ trial\(s\) per fixture|: more trials alone do not get there)/m);
    // The lines are in completion order; the reliability table lists fixtures in plan order (the fixture folder's).
    const planned = ["concentration-hh1001", "fv-scenario-a", "unauthorised-household"];
    expect(run.stdout.split("\n").filter((l) => planned.some((id) => l.startsWith(`${id} `))).map((l) => l.split(" ")[0])).toEqual(planned);
    expect((await runCli(verifyMain, [out])).stdout).toContain("verified (24 runs)");
    // score replays the file to the same verdicts, listed in plan order.
    const scored = await runCli(scoreMain, [out, "--format", "json"]);
    const rescored = JSON.parse(scored.stdout) as { fixture: string; trial: number; verdicts: { check: string; status: string }[] }[];
    expect(rescored.map((r) => `${r.fixture}#${r.trial}`)).toEqual(planned.flatMap((id) => Array.from({ length: 8 }, (_, t) => `${id}#${t + 1}`)));
    const verdictsOf = (runs: { key: string; verdicts: { check: string; status: string }[] }[]) => Object.fromEntries(runs.map((r) => [r.key, r.verdicts.map((v) => [v.check, v.status])]));
    expect(verdictsOf(rescored.map((r) => ({ key: `${r.fixture}#${r.trial}`, verdicts: r.verdicts })))).toEqual(
      verdictsOf(file.slice(1, -1).map((r) => ({ key: `${(r.fixture as { id: string }).id}#${String(r.trial)}`, verdicts: r.verdicts as { check: string; status: string }[] }))),
    );
  });

  it("two shards merged equal one unsharded run: same runs, same verdicts, a sealed suite that verifies", async () => {
    const whole = join(dir, "whole.jsonl");
    await runCli(evalMain, [...HTTP, ...FIXTURES, "--trials", "4", "--concurrency", "3", "--format", "jsonl", "--out", whole]);
    const shards = [1, 2].map((i) => join(dir, `shard-${i}.jsonl`));
    for (const [i, file] of shards.entries()) await runCli(evalMain, [...HTTP, ...FIXTURES, "--trials", "4", "--concurrency", "2", "--shard", `${i + 1}/2`, "--format", "jsonl", "--out", file]);
    expect(lines(shards[0] as string).length + lines(shards[1] as string).length).toBe(2 * 2 + 12);
    const merged = join(dir, "merged.json");
    const alone = join(dir, "alone.json");
    expect([0, 1]).toContain((await runCli(mergeMain, [...shards, "--out", merged])).status);
    expect([0, 1]).toContain((await runCli(mergeMain, [whole, "--out", alone])).status);
    const a = ScoredSuiteExport.parse(JSON.parse(readFileSync(merged, "utf8")));
    const b = ScoredSuiteExport.parse(JSON.parse(readFileSync(alone, "utf8")));
    expect(judged(a)).toEqual(judged(b));
    expect(a.runs).toHaveLength(12);
    expect((await runCli(verifyMain, [merged])).stdout).toContain("verified (12 runs)");
  });

  it("refuses overlapping, missing and edited shards", async () => {
    const shards = [1, 2, 3].map((i) => join(dir, `s3-${i}.jsonl`));
    for (const [i, file] of shards.entries()) await runCli(evalMain, [...FIXTURES, "--trials", "2", "--shard", `${i + 1}/3`, "--format", "jsonl", "--out", file]);
    const missing = await runCli(mergeMain, [shards[0] as string, shards[2] as string]);
    expect(missing).toMatchObject({ status: 2 });
    expect(missing.stderr).toContain("shard(s) 2/3 missing");
    const twice = await runCli(mergeMain, [shards[0] as string, shards[0] as string, shards[1] as string]);
    expect(twice.stderr).toMatch(/are both shard 1\/3/);
    const edited = join(dir, "edited.jsonl");
    writeFileSync(edited, readFileSync(shards[1] as string, "utf8").replace('"passed":true', '"passed":false'));
    const broken = await runCli(mergeMain, [shards[0] as string, edited, shards[2] as string]);
    expect(broken).toMatchObject({ status: 2 });
    expect(broken.stderr).toContain("NOT VERIFIED");
    const ok = await runCli(mergeMain, shards);
    expect(ok.status).toBe(0);
  });

  it("a JSONL file cut short still verifies line by line and says it is incomplete", async () => {
    const out = join(dir, "cut.jsonl");
    await runCli(evalMain, [...FIXTURES, "--trials", "3", "--format", "jsonl", "--out", out]);
    const cut = join(dir, "cut-short.jsonl");
    writeFileSync(cut, `${readFileSync(out, "utf8").trim().split("\n").slice(0, 5).join("\n")}\n`);
    const v = await runCli(verifyMain, [cut]);
    expect(v.status).toBe(1);
    expect(v.stdout).toContain("the file ends without its closing line");
    expect(v.stdout).toContain("4 of 4 run(s) are each sealed");
  });

  it("stops before the first fixture when nothing answers, naming the address", async () => {
    server.close();
    try {
      const run = await runCli(evalMain, ["--candidate", "http", "--base-url", "http://127.0.0.1:5999", "--model", "x"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("nothing usable answers at http://127.0.0.1:5999 (GET /v1/models: connection refused)");
    } finally {
      server.listen({ onUnhandledRequest: "error" });
    }
  });

  it("refuses a base URL that is not http(s), and a model the server does not list", async () => {
    expect((await runCli(evalMain, ["--candidate", "http", "--base-url", "ftp://127.0.0.1:8080", "--model", "x"])).stderr).toContain("--base-url must be an http:// or https:// URL");
    const unlisted = await runCli(evalMain, ["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "llama-3-8b"]);
    expect(unlisted.status).toBe(2);
    expect(unlisted.stderr).toContain("does not list the model llama-3-8b");
  });

  it("names why a run was unavailable in the table's reason column", async () => {
    const run = await runCli(evalMain, ["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "finbound-sim/fault:http-500", "--fixture", "fv-scenario-a"]);
    expect(run.stdout).toMatch(/unavailable\s+model_http_error 500/);
  });

  it("score reads a JSONL file of collected traces and honours what each recorded", async () => {
    const collect = join(dir, "collected.jsonl");
    await runCli(evalMain, [...HTTP, "--fixture", "fv-scenario-a", "--trials", "3", "--repair", "--format", "json", "--collect", collect]);
    const traces = lines(collect);
    expect(traces).toHaveLength(3);
    expect(traces[0]).toMatchObject({ trial: expect.any(Number), candidate: { settings: { repair: true, lenient_fence: false, response_format: "json_schema", model: "finbound-sim/reference", reported_model: "finbound-sim/reference" } } });
    const scored = await runCli(scoreMain, [collect, "--format", "json"]);
    expect(scored.stderr).not.toContain("does not record");
    expect(JSON.parse(scored.stdout)).toHaveLength(3);
  });

  it("--repair on a live run and score of its collected file give identical verdicts", async () => {
    const collect = join(dir, "repaired.json");
    // At temperature 0.6 the simulated model often sends garbage first; repair gives it one more turn.
    const live = await runCli(evalMain, [...HTTP.slice(0, -4), "--temperature", "0.6", "--seed", "5", ...FIXTURES, "--trials", "4", "--concurrency", "2", "--repair", "--format", "json", "--collect", collect]);
    const evaluated = JSON.parse(live.stdout) as { fixture: string; trial: number; verdicts: unknown[]; events: { kind: string; repair?: boolean }[] }[];
    expect(evaluated.some((r) => r.events.some((e) => e.kind === "model_request" && e.repair === true))).toBe(true);
    const scored = await runCli(scoreMain, [collect, "--format", "json"]);
    const rescored = JSON.parse(scored.stdout) as { fixture: string; trial: number; verdicts: unknown[] }[];
    const byRun = (runs: { fixture: string; trial: number; verdicts: unknown[] }[]) => Object.fromEntries(runs.map((r) => [`${r.fixture}#${r.trial}`, r.verdicts]));
    expect(byRun(rescored)).toEqual(byRun(evaluated));
  });
});
