import type { Refusal } from "../files/refusal.ts";
import type { EvaluationPlan, ScoredRunExport } from "../schemas/export.ts";
import { jobKey, jobsOfShard, planJobs, type Job } from "./plan.ts";

/** One shard's output as merge reads it: the plan it ran under and its sealed runs. */
export interface ShardOutput {
  name: string;
  plan: EvaluationPlan | undefined;
  runs: readonly ScoredRunExport[];
}

export const MERGE_PROBLEM_CODES = ["no_plan", "other_plan", "overlap", "missing", "unplanned"] as const;
export type MergeProblemCode = (typeof MERGE_PROBLEM_CODES)[number];

/** A merge refused: `at.file` the shard to blame (absent when none is), `at.run` the run's index in it. */
export type MergeResult = { ok: true; plan: EvaluationPlan; runs: ScoredRunExport[] } | Refusal<MergeProblemCode>;

/** What a refused merge knows beside its code: its words are made from this alone (describeMergeProblem). */
type MergeProblemDetail =
  | { code: "no_plan"; file: string | undefined }
  | { code: "other_plan"; file: string; first: string }
  | { code: "overlap"; file: string; shard: { index: number; count: number }; other: string }
  | { code: "overlap"; file: string; run: number; label: string; other: string }
  | { code: "missing"; shards: readonly number[]; count: number }
  | { code: "missing"; jobs: readonly Job[] }
  | { code: "unplanned"; file: string; run: number; label: string; shard: { index: number; count: number } };

export function describeMergeProblem(detail: MergeProblemDetail): string {
  switch (detail.code) {
    case "no_plan":
      return `${detail.file ?? "no file"}: no evaluation plan in the file (write shards with npm run eval -- --shard I/N --format jsonl)`;
    case "other_plan":
      return `${detail.file}: a shard of another evaluation (fixtures, candidates, trials or shard count differ from ${detail.first})`;
    case "overlap":
      return "shard" in detail ? `${detail.file} and ${detail.other} are both shard ${detail.shard.index}/${detail.shard.count}` : `${detail.label} is in both ${detail.other} and ${detail.file}`;
    case "missing": {
      if ("shards" in detail) return `shard(s) ${detail.shards.map((i) => `${i}/${detail.count}`).join(", ")} missing`;
      const shown = detail.jobs.slice(0, 5).map((j) => `${j.fixture} trial ${j.trial}`).join(", ");
      return `${detail.jobs.length} planned run(s) missing (${shown}${detail.jobs.length > 5 ? ", …" : ""}): a shard was cut short`;
    }
    case "unplanned":
      return `${detail.file}: ${detail.label} is not in shard ${detail.shard.index}/${detail.shard.count} of the plan`;
  }
}

const refuse = (detail: MergeProblemDetail): Refusal<MergeProblemCode> => ({
  ok: false,
  code: detail.code,
  at: { ...("file" in detail && detail.file !== undefined ? { file: detail.file } : {}), ...("run" in detail ? { run: detail.run } : {}) },
  message: describeMergeProblem(detail),
});

const jobOf = (run: ScoredRunExport): Job => ({ fixture: run.fixture.id, candidate: run.candidate.name, trial: run.trial ?? 1 });
const samePlan = (a: EvaluationPlan, b: EvaluationPlan): boolean =>
  a.trials === b.trials && a.shard.count === b.shard.count && a.fixtures.join("\n") === b.fixtures.join("\n") && a.candidates.join("\n") === b.candidates.join("\n");

/**
 * Joins shard outputs into the one suite the plan describes: every shard of the same plan exactly
 * once, every planned run exactly once, in the plan's order. Overlapping or missing shards, and
 * runs the plan does not hold, are refused with what is wrong.
 */
export function mergeShards(outputs: readonly ShardOutput[]): MergeResult {
  const first = outputs[0];
  if (!first?.plan) return refuse({ code: "no_plan", file: first?.name });
  const plan = first.plan;
  const seenShards = new Map<number, string>();
  for (const o of outputs) {
    if (!o.plan) return refuse({ code: "no_plan", file: o.name });
    if (!samePlan(o.plan, plan)) return refuse({ code: "other_plan", file: o.name, first: first.name });
    const other = seenShards.get(o.plan.shard.index);
    if (other) return refuse({ code: "overlap", file: o.name, shard: { index: o.plan.shard.index, count: plan.shard.count }, other });
    seenShards.set(o.plan.shard.index, o.name);
  }
  const missingShards = Array.from({ length: plan.shard.count }, (_, i) => i + 1).filter((i) => !seenShards.has(i));
  if (missingShards.length > 0) return refuse({ code: "missing", shards: missingShards, count: plan.shard.count });

  const all = planJobs(plan.fixtures, plan.candidates, plan.trials);
  const byKey = new Map<string, { run: ScoredRunExport; from: string }>();
  for (const o of outputs) {
    const shard = (o.plan as EvaluationPlan).shard;
    const expected = new Set(jobsOfShard(all, shard).map(jobKey));
    for (const [i, run] of o.runs.entries()) {
      const key = jobKey(jobOf(run));
      const label = `${run.fixture.id} / ${run.candidate.name} trial ${run.trial ?? 1}`;
      if (!expected.has(key)) return refuse({ code: "unplanned", file: o.name, run: i, label, shard });
      const prior = byKey.get(key);
      if (prior) return refuse({ code: "overlap", file: o.name, run: i, label, other: prior.from });
      byKey.set(key, { run, from: o.name });
    }
  }
  const missing = all.filter((j) => !byKey.has(jobKey(j)));
  if (missing.length > 0) return refuse({ code: "missing", jobs: missing });
  return { ok: true, plan: { ...plan, shard: { index: 1, count: 1 } }, runs: all.map((j) => (byKey.get(jobKey(j)) as { run: ScoredRunExport }).run) };
}
