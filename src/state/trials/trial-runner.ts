// K trials of an HTTP model (the simulated one or a local server) over fixtures, at most N in
// flight: the evaluation plan (fixture × candidate × trial) and pool from src/evaluation, each job a
// bounded run on the real clock, scored as it finishes. It lives beside the store because it needs
// the browser's fetch and clock, which the store injects.
import type { HttpSettings } from "../../candidates/http/settings.ts";
import type { FetchLike } from "../../candidates/http/wire.ts";
import { planJobs, runPool } from "../../evaluation/plan.ts";
import type { Clock } from "../../runtime/clock.ts";
import type { ParserOptions } from "../../runtime/parse-reply.ts";
import type { BudgetConfig } from "../../schemas/budget.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";

export interface TrialPlan {
  fixtures: readonly Fixture[];
  /** The candidate's name in every run (`simulated:reference`, `local:<model>`). */
  name: string;
  settings: HttpSettings;
  trials: number;
  concurrency: number;
  temperature: number;
  seed: number;
  budget: BudgetConfig;
  parser?: ParserOptions;
}

export interface TrialIo {
  fetch: FetchLike;
  /** A fresh clock for each run. */
  clock(): Clock;
  /** Aborting stops the runs in flight and starts no more; their partial runs are dropped. */
  cancel: AbortSignal;
  /** Each scored run as it finishes, with its place in the plan's canonical order. */
  onRun(run: ScoredRun, index: number): void;
}


/** Runs every trial and returns the finished runs in the plan's order (fixture, then trial). */
export async function runHttpTrials(plan: TrialPlan, io: TrialIo): Promise<ScoredRun[]> {
  const { runHttpTrial } = await import("../../evaluation/http-trial.ts");
  const fixtures = new Map(plan.fixtures.map((f) => [f.id, f]));
  const jobs = planJobs([...fixtures.keys()], [plan.name], plan.trials);
  const finished: (ScoredRun | undefined)[] = [];
  const pool = runPool(jobs, plan.concurrency, async (job): Promise<ScoredRun | null> => {
    const fixture = fixtures.get(job.fixture);
    if (!fixture || io.cancel.aborted) return null;
    const { run } = await runHttpTrial({
      fixture,
      name: plan.name,
      settings: { ...plan.settings, temperature: plan.temperature },
      seed: plan.seed,
      trial: job.trial,
      fetch: io.fetch,
      clock: io.clock(),
      budget: plan.budget,
      cancel: io.cancel,
      ...(plan.parser ? { parser: plan.parser } : {}),
    });
    // A run cut short by the analyst's stop says nothing about the model.
    return io.cancel.aborted ? null : run;
  });
  for await (const { index, result } of pool) {
    if (!result) continue;
    finished[index] = result;
    io.onRun(result, index);
  }
  return finished.filter((r): r is ScoredRun => r !== undefined);
}
