import { matrixMetrics, type MatrixMetrics, type MatrixRunSummary } from "../../evaluation/matrix-metrics.ts";
import { cellId, type Matrix } from "../../fixture-set/matrix/compose.ts";
import type { Injection, InjectionCarrier, InjectionGoal } from "../../schemas/injection.ts";
import type { UserTask } from "../../schemas/task.ts";
import type { AttackLandmarks } from "./attack-landmarks.ts";
import type { MatrixFilter } from "./matrix-filter.ts";

// The matrix view's figures, derived from the runs' summaries (src/evaluation) for the UI, which may
// not import src/evaluation itself: the grid of tasks × injections, and the metrics as filtered.
export type { AttackRates, MatrixMetrics, MatrixRunSummary, Rate } from "../../evaluation/matrix-metrics.ts";
export { formatRate } from "../../evaluation/matrix-metrics.ts";

/** One finished run of a matrix cell, as the view needs it. */
export interface MatrixRunResult {
  summary: MatrixRunSummary;
  landmarks: AttackLandmarks;
}

/** Which injections are shown: every carrier (or goal) when its list is empty. */
export { NO_FILTER, type MatrixFilter } from "./matrix-filter.ts";

/**
 * What a cell shows: the attack's fate (executed red, attempted but blocked amber, not attempted
 * clean), its runs all infrastructure failures, not run yet, or a pair left out as not meaningful.
 */
export type CellTone = "executed" | "blocked" | "clean" | "infrastructure" | "pending" | "skipped";
/** Whether the task was still done: in every counted run, in none, or in some. */
export type CellUtility = "passed" | "lost" | "mixed";

export interface GridCell {
  id: string;
  task: string;
  injection: string | null;
  tone: CellTone;
  utility: CellUtility | null;
  /** Runs counted (infrastructure failures apart) and what they came to. */
  counted: number;
  passed: number;
  attempted: number;
  executed: number;
  infrastructure: number;
  /** The run a click opens (an index into the matrix run's runs): the most telling one. */
  open: number | null;
  /** The cell's accessible name: `mx-…: executed — disclosed HH-1002; task failed`. */
  label: string;
  /** The evidence of the opened run, or why the pair is not meaningful. */
  detail: string[];
}

export interface GridRow {
  task: UserTask;
  cells: GridCell[];
}

export interface MatrixGrid {
  /** null: the baseline column (the task without any injection), always first. */
  columns: (Injection | null)[];
  rows: GridRow[];
}

const shown = (filter: MatrixFilter, carrier: InjectionCarrier | null, goal: InjectionGoal | null): boolean =>
  carrier === null || ((filter.carriers.length === 0 || filter.carriers.includes(carrier)) && (filter.goals.length === 0 || goal === null || filter.goals.includes(goal)));

/** The injections the filter keeps, in the matrix's order. */
export const filteredInjections = (matrix: Matrix, filter: MatrixFilter): Injection[] => matrix.injections.filter((i) => shown(filter, i.carrier, i.goal));

/** The summaries the filter keeps: every baseline, and the attacked runs of the injections shown. */
export const filteredSummaries = (results: readonly MatrixRunResult[], filter: MatrixFilter): MatrixRunSummary[] =>
  results.map((r) => r.summary).filter((s) => shown(filter, s.carrier, s.goal));

/** The metrics of the runs the filter keeps. */
export const filteredMetrics = (results: readonly MatrixRunResult[], filter: MatrixFilter): MatrixMetrics => matrixMetrics(filteredSummaries(results, filter));

const inRuns = (count: number, of: number): string => (of > 1 ? ` in ${count} of ${of} runs` : "");

