import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReason } from "../evaluation/reason.ts";
import { isInfrastructureFailure } from "../evaluation/reliability.ts";
import { countRuns, describeCounts } from "../evaluation/run-counts.ts";
import { failedChecks } from "../scoring/score.ts";

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
      return junit(runs);
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

const xml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JUnit's own words for the three counts: a failure is a run judged and failed; an error, a run the serving side failed (never judged). */
function junit(runs: readonly ScoredRun[]): string {
  const { failed, infrastructure } = countRuns(runs);
  const cases = runs.map((r) => {
    const failedVerdicts = r.verdicts.filter((v) => v.status === "fail");
    const body = isInfrastructureFailure(r)
      ? `\n      <error message="${xml(`infrastructure: ${String(r.result.policy_code)}`)}">${xml(r.result.message)}</error>\n    `
      : failedVerdicts.length === 0
        ? ""
        : `\n      <failure message="${xml(failedVerdicts.map((v) => v.check).join(", "))}">${xml(failedVerdicts.map((v) => `${v.check}: ${v.explanation}`).join("\n"))}</failure>\n    `;
    return `    <testcase classname="${xml(r.fixture)}" name="${xml(r.candidate)}">${body}</testcase>`;
  });
  const counts = `tests="${runs.length}" failures="${failed}"${infrastructure > 0 ? ` errors="${infrastructure}"` : ""}`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="finbound" ${counts}>`,
    `  <testsuite name="finbound" ${counts}>`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}
