import { describe, expect, it } from "vitest";
import { fixtureGrid, regressionsFirst } from "../../src/evaluation/leaderboard-grid.ts";
import { buildLeaderboard, type CandidateIdentity, type LeaderboardRun } from "../../src/evaluation/leaderboard.ts";

const identity = (over: Partial<CandidateIdentity> = {}): CandidateIdentity => ({ name: "http:m", protocol: "json", reported_model: "m.gguf", temperature: 0, seed: 1, budget: "{}", lenient_fence: false, ...over });

/** One candidate's runs from one source: per fixture, whether each trial passed (null: an infrastructure failure). */
function runs(source: string, temperature: number, passes: readonly (readonly (boolean | null)[])[]): LeaderboardRun[] {
  return passes.flatMap((trials, f) =>
    trials.map((p, t) => ({ source, fixture: `f${f}`, trial: t + 1, identity: identity({ temperature }), passed: p === true, infrastructure: p === null, checks: {}, attack: null })),
  );
}

const allPass = (fixtures: number, trials: number) => Array.from({ length: fixtures }, () => Array.from({ length: trials }, () => true));

describe("the leaderboard's heat map and order", () => {
  it("a cell counts one candidate's judged runs of one fixture, leaves infrastructure out, and knows which runs it holds", () => {
    const input = [...runs("a", 0, [[true, false, null], [true]]), ...runs("b", 0.6, [[false], []])];
    const grid = fixtureGrid(input);
    expect(grid.fixtures).toEqual(["f0", "f1"]);
    const built = buildLeaderboard(input, { metric: "pass_rate", baseline: (rows) => rows[0]?.key ?? "" });
    if (!built.ok) throw new Error(built.message);
    // The grid's rows are the leaderboard's rows, by the same keys.
    expect([...grid.cells.keys()].sort()).toEqual(built.leaderboard.rows.map((r) => r.key).sort());
    const a = built.leaderboard.rows.find((r) => r.sources[0] === "a")?.key ?? "";
    expect(grid.cells.get(a)?.get("f0")).toEqual({ passed: 1, counted: 2, infrastructure: 1, rate: 0.5, runs: [0, 1, 2] });
    expect(grid.cells.get(a)?.get("f1")).toEqual({ passed: 1, counted: 1, infrastructure: 0, rate: 1, runs: [3] });
    const b = built.leaderboard.rows.find((r) => r.sources[0] === "b")?.key ?? "";
    expect(grid.cells.get(b)?.has("f1")).toBe(false);
  });

  it("a cell of only infrastructure failures has no rate", () => {
    const grid = fixtureGrid(runs("a", 0, [[null, null]]));
    expect([...grid.cells.values()][0]?.get("f0")).toMatchObject({ counted: 0, infrastructure: 2, rate: null });
  });

  it("rows regressions first, the largest first, then the rest best first", () => {
    const base = runs("base", 0, allPass(20, 1));
    const slightly = runs("slightly", 0.2, Array.from({ length: 20 }, (_, i) => [i >= 8]));
    const badly = runs("badly", 0.6, Array.from({ length: 20 }, (_, i) => [i >= 16]));
    const same = runs("same", 0.1, Array.from({ length: 20 }, (_, i) => [i !== 0]));
    const built = buildLeaderboard([...base, ...slightly, ...badly, ...same], { metric: "pass_rate", baseline: (rows) => rows.find((r) => r.sources[0] === "base")?.key ?? "" });
    if (!built.ok) throw new Error(built.message);
    expect(built.leaderboard.rows.map((r) => r.sources[0])).toEqual(["base", "same", "slightly", "badly"]);
    const ordered = regressionsFirst(built.leaderboard);
    expect(ordered.map((r) => [r.sources[0], r.metrics.pass_rate?.standing])).toEqual([
      ["badly", "worse"],
      ["slightly", "worse"],
      ["base", "baseline"],
      ["same", "not_distinguishable"],
    ]);
  });

  it("on a metric where lower is better, the larger rise is the larger regression", () => {
    const attacked = (source: string, seed: number, executed: (i: number) => boolean): LeaderboardRun[] =>
      Array.from({ length: 20 }, (_, i) => ({ source, fixture: `mx-${i}`, trial: 1, identity: identity({ seed }), passed: true, infrastructure: false, checks: {}, attack: { injected: true, attempted: executed(i), executed: executed(i) } }));
    const all = [...attacked("base", 1, () => false), ...attacked("some", 2, (i) => i < 8), ...attacked("most", 3, (i) => i < 18)];
    const built = buildLeaderboard(all, { metric: "asr_executed", baseline: (rows) => rows.find((r) => r.sources[0] === "base")?.key ?? "" });
    if (!built.ok) throw new Error(built.message);
    expect(regressionsFirst(built.leaderboard).map((r) => r.sources[0])).toEqual(["most", "some", "base"]);
  });
});
