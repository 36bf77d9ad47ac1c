import { describe, expect, it } from "vitest";
import { compareFixtureIds, compareRunOptions, compareSuiteOptions } from "../../src/state/compare/compare-slice.ts";
import { suiteSummary } from "../../src/state/suite/suite-summary.ts";
import { loadFixtures } from "../support.ts";
import { makeStore } from "./test-deps.ts";

const FIXTURE = "injection-adviser-scope";

/** A store whose suite holds every candidate of one fixture. */
async function withSuite(fixture = FIXTURE) {
  const store = makeStore();
  await store.getState().loadHistory();
  await store.getState().runSuite(fixture);
  return store;
}

const optionId = (store: Awaited<ReturnType<typeof withSuite>>, pattern: RegExp): string => {
  const s = store.getState();
  const options = s.compare.mode === "runs" ? compareRunOptions(s, s.compare.fixtureId ?? FIXTURE) : compareSuiteOptions(s);
  const found = options.find((o) => pattern.test(o.label));
  if (!found) throw new Error(`no option ${pattern} in ${options.map((o) => o.label).join("; ")}`);
  return found.id;
};

describe("compare two runs", () => {
  it("reference vs reads-in-scope-other: aligned by step, the disclosing read is the first difference, both as designed", async () => {
    const store = await withSuite();
    store.getState().setCompareFixture(FIXTURE);
    expect(await store.getState().pickForCompare("a", optionId(store, /^suite — reference /))).toBe(true);
    expect(store.getState().compare.runs.result).toBeNull();
    expect(await store.getState().pickForCompare("b", optionId(store, /^suite — reads-in-scope-other /))).toBe(true);

    const c = store.getState().compare.runs.result;
    expect(c?.firstDifference).toBe(1);
    expect(c?.steps.find((s) => s.step === 1)?.b).toContain("DISCLOSED ev-1 portfolio.read HH-1002");
    expect(c?.verdicts).toEqual([{ check: "no_out_of_scope_disclosure", a: "pass", b: "fail" }]);
    expect(c?.regressed).toBe(false);
  });

  it("a side is kept as it was picked: running the suite again or opening another run does not change it", async () => {
    const store = await withSuite();
    store.getState().setCompareFixture(FIXTURE);
    await store.getState().pickForCompare("a", optionId(store, /^suite — reads-in-scope-other /));
    const picked = store.getState().compare.runs.a;
    await store.getState().runSuite("fv-scenario-a");
    store.getState().openSuiteRun(0);
    expect(store.getState().compare.runs.a).toBe(picked);
  });

  it("a saved run is verified and re-scored before it is compared, and the current run can be the other side", async () => {
    const store = makeStore();
    await store.getState().loadHistory();
    store.getState().selectFixture(FIXTURE, "reads-in-scope-other");
    await store.getState().startRun();
    store.getState().selectFixture(FIXTURE, "reference");
    await store.getState().startRun();

    const s = store.getState();
    const history = compareRunOptions(s, FIXTURE).filter((o) => o.group === "History");
    expect(history.map((o) => o.label)).toEqual([expect.stringMatching(/^reference, saved /), expect.stringMatching(/^reads-in-scope-other, saved /)]);
    expect(await s.pickForCompare("a", "run")).toBe(true);
    const saved = history[1];
    if (!saved) throw new Error("no saved run");
    expect(await store.getState().pickForCompare("b", saved.id)).toBe(true);
    const { compare } = store.getState();
    expect(compare.runs.b?.label).toMatch(/^history — reads-in-scope-other/);
    expect(compare.runs.result?.verdicts).toEqual([{ check: "no_out_of_scope_disclosure", a: "pass", b: "fail" }]);
    expect(compare.loading).toBeNull();
  });

  it("offers only the runs of the chosen fixture, and choosing another fixture drops sides of the old one", async () => {
    const store = await withSuite();
    const s = store.getState();
    expect(compareFixtureIds(s)).toContain(FIXTURE);
    expect(compareRunOptions(s, "fv-scenario-a")).toEqual([]);
    s.setCompareFixture(FIXTURE);
    await store.getState().pickForCompare("a", optionId(store, /^suite — reference /));
    store.getState().setCompareFixture("fv-scenario-a");
    expect(store.getState().compare.runs.a).toBeNull();
  });
});

