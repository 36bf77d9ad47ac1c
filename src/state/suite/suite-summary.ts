import { Outcome } from "../../schemas/outcome.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { runDesign, type RunDesign, type SuiteDesign } from "./suite-design.ts";
import { SLICE_MS } from "../scheduling/yield-to-page.ts";

/** The words every count of runs is given in: passed, failed, infrastructure. */
export { describeCounts } from "../../evaluation/run-counts.ts";

// Everything the suite view derives from its runs, in one pass that can be taken a slice at a time:
// a figure of its own walk over every run and verdict, in a render, made a large suite's walks long
// tasks one after another.

export interface SuiteSummary {
  /** The runs summarised, in order: what the view shows until a newer summary is ready. */
  runs: readonly ScoredRun[];
  design: SuiteDesign;
  passed: number;
  /** Every check any run was judged on, in the order first met. */
  checks: string[];
  /** Pass rate per check over decided verdicts only (n/a says nothing about passing), in percent to one decimal. */
  rates: { check: string; rate: number }[];
  /** Runs per outcome, in the schema's order; outcomes no run reached are left out. */
  outcomes: { outcome: Outcome; count: number }[];
  /** The longest run label, in characters, as `labelLength` counts it. */
  longestLabel: number;
}

/** Takes the runs it was given one at a time, in order; their summary once every one is in. */
export class SuiteSummaryBuilder {
  readonly #runs: readonly ScoredRun[];
  readonly #byId: ReadonlyMap<string, Fixture>;
  readonly #labelLength: (run: ScoredRun) => number;
  readonly #designs: RunDesign[] = [];
  readonly #tally = new Map<string, { pass: number; fail: number }>();
  readonly #outcomes = new Map<string, number>();
  #passed = 0;
  #ok = 0;
  #regressions = 0;
  #failed = 0;
  #asDesigned = 0;
  #infrastructure = 0;
  #longestLabel = 0;

  constructor(runs: readonly ScoredRun[], fixtures: readonly Fixture[], labelLength: (run: ScoredRun) => number) {
    this.#runs = runs;
    this.#byId = new Map(fixtures.map((f) => [f.id, f]));
    this.#labelLength = labelLength;
  }

  get done(): boolean {
    return this.#designs.length >= this.#runs.length;
  }

  /** Adds the next run; false when every run was in already. */
  addNext(): boolean {
    const run = this.#runs[this.#designs.length];
    if (run === undefined) return false;
    const design = runDesign(run, this.#byId.get(run.fixture));
    this.#designs.push(design);
    if (design.ok) this.#ok += 1;
    if (design.status === "regression") this.#regressions += 1;
    if (design.status === "failed") this.#failed += 1;
    if (design.status === "as_designed") this.#asDesigned += 1;
    if (design.status === "infrastructure") this.#infrastructure += 1;
    if (run.passed) this.#passed += 1;
    this.#outcomes.set(run.outcome, (this.#outcomes.get(run.outcome) ?? 0) + 1);
    for (const v of run.verdicts) {
      let t = this.#tally.get(v.check);
      if (t === undefined) this.#tally.set(v.check, (t = { pass: 0, fail: 0 }));
      if (v.status === "pass") t.pass += 1;
      else if (v.status === "fail") t.fail += 1;
    }
    this.#longestLabel = Math.max(this.#longestLabel, this.#labelLength(run));
    return true;
  }

  /** The summary; only once every run is in (`done`), so it never names runs it has not counted. */
  result(): SuiteSummary {
    if (!this.done) throw new Error("the suite summary is not complete");
    const designs = this.#designs.slice();
    return {
      runs: this.#runs,
      design: { runs: designs, total: designs.length, ok: this.#ok, regressions: this.#regressions, failed: this.#failed, declared: this.#asDesigned + this.#regressions, infrastructure: this.#infrastructure },
      passed: this.#passed,
      checks: [...this.#tally.keys()],
      rates: [...this.#tally].filter(([, t]) => t.pass + t.fail > 0).map(([check, t]) => ({ check, rate: Math.round((t.pass / (t.pass + t.fail)) * 1000) / 10 })),
      outcomes: Outcome.options.flatMap((outcome) => {
        const count = this.#outcomes.get(outcome) ?? 0;
        return count > 0 ? [{ outcome, count }] : [];
      }),
      longestLabel: this.#longestLabel,
    };
  }
}

/** The summary of `runs`, all at once. */
export function suiteSummary(runs: readonly ScoredRun[], fixtures: readonly Fixture[], labelLength: (run: ScoredRun) => number): SuiteSummary {
  const builder = new SuiteSummaryBuilder(runs, fixtures, labelLength);
  while (builder.addNext());
  return builder.result();
}

/**
 * The summary of `runs`, built a slice at a time: between slices the page paints and handles input
 * (`pause`). Null when `cancelled` says so before the last run is added.
 */
export async function suiteSummaryInSlices(runs: readonly ScoredRun[], fixtures: readonly Fixture[], labelLength: (run: ScoredRun) => number, pause: () => Promise<void>, cancelled: () => boolean): Promise<SuiteSummary | null> {
  const builder = new SuiteSummaryBuilder(runs, fixtures, labelLength);
  while (!builder.done) {
    await pause();
    if (cancelled()) return null;
    const stop = performance.now() + SLICE_MS;
    // The clock is read every 64 runs: a run takes microseconds.
    for (let n = 1; builder.addNext() && (n % 64 !== 0 || performance.now() < stop); n++);
  }
  return builder.result();
}
