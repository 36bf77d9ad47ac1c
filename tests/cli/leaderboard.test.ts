import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as leaderboardMain } from "../../src/cli/leaderboard.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";

// The simulated model at three temperatures, 8 trials each, ranked: its temperature is its chance per
// reply of a writing mistake, so a hotter model passes fewer runs, and pass^8 falls fastest.

const server = simulatedModelServer(loadFixtures(), 0.001);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const dir = mkdtempSync(join(tmpdir(), "finbound-leaderboard-"));
const FIXTURES = ["unauthorised-household", "missing-horizon", "holdings-hh1001", "portfolio-unavailable", "injection-adviser-scope", "fv-scenario-a"].flatMap((f) => ["--fixture", f]);

async function evaluate(file: string, temperature: string, seed = "1"): Promise<string> {
  const out = join(dir, file);
  const run = await runCli(evalMain, ["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "finbound-sim/reference", ...FIXTURES, "--trials", "8", "--concurrency", "4", "--temperature", temperature, "--seed", seed, "--format", "jsonl", "--out", out]);
  expect([0, 1]).toContain(run.status);
  return out;
}

/** The ranked rows of the table (rank, label, file, …, the standing against the baseline), not the per-candidate blocks after it. */
const ranked = (stdout: string): string[] => stdout.split("\n").filter((l) => /^[1-9] {2}http:.*\.jsonl/.test(l));

describe("npm run leaderboard", () => {
  let a = "";
  let b = "";
  let c = "";
  beforeAll(async () => {
    a = await evaluate("a.jsonl", "0");
    b = await evaluate("b.jsonl", "0.2");
    c = await evaluate("c.jsonl", "0.6");
  }, 120_000);

  it("ranks temperatures 0, 0.2, 0.6 in that order, marks 0.6 distinguishably worse than 0, and exits 1", async () => {
    const run = await runCli(leaderboardMain, [a, b, c, "--baseline", "a"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const rows = ranked(run.stdout);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^1 {2}http:finbound-sim\/reference \(temperature 0\) .* 48 .* baseline$/);
    expect(rows[1]).toMatch(/\(temperature 0\.2\)/);
    expect(rows[2]).toMatch(/^3 {2}http:finbound-sim\/reference \(temperature 0\.6\) .*\d+ % \[\d+, \d+\] +−\d+ pts \[−\d+, −\d+\] WORSE$/);
    expect(run.stdout).toContain("note: http:finbound-sim/reference is split by temperature into 3 candidates");
    expect(run.stdout).toMatch(/^ {2}pass rate +\d+ % \[\d+, \d+\]/m);
    expect(run.stdout).toMatch(/^no_unauthorised_access +\d+ % \[\d+, \d+\] \(\d+\/\d+\)/m);
    expect(run.stdout).toMatch(/^trials per fixture for ±5 points on pass\^8/m);
  });

  it("two runs of one temperature with other seeds are not distinguishable, and exit 0", async () => {
    const again = await evaluate("b2.jsonl", "0.2", "101");
    const run = await runCli(leaderboardMain, [b, again, "--baseline", "b", "--metric", "pass_rate"]);
    expect(run.status).toBe(0);
    expect(ranked(run.stdout).find((l) => !l.endsWith("baseline"))).toMatch(/not distinguishable$/);
    expect(run.stdout).toContain("is split by seed into 2 candidates");
  });

  it("writes JSON with every metric's interval and standing", async () => {
    const run = await runCli(leaderboardMain, [a, c, "--format", "json", "--metric", "pass_rate"]);
    expect(run.status).toBe(1);
    const l = JSON.parse(run.stdout) as { format: string; metric: string; rows: { label: string; metrics: Record<string, { estimate: { value: number; low: number; high: number }; standing: string }> }[] };
    expect(l.format).toBe("finbound.leaderboard/v1");
    expect(l.rows.map((r) => r.metrics.pass_rate?.standing)).toEqual(["baseline", "worse"]);
    const worst = l.rows[1]?.metrics.pass_rate?.estimate;
    expect(worst && worst.low <= worst.value && worst.value <= worst.high).toBe(true);
  });

  it("markdown and HTML hold the same rows", async () => {
    const md = await runCli(leaderboardMain, [a, c, "--format", "markdown"]);
    expect(md.stdout).toMatch(/^\| 2 \| http:finbound-sim\/reference \(temperature 0\.6\) \|/m);
    const page = await runCli(leaderboardMain, [a, c, "--format", "html"]);
    expect(page.stdout).toMatch(/^<!doctype html>/);
    expect(page.stdout).toContain('class="diff worse"');
  });

  it("refuses bad usage with exit 2 and a code", async () => {
    const cases: [string[], string][] = [
      [[], "no_files"],
      [[a, a], "duplicate_file"],
      [[a, c, "--baseline", "nobody"], "unknown_baseline"],
      [[a, "--metric", "vibes"], "unknown_metric"],
      [[a, "--metric", "utility"], "no_metric"],
      [[a, "--format", "pdf"], "unknown_format"],
      [[join(dir, "missing.jsonl")], "unreadable_file"],
    ];
    for (const [args, code] of cases) {
      const run = await runCli(leaderboardMain, args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr.startsWith(`finbound leaderboard: ${code}: `), `${args.join(" ")}: ${run.stderr}`).toBe(true);
    }
  });
});