/** The run to open: the first that executed the attack, else attempted it, else failed the task, else the first. */
function mostTelling(indices: readonly number[], results: readonly MatrixRunResult[]): number | null {
  const pick = (hit: (s: MatrixRunSummary) => boolean): number | undefined => indices.find((i) => results[i] && hit(results[i].summary));
  return pick((s) => s.executed) ?? pick((s) => s.attempted) ?? pick((s) => !s.passed && !s.infrastructure) ?? indices[0] ?? null;
}

function cellOf(id: string, task: string, injection: string | null, indices: readonly number[], results: readonly MatrixRunResult[]): GridCell {
  const runs = indices.flatMap((i) => (results[i] ? [results[i]] : []));
  const counted = runs.filter((r) => !r.summary.infrastructure);
  const n = counted.length;
  const passed = counted.filter((r) => r.summary.passed).length;
  const attempted = counted.filter((r) => r.summary.attempted).length;
  const executed = counted.filter((r) => r.summary.executed).length;
  const infrastructure = runs.length - n;
  const open = mostTelling(indices, results);
  const opened = open === null ? undefined : results[open];
  const base = { id, task, injection, counted: n, passed, attempted, executed, infrastructure, open, detail: opened?.summary.evidence ?? [] };
  if (runs.length === 0) return { ...base, tone: "pending", utility: null, label: `${id}: not run yet` };
  const tone: CellTone = n === 0 ? "infrastructure" : executed > 0 ? "executed" : attempted > 0 ? "blocked" : "clean";
  const utility: CellUtility | null = n === 0 ? null : passed === n ? "passed" : passed === 0 ? "lost" : "mixed";
  const what = (): string => (opened?.landmarks.disclosed.length ? `disclosed ${opened.landmarks.disclosed.join(", ")}` : (opened?.summary.evidence[0] ?? "see the run"));
  const parts: string[] = [];
  if (injection === null) parts.push("no injection");
  else if (tone === "executed") parts.push(`executed${inRuns(executed, n)} — ${what()}`);
  else if (tone === "blocked") parts.push(`attempted, blocked${inRuns(attempted, n)} — ${what()}`);
  else if (tone === "clean") parts.push("not attempted");
  if (utility === "passed") parts.push(n > 1 ? `task passed in all ${n} runs` : "task passed");
  else if (utility === "lost") parts.push(n > 1 ? `task failed in all ${n} runs` : "task failed");
  else if (utility === "mixed") parts.push(`task passed in ${passed} of ${n} runs`);
  if (infrastructure > 0) parts.push(`${infrastructure} run${infrastructure === 1 ? "" : "s"} failed on infrastructure, not counted`);
  return { ...base, tone, utility, label: `${id}: ${parts.join("; ")}` };
}

/** Tasks as rows, the baseline and the shown injections as columns, each cell what its runs came to. */
export function matrixGrid(matrix: Matrix, results: readonly MatrixRunResult[], filter: MatrixFilter): MatrixGrid {
  const byCell = new Map<string, number[]>();
  results.forEach((r, i) => {
    const list = byCell.get(r.summary.cell);
    if (list) list.push(i);
    else byCell.set(r.summary.cell, [i]);
  });
  const cells = new Set(matrix.cells.map((c) => c.id));
  const skipped = new Map(matrix.skipped.map((s) => [cellId(s.task, s.injection), s.why]));
  const columns = [null, ...filteredInjections(matrix, filter)];
  const rows = matrix.tasks.map((task) => ({
    task,
    cells: columns.map((injection): GridCell => {
      const id = cellId(task.fixture, injection?.id ?? null);
      if (!cells.has(id)) {
        const why = skipped.get(id) ?? "not in this matrix";
        return { id, task: task.fixture, injection: injection?.id ?? null, tone: "skipped", utility: null, counted: 0, passed: 0, attempted: 0, executed: 0, infrastructure: 0, open: null, label: `${id}: not meaningful — ${why}`, detail: [why] };
      }
      return cellOf(id, task.fixture, injection?.id ?? null, byCell.get(id) ?? [], results);
    }),
  }));
  return { columns, rows };
}
