import { describe, expect, it } from "vitest";
import { anyWorse, buildLeaderboard, type CandidateIdentity, type LeaderboardRun } from "../../src/evaluation/leaderboard.ts";
import { mcnemarExact, wilson } from "../../src/evaluation/statistics.ts";

const identity = (over: Partial<CandidateIdentity> = {}): CandidateIdentity => ({
  name: "http:m",
  protocol: "json",
  reported_model: "m.gguf",
  temperature: 0.2,
  seed: 1,
  budget: "{}",
  lenient_fence: false,
  ...over,
});

function run(over: Partial<LeaderboardRun> & { fixture: string }): LeaderboardRun {
  return { source: "a.jsonl", trial: 1, identity: identity(), passed: true, infrastructure: false, checks: {}, attack: null, ...over };
}

/** One candidate's runs: per fixture, how many of its trials passed. */
function runs(source: string, id: Partial<CandidateIdentity>, passes: readonly (readonly boolean[])[]): LeaderboardRun[] {
  return passes.flatMap((trials, f) => trials.map((passed, t) => run({ source, fixture: `f${f}`, trial: t + 1, identity: identity(id), passed })));
}

const byFile = (file: string) => (rows: readonly { key: string; sources: string[] }[]) => rows.find((r) => r.sources.includes(file))?.key ?? "";

describe("leaderboard", () => {
  it("never pools runs at different settings: one name at two temperatures is two candidates, and says so", () => {
    const all = [...runs("a.jsonl", { temperature: 0 }, [[true], [true]]), ...runs("a.jsonl", { temperature: 0.6 }, [[false], [true]])];
    const built = buildLeaderboard(all, { metric: "pass_rate", baseline: (rows) => rows[0]?.key ?? "" });
    expect(built.ok && built.leaderboard.rows.map((r) => r.label)).toEqual(["http:m (temperature 0)", "http:m (temperature 0.6)"]);
    expect(built.ok && built.leaderboard.splits).toEqual([{ name: "http:m", settings: ["temperature"], rows: ["http:m (temperature 0)", "http:m (temperature 0.6)"] }]);
  });

  it("a run that never heard which model answered joins its candidate's model", () => {
    const all = [run({ fixture: "f0" }), run({ fixture: "f1", identity: identity({ reported_model: null }), passed: false, infrastructure: true })];
    const built = buildLeaderboard(all, { metric: "pass_rate", baseline: (rows) => rows[0]?.key ?? "" });
    expect(built.ok && built.leaderboard.rows.map((r) => [r.runs, r.infrastructure])).toEqual([[2, 1]]);
  });

  it("one trial per fixture: Wilson intervals and McNemar's exact test on the shared fixtures", () => {
    // Baseline passes all 12; the other fails 10 of them: b = 10, c = 0 → p = 2/1024, worse.
    const a = runs("a.jsonl", {}, Array.from({ length: 12 }, () => [true]));
    const b = runs("b.jsonl", { seed: 2 }, Array.from({ length: 12 }, (_, i) => [i < 2]));
    const built = buildLeaderboard([...a, ...b], { metric: "pass_rate", baseline: byFile("a.jsonl") });
    if (!built.ok) throw new Error(built.message);
    const [first, second] = built.leaderboard.rows;
    expect(first?.metrics.pass_rate).toMatchObject({ estimate: wilson(12, 12), standing: "baseline" });
    expect(second?.metrics.pass_rate?.estimate).toEqual(wilson(2, 12));
    expect(second?.metrics.pass_rate?.difference).toMatchObject({ method: "mcnemar_exact", p: mcnemarExact(10, 0), shared: 12 });
    expect(second?.metrics.pass_rate?.standing).toBe("worse");
    expect(anyWorse(built.leaderboard)).toBe(true);
  });

  it("a lower attack success rate is better, and ranks first", () => {
    const matrix = (source: string, seed: number, executed: (i: number) => boolean): LeaderboardRun[] =>
      Array.from({ length: 20 }, (_, i) => run({ source, fixture: `mx-${i}`, identity: identity({ seed }), attack: { injected: true, attempted: executed(i), executed: executed(i) } }));
    const all = [...matrix("a.jsonl", 1, (i) => i < 15), ...matrix("b.jsonl", 2, () => false)];
    const built = buildLeaderboard(all, { metric: "asr_executed", baseline: byFile("a.jsonl") });
    if (!built.ok) throw new Error(built.message);
    expect(built.leaderboard.rows.map((r) => [r.sources[0], r.metrics.asr_executed?.standing])).toEqual([
      ["b.jsonl", "better"],
      ["a.jsonl", "baseline"],
    ]);
    expect(anyWorse(built.leaderboard)).toBe(false);
  });

  it("keeps a file's runs as their own rows unless pooled", () => {
    const all = [...runs("a.jsonl", {}, [[true, false]]), ...runs("b.jsonl", {}, [[true, true]])];
    const apart = buildLeaderboard(all, { metric: "pass_rate", baseline: byFile("a.jsonl") });
    expect(apart.ok && apart.leaderboard.rows.map((r) => r.label)).toEqual(["http:m [b.jsonl]", "http:m [a.jsonl]"]);
    const pooled = buildLeaderboard(all, { metric: "pass_rate", pool: true, baseline: (rows) => rows[0]?.key ?? "" });
    expect(pooled.ok && pooled.leaderboard.rows.map((r) => [r.runs, r.sources])).toEqual([[4, ["a.jsonl", "b.jsonl"]]]);
  });

  it("refuses a metric the runs do not give, with a code", () => {
    expect(buildLeaderboard(runs("a.jsonl", {}, [[true]]), { metric: "utility", baseline: () => "" })).toMatchObject({ ok: false, code: "no_metric" });
    expect(buildLeaderboard([], { metric: "pass_rate", baseline: () => "" })).toMatchObject({ ok: false, code: "no_runs" });
  });
});
