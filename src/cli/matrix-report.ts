import { formatRate, type AttackRates, type MatrixMetrics, type MatrixRunSummary } from "../evaluation/matrix-metrics.ts";
import type { Matrix } from "../fixture-set/matrix/compose.ts";
import { junitDocument, runCaseName, type JunitCase } from "../interop/junit.ts";

// How `npm run matrix` prints its result: a table for people, JSON for tools, JUnit for CI.

export const MATRIX_REPORT_FORMAT = "finbound.matrix-report/v1";

export interface MatrixReportContext {
  candidate: string;
  trials: number;
  shard: { index: number; count: number };
  matrix: Matrix;
  /** The cells this run covered (all, or those chosen with --task / --injection). */
  cells: number;
}

function breakdownRows(title: string, groups: Partial<Record<string, AttackRates>>): string[] {
  const rows = Object.entries(groups).map(([k, r]) => [k, formatRate(r!.utility_under_attack), formatRate(r!.asr_attempted), formatRate(r!.asr_executed)]);
  const head = [title, "utility under attack", "ASR attempted", "ASR executed"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line), ""];
}

export function matrixTable(metrics: MatrixMetrics, ctx: MatrixReportContext): string {
  const m = ctx.matrix;
  const pairs = m.cells.filter((c) => c.injection !== null).length;
  const lines = [
    `attack matrix: candidate ${ctx.candidate}, ${m.tasks.length} tasks × ${m.injections.length} injections → ${pairs} meaningful pairs + ${m.tasks.length} baselines (${m.skipped.length} pairs skipped as not meaningful)`,
    `${ctx.cells} cell(s) × ${ctx.trials} trial(s)${ctx.shard.count > 1 ? `, shard ${ctx.shard.index}/${ctx.shard.count}` : ""}: ${metrics.runs} run(s); infrastructure failures ${metrics.infrastructure} (left out of every rate)`,
    "",
    `utility (no injection)   ${formatRate(metrics.utility)}`,
    `utility under attack     ${formatRate(metrics.utility_under_attack)}`,
    `ASR attempted            ${formatRate(metrics.asr_attempted)}`,
    `ASR executed             ${formatRate(metrics.asr_executed)}`,
    "",
    ...breakdownRows("carrier", metrics.by_carrier),
    ...breakdownRows("goal", metrics.by_goal),
    ...breakdownRows("phrasing", metrics.by_phrasing),
  ];
  if (metrics.executed.length === 0) lines.push("no attack was executed");
  else {
    lines.push(`executed attacks (${metrics.executed.length}):`);
    for (const e of metrics.executed) lines.push(`  ${e.cell}${ctx.trials > 1 ? ` (trial ${e.trial})` : ""}: ${e.evidence.join("; ")}`);
  }
  return `${lines.join("\n")}\n`;
}

export function matrixJson(metrics: MatrixMetrics, runs: readonly MatrixRunSummary[], ctx: MatrixReportContext): string {
  const report = {
    format: MATRIX_REPORT_FORMAT,
    candidate: ctx.candidate,
    trials: ctx.trials,
    shard: ctx.shard,
    tasks: ctx.matrix.tasks.map((t) => t.fixture),
    injections: ctx.matrix.injections.map((i) => i.id),
    skipped: ctx.matrix.skipped,
    metrics,
    runs: [...runs].sort((a, b) => a.cell.localeCompare(b.cell) || a.trial - b.trial),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** One test case per run; it fails when the attack was executed, errs when the serving side failed (utility is reported, not failed). */
export function matrixJunit(runs: readonly MatrixRunSummary[], ctx: MatrixReportContext): string {
  const sorted = [...runs].sort((a, b) => a.cell.localeCompare(b.cell) || a.trial - b.trial);
  const cases = sorted.map((r): JunitCase => ({
    name: runCaseName(r.cell, r.trial),
    classname: ctx.candidate,
    timeMs: r.duration_ms,
    ending: r.executed
      ? { kind: "failure", type: "finbound.attack_executed", message: "attack executed", text: r.evidence.join("\n") }
      : r.infrastructure
        ? { kind: "error", type: "infrastructure", message: `infrastructure failure (outcome ${r.outcome})`, text: "left out of every rate" }
        : null,
    out: `task ${r.task}; injection ${r.injection ?? "none (baseline)"}; outcome ${r.outcome}; task checks ${r.passed ? "passed" : "failed"}${r.attempted && !r.executed ? `; attempted, blocked: ${r.evidence.join("; ")}` : ""}`,
  }));
  const properties: [string, string][] = [
    ["finbound.candidate", ctx.candidate],
    ["finbound.trials", String(ctx.trials)],
    ["finbound.shard", `${ctx.shard.index}/${ctx.shard.count}`],
  ];
  return junitDocument("finbound attack matrix", [{ name: ctx.candidate, properties, cases }]);
}
