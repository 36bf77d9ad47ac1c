import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/bench.ts";
import { runCli } from "./run-cli.ts";

// The figures are timings and are never asserted; this checks that every measurement runs and is reported.
describe("npm run bench", () => {
  it("reports decisions per CPU-second for bare tools, the runtime and scoring, and the cost per decision of each long run", async () => {
    const r = await runCli(main, ["--rounds", "1", "--long", "10,40"]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    expect(r.stdout).toMatch(/bare tool calls +\d+ decisions per CPU-second/);
    expect(r.stdout).toMatch(/runtime +\d+ decisions per CPU-second +\([\d.]+x the CPU of bare tool calls\)/);
    expect(r.stdout).toMatch(/runtime \+ scoring +\d+ decisions per CPU-second/);
    // The machine's speed is taken in the same turns as the three, and the figures scaled to a reference speed.
    expect(r.stdout).toMatch(/the calibration's workload in the same turns: \d+ ms \(from \d+ to \d+ ms\); at a calibration of 150 ms, the runtime would be \d+ and runtime \+ scoring \d+ decisions per CPU-second/);
    expect(r.stdout).toMatch(/ 10 decisions +[\d.]+ us CPU per decision/);
    expect(r.stdout).toMatch(/ 40 decisions +[\d.]+ us CPU per decision/);
    expect(r.stdout).toMatch(/40 vs 10: [\d.]+x the cost per decision/);
  });

  it("refuses a size that is not a positive integer", async () => {
    const r = await runCli(main, ["--long", "1000,abc"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--long must be a positive integer");
  });
});

describe("npm run bench -- --score N", () => {
  it("times npm run score end to end against a bare parse of the same traces, alike and distinct, and the replays alone", async () => {
    const r = await runCli(main, ["--score", "12"]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    expect(r.stdout).toMatch(/^calibration: \d+ ms CPU for a fixed JSON workload on .+/);
    expect(r.stdout).toMatch(/12 collected traces: [\d.]+ MiB, \d+ decisions; report: --format json/);
    expect(r.stdout.match(/bare JSON\.parse \(per line\) +\d+ ms/g)).toHaveLength(2);
    expect(r.stdout.match(/npm run score, end to end +\d+ ms +\d+ decisions per CPU-second, [\d.]+x the CPU of the bare parse/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/runtime \+ scoring +\d+ ms +\d+ decisions per CPU-second \(the traces already read\), [\d.]+x the CPU of the bare parse/);
    // The first call is timed apart, and the machine's speed is taken in the same turns as the figures.
    expect(r.stdout.match(/its first call, the JIT cold[^:]*: \d+ ms, [\d.]+x/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/the calibration's workload in the same turns: \d+ ms \(from \d+ to \d+ ms\); at a calibration of 150 ms, runtime \+ scoring would be \d+ decisions per CPU-second/);
  });

  it("refuses a count that is not a whole number", async () => {
    const r = await runCli(main, ["--score", "many"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--score must be a whole number of traces ≥ 1 (got many)");
  });
});
