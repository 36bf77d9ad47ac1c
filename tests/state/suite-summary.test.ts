import { beforeAll, describe, expect, it } from "vitest";
import { Outcome } from "../../src/schemas/outcome.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { runDesign } from "../../src/state/suite/suite-design.ts";
import { suiteSummary, suiteSummaryInSlices } from "../../src/state/suite/suite-summary.ts";
import { loadFixtures } from "../support.ts";
import { makeStore } from "./test-deps.ts";

let runs: ScoredRun[] = [];
/** A label length of its own: the view passes the matrix's (src/ui), which the state layer does not import. */
const runLabelLength = (r: ScoredRun): number => r.fixture.length + r.candidate.length + 3;

beforeAll(async () => {
  const store = makeStore();
  await store.getState().runSuite(null);
  runs = store.getState().suite.runs;
});

describe("the suite view's figures, in one pass", () => {
  it("gives each figure as a walk of its own over the runs would", () => {
    const fixtures = loadFixtures();
    const summary = suiteSummary(runs, fixtures, runLabelLength);
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const designs = runs.map((r) => runDesign(r, byId.get(r.fixture)));
    expect(summary.runs).toBe(runs);
    expect(summary.design.runs).toEqual(designs);
    expect(summary.design).toMatchObject({ total: runs.length, ok: designs.filter((d) => d.ok).length, regressions: designs.filter((d) => d.status === "regression").length });
    expect(summary.passed).toBe(runs.filter((r) => r.passed).length);
    const checks = [...new Set(runs.flatMap((r) => r.verdicts.map((v) => v.check)))];
    expect(summary.checks).toEqual(checks);
    const rate = (check: string): number => {
      const decided = runs.flatMap((r) => r.verdicts).filter((v) => v.check === check && v.status !== "n/a");
      return Math.round((decided.filter((v) => v.status === "pass").length / decided.length) * 1000) / 10;
    };
    const decidedChecks = checks.filter((c) => runs.some((r) => r.verdicts.some((v) => v.check === c && v.status !== "n/a")));
    expect(summary.rates).toEqual(decidedChecks.map((check) => ({ check, rate: rate(check) })));
    // Outcomes in the schema's order, those no run reached left out.
    const reached = new Set(runs.map((r) => r.outcome));
    expect(summary.outcomes.map((o) => o.outcome)).toEqual(Outcome.options.filter((o) => reached.has(o)));
    expect(summary.outcomes.reduce((n, o) => n + o.count, 0)).toBe(runs.length);
    expect(summary.outcomes.every((o) => o.count > 0)).toBe(true);
    expect(summary.longestLabel).toBe(Math.max(...runs.map(runLabelLength)));
  });

  it("counts a reference that fails as a regression and a run of a candidate that declares nothing by whether it passed", () => {
    const failing = runs.find((r) => r.candidate === "reads-in-scope-other");
    if (!failing) throw new Error("no run");
    const summary = suiteSummary([{ ...failing, candidate: "reference" }, { ...failing, candidate: "http:some-model" }, failing], loadFixtures(), () => 0);
    expect(summary.design).toMatchObject({ total: 3, ok: 1, regressions: 1, failed: 1, declared: 2 });
    expect(summary.passed).toBe(0);
  });

  it("built in slices, gives the same figures, pausing before each slice, and nothing once cancelled", async () => {
    const fixtures = loadFixtures();
    let pauses = 0;
    const sliced = await suiteSummaryInSlices(runs, fixtures, runLabelLength, async () => void (pauses += 1), () => false);
    expect(sliced).toEqual(suiteSummary(runs, fixtures, runLabelLength));
    expect(pauses).toBeGreaterThanOrEqual(1);
    expect(await suiteSummaryInSlices(runs, fixtures, runLabelLength, async () => {}, () => true)).toBeNull();
    expect(await suiteSummaryInSlices([], fixtures, runLabelLength, async () => {}, () => true)).toMatchObject({ runs: [], passed: 0, checks: [] });
  });
});
