import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReason } from "../evaluation/reason.ts";
import { countRuns, describeCounts } from "../evaluation/run-counts.ts";
import { failedChecks } from "../scoring/score.ts";
import { runsJunit } from "../interop/junit.ts";

export const FORMATS = ["table", "json", "junit", "jsonl"] as const;
export type Format = (typeof FORMATS)[number];

export function formatRuns(runs: readonly ScoredRun[], format: Format): string {
  switch (format) {
    case "json":
      // Restricted diagnostics stay in memory for the table's reasons; they are never printed.
      return `${JSON.stringify(runs.map(({ diagnostics: _restricted, ...run }) => run), null, 2)}\n`;
    case "jsonl":
      return runs.map(({ diagnostics: _restricted, ...run }) => `${JSON.stringify(run)}\n`).join("");
    case "junit":
      return runsJunit(runs);
    case "table":
      return table(runs);
  }
}

function table(runs: readonly ScoredRun[]): string {
  const trials = runs.some((r) => r.trial !== undefined);
  const rows = runs.map((r) => [r.fixture, r.candidate, ...(trials ? [String(r.trial ?? "-")] : []), r.outcome, runReason(r), r.passed ? "PASS" : "FAIL", failedChecks(r.verdicts).join(", ") || "-"]);
  const head = ["fixture", "candidate", ...(trials ? ["trial"] : []), "outcome", "reason", "result", "failed checks"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line), "", describeCounts(countRuns(runs)), ""].join("\n");
}
