import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReason } from "../evaluation/reason.ts";
import { countRuns, describeCounts, type RunCounts } from "../evaluation/run-counts.ts";
import { failedChecks } from "../scoring/score.ts";
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
        (run) => JSON.stringify([run], null, 2).slice(2, -2),
        (text) => text.slice(0, -"\n  }".length),
        (trial) => `,\n    "trial": ${trial}\n  }`,
      );
      return {
        add(run) {
          write(first ? "[\n" : ",\n");
          for (const part of element(printed(run, options))) write(part);
          first = false;
        },
        end: () => write(first ? "[]\n" : "\n]\n"),
      };
    }
    case "jsonl": {
      const line = alikeOnce(
        (run) => JSON.stringify(run),
        (text) => text.slice(0, -1),
        (trial) => `,"trial":${trial}}`,
      );
      return {
        add(run) {
          for (const part of line(printed(run, options))) write(part);
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

type Printed = ReturnType<typeof printed>;

/**
 * A run's JSON text in parts, written once for alike runs. Trials replayed once (TraceScorer) share
 * every part but their trial, and in plan order they come one after another, so the text of the
 * last run without its trial is kept, open (`open`: without its closing brace), and a run whose
 * every other part is the very same value is that open text and its own trial, put in last where
 * JSON.stringify puts it (trial is a run's last member). The same text each time, so its bytes can be kept too.
 */
function alikeOnce(text: (run: Printed) => string, open: (text: string) => string, trialAndClose: (trial: number) => string): (run: Printed) => readonly string[] {
  let last: { parts: Omit<Printed, "trial">; open: string } | null = null;
  return (run) => {
    if (run.trial === undefined || Object.keys(run).at(-1) !== "trial") return [text(run)];
    const { trial, ...parts } = run;
    if (last === null || !sameParts(last.parts, parts)) last = { parts, open: open(text(parts)) };
    return [last.open, trialAndClose(trial)];
  };
}

function sameParts(a: object, b: object): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
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
  const lines = rows.map(({ cells, trial }) => (trials ? [cells[0] ?? "", cells[1] ?? "", trial ?? "-", ...cells.slice(2)] : cells));
  const head = ["fixture", "candidate", ...(trials ? ["trial"] : []), "outcome", "reason", "result", "failed checks"];
  // A loop, not Math.max(...): a table of a million rows is no argument list.
  const widths = head.map((h) => h.length);
  for (const row of lines) for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...lines.map(line), "", describeCounts(counts), ""].join("\n");
}
