import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReason } from "../evaluation/reason.ts";
import { countRuns, describeCounts, type RunCounts } from "../evaluation/run-counts.ts";
import { failedChecks } from "../scoring/verdict.ts";
import { casesJunit, runCase, type JunitCase } from "../interop/junit.ts";

export const FORMATS = ["table", "json", "junit", "jsonl"] as const;
export type Format = (typeof FORMATS)[number];

/** A report written run by run, as the runs are scored: nothing of a run is held but what the report still needs. */
export interface RunReport {
  add(run: ScoredRun): void;
  /** Writes what only the whole report knows (the table's widths and counts, JUnit's totals, JSON's closing bracket). */
  end(): void;
}

export interface ReportOptions {
  /** JSON and JSONL carry every run's events; without them a run is its verdicts, result and counts. */
  events: boolean;
}

/** A run as JSON and JSONL print it. Restricted diagnostics stay in memory for the table's reasons; they are never printed. */
function printed(run: ScoredRun, options: ReportOptions): Omit<ScoredRun, "diagnostics" | "events"> {
  const { diagnostics: _restricted, ...kept } = run;
  if (options.events) return kept;
  const { events: _events, ...summary } = kept;
  return summary;
}

/**
 * The report in `format`, handed to `write` piece by piece. JSON and JSONL are written as each run
 * is added (the JSON byte for byte as one JSON.stringify of the whole array, indented by 2); the
 * table and JUnit keep a row or a test case per run and are written at the end.
 */
export function runReport(format: Format, write: (text: string) => void, options: ReportOptions): RunReport {
  switch (format) {
    case "json": {
      let first = true;
      // The element as it stands inside an indented array: `[\n  {…}\n]` without its brackets.
      const element = alikeOnce(
        options,
        (run) => JSON.stringify([run], null, 2).slice(2, -2),
        (text) => text.slice(0, -"\n  }".length),
        (trial) => `,\n    "trial": ${trial}\n  }`,
      );
      return {
        add(run) {
          write(first ? "[\n" : ",\n");
          for (const part of element(run)) write(part);
          first = false;
        },
        end: () => write(first ? "[]\n" : "\n]\n"),
      };
    }
    case "jsonl": {
      const line = alikeOnce(
        options,
        (run) => JSON.stringify(run),
        (text) => text.slice(0, -1),
        (trial) => `,"trial":${trial}}`,
      );
      return {
        add(run) {
          for (const part of line(run)) write(part);
          write("\n");
        },
        end: () => undefined,
      };
    }
    case "junit": {
      const cases: JunitCase[] = [];
      return { add: (run) => void cases.push(runCase(run)), end: () => write(casesJunit(cases)) };
    }
    case "table": {
      const table = tableReport();
      return { add: table.add, end: () => write(table.text()) };
    }
  }
}

/**
 * A run's JSON text in parts, written once for alike runs. Trials replayed once (TraceScorer) share
 * every part but their trial, and in plan order they come one after another, so the text of the
 * last run without its trial is kept, open (`open`: without its closing brace), and a run whose
 * every other part is the very same value is that open text and its own trial, put in last where
 * JSON.stringify puts it (trial is a run's last member). The same text each time, so its bytes can be kept too.
 */
function alikeOnce(options: ReportOptions, text: (run: object) => string, open: (text: string) => string, trialAndClose: (trial: number) => string): (run: ScoredRun) => readonly string[] {
  let last: { run: ScoredRun; keys: readonly string[]; open: string } | null = null;
  return (run) => {
    const keys = Object.keys(run);
    if (run.trial === undefined || keys.at(-1) !== "trial") return [text(printed(run, options))];
    if (last === null || !alikeButTrial(last, run, keys)) {
      const { trial: _trial, ...parts } = printed(run, options);
      last = { run, keys, open: open(text(parts)) };
    }
    return [last.open, trialAndClose(run.trial)];
  };
}

/** Whether a run has the last one's keys, in its order, each holding the very same value but its trial. */
function alikeButTrial(last: { run: object; keys: readonly string[] }, run: object, keys: readonly string[]): boolean {
  if (keys.length !== last.keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== last.keys[i] || (key !== "trial" && (run as Record<string, unknown>)[key] !== (last.run as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The whole report as one string, for a caller that holds every run anyway. */
export function formatRuns(runs: readonly ScoredRun[], format: Format, options: ReportOptions = { events: true }): string {
  const parts: string[] = [];
  const report = runReport(format, (text) => void parts.push(text), options);
  for (const run of runs) report.add(run);
  report.end();
  return parts.join("");
}

/** The table: a row per run, then the counts. The rows are kept as text, never the runs. */
export function tableReport(): { add(run: ScoredRun): void; text(): string } {
  const rows: { cells: string[]; trial: string | null }[] = [];
  const counts: RunCounts = { runs: 0, passed: 0, failed: 0, infrastructure: 0 };
  // Alike runs (replayed once) share their verdicts, result and events: their row is worked out once.
  let last: { run: ScoredRun; cells: string[]; counts: RunCounts } | null = null;
  return {
    add(r) {
      if (last === null || !sameRow(last.run, r)) {
        last = { run: r, cells: [r.fixture, r.candidate, r.outcome, runReason(r), r.passed ? "PASS" : "FAIL", failedChecks(r.verdicts).join(", ") || "-"], counts: countRuns([r]) };
      }
      rows.push({ cells: last.cells, trial: r.trial === undefined ? null : String(r.trial) });
      for (const key of ["runs", "passed", "failed", "infrastructure"] as const) counts[key] += last.counts[key];
    },
    text: () => table(rows, counts),
  };
}

const sameRow = (a: ScoredRun, b: ScoredRun): boolean =>
  a.verdicts === b.verdicts && a.result === b.result && a.events === b.events && a.diagnostics === b.diagnostics && a.fixture === b.fixture && a.candidate === b.candidate && a.outcome === b.outcome && a.passed === b.passed;

function table(rows: readonly { cells: string[]; trial: string | null }[], counts: RunCounts): string {
  const trials = rows.some((r) => r.trial !== null);
  const head = ["fixture", "candidate", ...(trials ? ["trial"] : []), "outcome", "reason", "result", "failed checks"];
  // The column of a row's cell: with trials, the trial's column sits after the first two.
  const column = (j: number): number => (trials && j >= 2 ? j + 1 : j);
  // A loop, not Math.max(...): a table of a million rows is no argument list. Alike runs share their cells, measured once.
  const widths = head.map((h) => h.length);
  let measured: readonly string[] | null = null;
  for (const { cells, trial } of rows) {
    if (trials) widths[2] = Math.max(widths[2] ?? 0, (trial ?? "-").length);
    if (cells === measured) continue;
    measured = cells;
    for (const [j, cell] of cells.entries()) widths[column(j)] = Math.max(widths[column(j)] ?? 0, cell.length);
  }
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
  // A row's line is its cells' line with its own trial put in, the rest made once for alike runs' cells.
  let last: { cells: readonly string[]; before: string; after: string } | null = null;
  const row = ({ cells, trial }: { cells: string[]; trial: string | null }): string => {
    if (!trials) return line(cells);
    if (last === null || last.cells !== cells) {
      const padded = cells.map((c, j) => (j === cells.length - 1 ? c : c.padEnd(widths[column(j)] ?? 0)));
      last = { cells, before: `${padded.slice(0, 2).join("  ")}  `, after: `  ${padded.slice(2).join("  ")}` };
    }
    return last.before + (trial ?? "-").padEnd(widths[2] ?? 0) + last.after;
  };
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(row), "", describeCounts(counts), ""].join("\n");
}