describe("compare two suites", () => {
  it("the current suite against a saved one: row by row, and a row opens its two runs step by step", async () => {
    const store = await withSuite();
    store.getState().setCompareMode("suites");
    const options = compareSuiteOptions(store.getState());
    expect(options.map((o) => o.group)).toEqual(["Workbench", "History"]);
    await store.getState().pickForCompare("a", "suite");
    await store.getState().pickForCompare("b", options[1]?.id ?? "");
    const result = store.getState().compare.suites.result;
    expect(result?.counts).toEqual({ fixed: 0, regressed: 0, unchanged: 4, added: 0, removed: 0 });

    const key = result?.rows.find((r) => r.key.includes("reads-in-scope-other"))?.key ?? "";
    expect(store.getState().compareSuiteRow(key)).toBe(true);
    const { compare } = store.getState();
    expect(compare.mode).toBe("runs");
    expect(compare.fixtureId).toBe(FIXTURE);
    expect(compare.runs.result).toMatchObject({ firstDifference: null, verdicts: [], regressed: false });
    // The suites stay compared for when the analyst goes back.
    expect(compare.suites.result).toBe(result);
  });

  it("swap exchanges A and B, and a regression becomes a fix", async () => {
    const store = await withSuite();
    const runs = store.getState().suite.runs;
    const reference = runs.find((r) => r.candidate === "reference");
    const failing = runs.find((r) => r.candidate === "reads-in-scope-other");
    if (!reference || !failing) throw new Error("missing runs");
    store.getState().loadSuite([reference], "imported");
    store.getState().setCompareMode("suites");
    await store.getState().pickForCompare("a", "suite");
    // A "reference" that now fails the way the faulty candidate does.
    store.getState().loadSuite([{ ...failing, candidate: "reference" }], "imported");
    await store.getState().pickForCompare("b", "suite");
    expect(store.getState().compare.suites.result?.counts.regressed).toBe(1);
    store.getState().swapCompare();
    expect(store.getState().compare.suites.result?.counts).toMatchObject({ regressed: 0, fixed: 1 });
  });
});

/** How a suite's runs stand against their fixtures' declared failures, as the suite view works it out. */
const suiteDesign = (runs: Parameters<typeof suiteSummary>[0], fixtures: Parameters<typeof suiteSummary>[1]) => suiteSummary(runs, fixtures, () => 0).design;

describe("designed failures vs regressions in a suite", () => {
  it("every candidate of every fixture behaves as designed, though most fail a check", async () => {
    const store = makeStore();
    await store.getState().runSuite(null);
    const runs = store.getState().suite.runs;
    const design = suiteDesign(runs, loadFixtures());
    expect(design).toMatchObject({ total: runs.length, ok: runs.length, regressions: 0, failed: 0, declared: runs.length });
    expect(runs.filter((r) => !r.passed).length).toBeGreaterThan(runs.length / 2);
  });

  it("a reference that fails is a regression; a candidate that declares nothing is judged by passing", async () => {
    const store = await withSuite();
    const failing = store.getState().suite.runs.find((r) => r.candidate === "reads-in-scope-other");
    if (!failing) throw new Error("no run");
    const design = suiteDesign([{ ...failing, candidate: "reference" }, { ...failing, candidate: "http:some-model" }, failing], loadFixtures());
    expect(design.runs.map((d) => d.status)).toEqual(["regression", "failed", "as_designed"]);
    expect(design.runs[0]?.text).toBe("regression: also fails no_out_of_scope_disclosure");
    expect(design).toMatchObject({ ok: 1, regressions: 1, failed: 1, declared: 2 });
  });
});
