import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { chaosFor, DEFAULT_PROBABILITIES, type ChaosKind, type ChaosOptions } from "../../src/mocks/chaos.ts";
import { explainableOutcomes, type ObservedRequest } from "../../src/mocks/chaos-endings.ts";
import { runLoadSuite, scaledBudget } from "../../src/mocks/load-suite.ts";
import { fixture, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();

describe("the chaos server", () => {
  it("draws the same chaos for a seed, whatever order requests arrive in", () => {
    const options: ChaosOptions = { seed: 7, probabilities: DEFAULT_PROBABILITIES, latencyMs: { min: 0, max: 400 }, slowMs: 2_400 };
    const forward = ["1", "2", "3"].map((run) => chaosFor(options, run, 0));
    const backward = ["3", "2", "1"].map((run) => chaosFor(options, run, 0)).reverse();
    expect(forward).toEqual(backward);
    expect(Array.from({ length: 50 }, (_, i) => chaosFor({ ...options, seed: 8 }, String(i), 0))).not.toEqual(Array.from({ length: 50 }, (_, i) => chaosFor(options, String(i), 0)));
  });
});

describe("explaining a run's outcome from what the server did and what the client saw", () => {
  const budget = scaledBudget(600); // request timeout 300 ms, tool timeout 40 ms
  /** Requests back to back: [kind, ms until settled, aborted?]. */
  const observed = (...spec: [ChaosKind, number, boolean?][]): ObservedRequest[] => {
    let t = 1;
    return spec.map(([kind, ms, aborted = false], turn) => {
      const req = { chaos: { run: "0", turn, kind, delayMs: ms }, startedMs: t, settledMs: t + ms, aborted };
      t += ms + 1;
      return req;
    });
  };
  const outcomes = (id: string, requests: ObservedRequest[], runMs = (requests.at(-1)?.settledMs ?? 0) + 1) =>
    explainableOutcomes(fixture(id), "reference", requests, budget, runMs, 10);

  it("names the fault that ended the run, on its last request only", () => {
    expect(outcomes("fv-scenario-a", observed(["normal", 100], ["http_500", 50]))).toEqual(["unavailable/model_http_error"]);
    expect(outcomes("fv-scenario-a", observed(["drop", 10]))).toEqual(["unavailable/model_network_error"]);
    expect(outcomes("fv-scenario-a", observed(["normal", 10], ["garbage", 10]))).toEqual(["invalid_output"]);
    expect(outcomes("fv-scenario-a", observed(["http_500", 10], ["normal", 10]))).toEqual([]);
  });

  it("expects the fixture's outcome when every reply is normal and in time", () => {
    expect(outcomes("fv-scenario-a", observed(["normal", 100], ["normal", 100]))).toEqual(["answered"]);
    expect(outcomes("portfolio-unavailable", observed(["normal", 10], ["normal", 10]))).toEqual(["unavailable/tool_unavailable"]);
    expect(outcomes("fv-scenario-a", observed(["normal", 100]))).toEqual([]);
  });

  it("tells the request's own timeout from the run's deadline, and allows no early abort", () => {
    expect(outcomes("fv-scenario-a", observed(["slow", 300, true]))).toEqual(["unavailable/model_timeout"]);
    expect(outcomes("concentration-hh1001", observed(["normal", 200], ["normal", 200], ["slow", 197, true]))).toEqual(["budget_exhausted/deadline"]);
    expect(outcomes("fv-scenario-a", observed(["normal", 150, true]))).toEqual([]);
    expect(outcomes("fv-scenario-a", [{ chaos: undefined, startedMs: 1, settledMs: 301, aborted: true }])).toEqual(["unavailable/model_timeout"]);
    expect(outcomes("fv-scenario-a", [{ chaos: undefined, startedMs: 1, settledMs: 20, aborted: false }])).toEqual([]);
    expect(outcomes("concentration-hh1001", observed(["normal", 250], ["normal", 250]), 610)).toEqual(["budget_exhausted/deadline"]);
    expect(outcomes("concentration-hh1001", observed(["normal", 250], ["normal", 250]))).toEqual([]);
  });

  it("allows both sides of a close call", () => {
    expect(outcomes("fv-scenario-a", observed(["normal", 298], ["normal", 300, true])).sort()).toEqual(["budget_exhausted/deadline", "unavailable/model_timeout"]);
  });
});

describe("load and faults on the live path", () => {
  it("200 runs at concurrency 8 with latency, 500s, drops, garbage and slow replies: every run on time, explained, settled and exported", async () => {
    const report = await runLoadSuite({ fixtures, runs: 200, concurrency: 8, seed: 1, deadlineMs: 600, latencyMs: { min: 0, max: 400 }, sha256: nodeSha256 });
    const unexplained = report.perRun.filter((r) => !r.explained).map((r) => ({ run: r.index, fixture: r.fixture, outcome: r.outcome, wall: r.wallMs, requests: r.requests, could_be: r.explanations }));
    expect(unexplained).toEqual([]);
    expect(report.perRun.filter((r) => r.overran).map((r) => `${r.index}: ${r.wallMs.toFixed(0)} ms (lag ${r.lagMs.toFixed(0)})`)).toEqual([]);
    expect(report.leftInFlight).toBe(0);
    expect(report.timersLeft).toBe(0);
    expect(report).toMatchObject({ exported: 200, verified: 200, altered: 0, suiteDigestOk: true, eventsExported: report.eventsRecorded, ok: true });
    for (const kind of ["normal", "http_500", "drop", "garbage", "slow"] as const) expect(report.chaos[kind]).toBeGreaterThan(0);
    expect(Object.keys(report.outcomes)).toEqual(expect.arrayContaining(["answered", "invalid_output", "budget_exhausted/deadline", "unavailable/model_timeout", "unavailable/model_http_error", "unavailable/model_network_error"]));
  }, 60_000);

  it("catches a client that ignores its abort signal: its slow requests are left in flight", async () => {
    const report = await runLoadSuite({
      fixtures,
      runs: 16,
      concurrency: 8,
      seed: 3,
      deadlineMs: 300,
      probabilities: { normal: 0, http_500: 0, drop: 0, garbage: 0, slow: 1 },
      sha256: nodeSha256,
      transport: (url, { signal: _ignored, ...init }) => fetch(url, init),
    });
    expect(report.leftInFlight).toBe(16);
    expect(report.ok).toBe(false);
    expect(report.overruns).toBe(0);
  });
});
