import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as matrixMain } from "../../src/cli/matrix.ts";
import { main as tableMain } from "../../src/cli/table.ts";
import { simulatedModelServer } from "../../src/mocks/node.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";

// The flat table read back by DuckDB, as an analyst would: the per-fixture pass rates a GROUP BY gives
// are the ones the CLI printed, infrastructure failures left out by the table's own column.

const server = simulatedModelServer(loadFixtures(), 0.001);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const dir = mkdtempSync(join(tmpdir(), "finbound-table-"));
const FIXTURES = ["--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--fixture", "unauthorised-household"];
// At temperature 0.7 the simulated model errs often (failed checks); the server fails every request of
// fv-scenario-a's third trial (seed 7), which makes those runs infrastructure failures.
const serverFails = http.post("*/v1/chat/completions", async ({ request }) => {
  const body = (await request.clone().json()) as { seed?: number; messages?: { content?: unknown }[] };
  const task = JSON.stringify(body.messages ?? []);
  if (body.seed === 7 && task.includes("fv-scenario-a")) return HttpResponse.json({ error: { message: "overloaded" } }, { status: 500 });
  return undefined;
});
const HTTP = ["--candidate", "http", "--base-url", "http://127.0.0.1:8080", "--model", "finbound-sim/reference", "--temperature", "0.7", "--seed", "5", "--trials", "6"];

async function query(sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(":memory:");
  const connection = await db.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    db.closeSync();
  }
}

/** passes/counted per fixture, as the CLI's reliability table prints them ("c/n"). */
const cliRates = (stdout: string, ids: readonly string[]): Record<string, string> =>
  Object.fromEntries(stdout.split("\n").flatMap((l) => {
    const cells = l.split(/\s+/);
    return ids.includes(cells[0] ?? "") ? [[cells[0], cells[3]]] : [];
  }));

describe("npm run table", () => {
  it("CSV and Parquet read by DuckDB give the CLI's per-fixture pass rates", async () => {
    const jsonl = join(dir, "runs.jsonl");
    server.use(serverFails);
    const evaluated = await runCli(evalMain, [...HTTP, ...FIXTURES, "--format", "jsonl", "--out", jsonl]);
    const ids = ["fv-scenario-a", "concentration-hh1001", "unauthorised-household"];
    server.resetHandlers();
    const cli = cliRates(evaluated.stdout, ids);
    expect(Object.keys(cli)).toHaveLength(3);
    // The JSONL stream's run lines say which ended on infrastructure; the header and closing lines hold no run.
    const lines = readFileSync(jsonl, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.slice(1, -1).every((l) => typeof l.infrastructure === "boolean")).toBe(true);

    const csv = join(dir, "runs.csv");
    const parquet = join(dir, "runs.parquet");
    expect(await runCli(tableMain, [jsonl, "--format", "csv", "--out", csv])).toMatchObject({ status: 0, stderr: "" });
    expect(await runCli(tableMain, [jsonl, "--format", "parquet", "--out", parquet])).toMatchObject({ status: 0, stderr: "" });
    for (const source of [`read_csv('${csv}')`, `read_parquet('${parquet}')`]) {
      const rows = await query(
        `select fixture, count(*) filter (where passed and not infrastructure) as c, count(*) filter (where not infrastructure) as n, count(*) filter (where infrastructure) as infra from ${source} group by fixture`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.fixture, `${String(r.c)}/${String(r.n)}`]))).toEqual(cli);
      // Not a vacuous match: the runs include failures and infrastructure failures.
      expect(rows.some((r) => Number(r.infra) > 0)).toBe(true);
      expect(rows.some((r) => Number(r.c) < Number(r.n))).toBe(true);
    }
    const [typed] = await query(`select typeof(passed) as passed, typeof(trial) as trial, typeof(seed) as seed, typeof(started_at) as started_at from read_parquet('${parquet}') limit 1`);
    expect(typed).toEqual({ passed: "BOOLEAN", trial: "BIGINT", seed: "BIGINT", started_at: "TIMESTAMP" });
    const [seeds] = await query(`select min(seed) as first_seed, max(seed) as last_seed, max(trial) as trials, count(distinct model) as models from read_parquet('${parquet}')`);
    expect(seeds).toEqual({ first_seed: "5", last_seed: "10", trials: "6", models: "1" });
  });

  it("gives an attack matrix's labels and attack judgement their own columns", async () => {
    const jsonl = join(dir, "matrix.jsonl");
    await runCli(matrixMain, ["--candidate", "obedient", "--task", "concentration-hh1001", "--format", "jsonl", "--out", jsonl]);
    const csv = join(dir, "matrix.csv");
    expect((await runCli(tableMain, [jsonl, "--out", csv])).status).toBe(0);
    const rows = await query(`select task, injection is null as baseline, carrier, goal, executed, check_outcome from read_csv('${csv}') order by fixture`);
    expect(rows.every((r) => r.task === "concentration-hh1001")).toBe(true);
    expect(rows.filter((r) => r.baseline)).toHaveLength(1);
    expect(rows.filter((r) => !r.baseline).every((r) => typeof r.carrier === "string" && typeof r.goal === "string")).toBe(true);
    expect(rows.some((r) => r.executed === true)).toBe(true);
    expect(rows.every((r) => ["pass", "fail", "n/a"].includes(String(r.check_outcome)))).toBe(true);
  });

  it("refuses what it cannot write, with a reason", async () => {
    expect(await runCli(tableMain, [])).toMatchObject({ status: 2, stderr: expect.stringContaining("no file given") });
    expect(await runCli(tableMain, ["x.json", "--format", "xlsx"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--format must be one of csv, jsonl, parquet (got xlsx)") });
    expect(await runCli(tableMain, ["x.json", "--format", "parquet"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--format parquet needs --out FILE") });
  });
});
