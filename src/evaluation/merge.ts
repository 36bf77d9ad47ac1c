import type { EvaluationPlan, ScoredRunExport } from "../schemas/export.ts";
import { jobKey, jobsOfShard, planJobs, type Job } from "./plan.ts";

/** One shard's output as merge reads it: the plan it ran under and its sealed runs. */
export interface ShardOutput {
  name: string;
  plan: EvaluationPlan | undefined;
  runs: readonly ScoredRunExport[];
}

export type MergeResult = { ok: true; plan: EvaluationPlan; runs: ScoredRunExport[] } | { ok: false; code: "no_plan" | "other_plan" | "overlap" | "missing" | "unplanned"; message: string };

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
  if (!first?.plan) return { ok: false, code: "no_plan", message: `${first?.name ?? "no file"}: no evaluation plan in the file (write shards with npm run eval -- --shard I/N --format jsonl)` };
  const plan = first.plan;
  const seenShards = new Map<number, string>();
  for (const o of outputs) {
    if (!o.plan) return { ok: false, code: "no_plan", message: `${o.name}: no evaluation plan in the file` };
    if (!samePlan(o.plan, plan)) return { ok: false, code: "other_plan", message: `${o.name}: a shard of another evaluation (fixtures, candidates, trials or shard count differ from ${first.name})` };
    const other = seenShards.get(o.plan.shard.index);
    if (other) return { ok: false, code: "overlap", message: `${o.name} and ${other} are both shard ${o.plan.shard.index}/${plan.shard.count}` };
    seenShards.set(o.plan.shard.index, o.name);
  }
  const missingShards = Array.from({ length: plan.shard.count }, (_, i) => i + 1).filter((i) => !seenShards.has(i));
  if (missingShards.length > 0) return { ok: false, code: "missing", message: `shard(s) ${missingShards.map((i) => `${i}/${plan.shard.count}`).join(", ")} missing` };

  const all = planJobs(plan.fixtures, plan.candidates, plan.trials);
  const byKey = new Map<string, { run: ScoredRunExport; from: string }>();
  for (const o of outputs) {
    const shard = (o.plan as EvaluationPlan).shard;
    const expected = new Set(jobsOfShard(all, shard).map(jobKey));
    for (const run of o.runs) {
      const key = jobKey(jobOf(run));
      const label = `${run.fixture.id} / ${run.candidate.name} trial ${run.trial ?? 1}`;
      if (!expected.has(key)) return { ok: false, code: "unplanned", message: `${o.name}: ${label} is not in shard ${shard.index}/${shard.count} of the plan` };
      const prior = byKey.get(key);
      if (prior) return { ok: false, code: "overlap", message: `${label} is in both ${prior.from} and ${o.name}` };
      byKey.set(key, { run, from: o.name });
    }
  }
  const missing = all.filter((j) => !byKey.has(jobKey(j)));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).map((j) => `${j.fixture} trial ${j.trial}`).join(", ");
    return { ok: false, code: "missing", message: `${missing.length} planned run(s) missing (${shown}${missing.length > 5 ? ", …" : ""}): a shard was cut short` };
  }
  return { ok: true, plan: { ...plan, shard: { index: 1, count: 1 } }, runs: all.map((j) => (byKey.get(jobKey(j)) as { run: ScoredRunExport }).run) };
}
