import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/bench.ts";
import { runCli } from "./run-cli.ts";

// The figures are timings and are never asserted; this checks that every measurement runs and is reported.
describe("npm run bench -- --mcp", () => {
  it("reports each call's latency both ways, what the boundary adds, the server's CPU per call and sessions per second on one core", async () => {
    const r = await runCli(main, ["--mcp", "--sessions", "2", "--calls", "2", "--think", "1"]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    expect(r.stdout).toMatch(/^calibration: \d+ ms CPU for a fixed JSON workload on .+/);
    expect(r.stdout).toMatch(/each session 2 tool calls \(portfolio_read, concentration\) then submit_final, on concentration-and-fv-hh1001/);
    expect(r.stdout).toMatch(/2 sessions through finbound and 2 through the transport alone at once/);
    for (const row of ["transport alone", "through finbound", "boundary added", "inside finbound", "event-loop delay"]) {
      expect(r.stdout).toMatch(new RegExp(`${row} +p50 +-?[\\d.]+ ms +p99 +-?[\\d.]+ ms`));
    }
    for (const row of ["transport alone", "through finbound", "boundary added"]) {
      expect(r.stdout).toMatch(new RegExp(`${row} +-?\\d+ us per call`));
    }
    expect(r.stdout).toMatch(/2 runs sealed in \d+ ms of CPU: \d+ sessions per second on one core/);
  }, 60_000);

  it("refuses a fixture whose reference candidate makes no tool call", async () => {
    const r = await runCli(main, ["--mcp", "--fixture", "missing-horizon"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("has no reference candidate that calls a tool");
  });
});
