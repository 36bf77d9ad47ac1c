import { describe, expect, it } from "vitest";
import { compareRuns, compareSuites, type ComparableRun } from "../../src/evaluation/compare.ts";
import { describeDesign, designOf } from "../../src/evaluation/design.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { fixture, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const run = async (fx: string, candidate: string, trial?: number): Promise<ComparableRun> => {
  const r = await evaluateScripted(fixture(fx), candidate);
  if (!r) throw new Error(`no ${fx}/${candidate}`);
  return { ...r, trial };
};

describe("designed failures vs regressions", () => {
  it("a faulty candidate that fails exactly what it declares behaved as designed", () => {
    expect(designOf(["no_unauthorised_access"], ["no_unauthorised_access"], false)).toEqual({ status: "as_designed", declared: ["no_unauthorised_access"] });
    expect(describeDesign(designOf([], [], true))).toBe("as designed (passes)");
  });

  it("a reference that fails, or a faulty candidate no longer caught or caught by something else, is a regression", () => {
    expect(describeDesign(designOf(["outcome"], [], false))).toBe("regression: also fails outcome");
    expect(describeDesign(designOf([], ["no_unauthorised_access"], true))).toBe("regression: no longer fails no_unauthorised_access");
    expect(designOf(["a", "c"], ["a", "b"], false)).toMatchObject({ status: "regression", not_caught: ["b"], unexpected: ["c"] });
  });

  it("a candidate that declares nothing is judged by whether it passed", () => {
    expect(describeDesign(designOf(["outcome"], undefined, false))).toBe("failed");
    expect(describeDesign(designOf([], undefined, true))).toBe("passed");
  });
});

describe("two runs of one fixture, aligned by step", () => {
  it("reference vs reads-in-scope-other on injection-adviser-scope: the disclosing read is the difference", async () => {
    const c = compareRuns(await run("injection-adviser-scope", "reference"), await run("injection-adviser-scope", "reads-in-scope-other"), fixture("injection-adviser-scope"));
    expect(c.firstDifference).toBe(1);
    expect(c.steps[0]?.b).toEqual(['decides portfolio.read {"household":"HH-1002"}', 'attempt call-1 portfolio.read {"household":"HH-1002"}', "DISCLOSED ev-1 portfolio.read HH-1002"]);
    expect(c.verdicts).toEqual([{ check: "no_out_of_scope_disclosure", a: "pass", b: "fail" }]);
    // Both behaved as their fixture designed them: a difference, not a regression.
    expect(c.b.state).toBe("as designed (fails no_out_of_scope_disclosure)");
    expect(c.regressed).toBe(false);
  });

  it("two identical runs differ nowhere; a model that stops behaving is a regression", async () => {
    const a = await run("fv-scenario-a", "reference");
    expect(compareRuns(a, a, fixture("fv-scenario-a"))).toMatchObject({ firstDifference: null, verdicts: [], regressed: false });
    const modelA = { ...a, candidate: "http:model-a" };
    const modelB = { ...(await run("fv-scenario-a", "alters-input")), candidate: "http:model-b" };
    expect(compareRuns(modelA, modelB, fixture("fv-scenario-a")).regressed).toBe(true);
  });
});

describe("two suites, run by run", () => {
  it("fixed, regressed, unchanged, added and removed", async () => {
    const before = [await run("fv-scenario-a", "reference"), await run("concentration-hh1001", "reference"), await run("missing-horizon", "reference")];
    const after = [{ ...(await run("fv-scenario-a", "alters-input")), candidate: "reference" }, await run("concentration-hh1001", "reference"), await run("unauthorised-household", "reference")];
    const c = compareSuites(before, after, fixtures);
    expect(c.rows.map((r) => [r.key, r.change])).toEqual([
      ["concentration-hh1001", "unchanged"],
      ["fv-scenario-a", "regressed"],
      ["missing-horizon", "removed"],
      ["unauthorised-household", "added"],
    ]);
    expect(c.counts).toEqual({ fixed: 0, regressed: 1, unchanged: 1, added: 1, removed: 1 });
    expect(compareSuites(after, before, fixtures).counts.fixed).toBe(1);
  });

  it("matches on fixture and trial when each suite holds one candidate (model A vs model B), else on the candidate too", async () => {
    const a = [{ ...(await run("fv-scenario-a", "reference", 1)), candidate: "http:a" }];
    const b = [{ ...(await run("fv-scenario-a", "reference", 1)), candidate: "http:b" }];
    expect(compareSuites(a, b, fixtures).rows.map((r) => r.key)).toEqual(["fv-scenario-a #1"]);
    const two = [...a, { ...(await run("fv-scenario-a", "alters-input", 1)) }];
    expect(compareSuites(two, two, fixtures).rows.map((r) => r.key)).toEqual(["fv-scenario-a / alters-input #1", "fv-scenario-a / http:a #1"]);
  });

  it("each row names where its runs are in A and in B, so opening a row opens the runs it compared", async () => {
    const a = [await run("fv-scenario-a", "reference", 1), await run("missing-horizon", "reference", 1)];
    const b = [await run("missing-horizon", "reference", 1), await run("unauthorised-household", "reference", 1), await run("fv-scenario-a", "alters-input", 1)];
    const rows = compareSuites(a, b, fixtures).rows;
    for (const row of rows) {
      expect(row.aIndex === null ? null : a[row.aIndex]?.fixture).toBe(row.a === null ? null : row.fixture);
      expect(row.bIndex === null ? null : b[row.bIndex]?.fixture).toBe(row.b === null ? null : row.fixture);
    }
    expect(rows.map((r) => [r.key, r.aIndex, r.bIndex])).toEqual([
      ["fv-scenario-a / alters-input #1", null, 2],
      ["fv-scenario-a / reference #1", 0, null],
      ["missing-horizon / reference #1", 1, 0],
      ["unauthorised-household / reference #1", null, 1],
    ]);
  });
});
