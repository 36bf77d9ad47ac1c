import { describe, expect, it } from "vitest";
import { mergeShards, type ShardOutput } from "../../src/evaluation/merge.ts";
import type { EvaluationPlan, ScoredRunExport } from "../../src/schemas/export.ts";

// Merging reads only a run's fixture, candidate and trial: the runs here are those and nothing else.
const run = (fixture: string, trial: number): ScoredRunExport => ({ fixture: { id: fixture }, candidate: { name: "reference" }, trial }) as unknown as ScoredRunExport;
const plan = (index: number, count = 2): EvaluationPlan => ({ fixtures: ["a", "b"], candidates: ["reference"], trials: 1, shard: { index, count } });
/** Shard 1 of 2 runs fixture a, shard 2 fixture b (planJobs deals jobs out in turn). */
const shard1: ShardOutput = { name: "s1.jsonl", plan: plan(1), runs: [run("a", 1)] };
const shard2: ShardOutput = { name: "s2.jsonl", plan: plan(2), runs: [run("b", 1)] };

describe("merging shards refuses with a code and the shard (and run) to blame", () => {
  it("joins every shard of one plan into the plan's runs", () => {
    expect(mergeShards([shard2, shard1])).toMatchObject({ ok: true, runs: [{ fixture: { id: "a" } }, { fixture: { id: "b" } }] });
  });

  it.each([
    ["no file", [], { code: "no_plan", at: {} }],
    ["a file without a plan", [{ ...shard1, plan: undefined }], { code: "no_plan", at: { file: "s1.jsonl" } }],
    ["a shard of another plan", [shard1, { ...shard2, plan: { ...plan(2), trials: 3 } }], { code: "other_plan", at: { file: "s2.jsonl" } }],
    ["the same shard twice", [shard1, { ...shard1, name: "copy.jsonl" }], { code: "overlap", at: { file: "copy.jsonl" } }],
    ["a shard missing", [shard1], { code: "missing", at: {} }],
    ["a run its shard does not plan", [shard1, { ...shard2, runs: [run("b", 1), run("a", 1)] }], { code: "unplanned", at: { file: "s2.jsonl", run: 1 } }],
    ["a shard cut short", [shard1, { ...shard2, runs: [] }], { code: "missing", at: {} }],
  ] as const)("%s", (_what, outputs, refusal) => {
    const merged = mergeShards(outputs as readonly ShardOutput[]);
    expect(merged.ok ? merged : { code: merged.code, at: merged.at }).toEqual(refusal);
  });

  it("the same code reads the same way: a missing shard names it", () => {
    const merged = mergeShards([shard1]);
    expect(!merged.ok && merged.message).toBe("shard(s) 2/2 missing");
  });
});
