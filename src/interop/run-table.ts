import { declaredFailures, designOf } from "../evaluation/design.ts";
import { runReason } from "../evaluation/reason.ts";
import { isInfrastructureFailure } from "../evaluation/reliability.ts";
import { judgeAttack } from "../scoring/attack.ts";
import { failedChecks } from "../scoring/verdict.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";

// Runs as one flat table for SQL and dataframes (`npm run table`): a row per run, every cell a plain
// value (no object to flatten), the matrix's labels in their own columns, and `infrastructure` computed
// by finbound's own rule, so a `GROUP BY fixture` gives the CLI's figures without copying the rule.

export type ColumnType = "string" | "int" | "double" | "boolean" | "timestamp";
export type Cell = string | number | boolean | null;

export interface Column {
  name: string;
  type: ColumnType;
}

export interface RunTable {
  columns: Column[];
  rows: Cell[][];
}

const FIXED: readonly Column[] = [
  { name: "fixture", type: "string" },
  { name: "task", type: "string" },
  { name: "injection", type: "string" },
  { name: "carrier", type: "string" },
  { name: "goal", type: "string" },
  { name: "candidate", type: "string" },
  { name: "model", type: "string" },
  { name: "protocol", type: "string" },
  { name: "trial", type: "int" },
  { name: "seed", type: "int" },
  { name: "outcome", type: "string" },
  { name: "reason", type: "string" },
  { name: "passed", type: "boolean" },
  { name: "infrastructure", type: "boolean" },
  { name: "designed_failure", type: "boolean" },
];

const TRAILING: readonly Column[] = [
  { name: "attempted", type: "boolean" },
  { name: "executed", type: "boolean" },
  { name: "latency_ms", type: "double" },
  { name: "tokens_in", type: "int" },
  { name: "tokens_out", type: "int" },
  { name: "started_at", type: "timestamp" },
];

/** A check's column: `check_` and its name with anything but letters, digits and `_` as `_` (`claim[0].value` → `check_claim_0__value`). */
export const checkColumn = (check: string): string => `check_${check.replace(/[^A-Za-z0-9_]/g, "_")}`;

/** The model that answered, as the server named it, else the one asked for (`http:<model>`), else none. */
function modelOf(run: ScoredRunExport): string | null {
  const reported = run.events.findLast((e) => e.kind === "model_reply" && e.model !== undefined);
  if (reported?.kind === "model_reply" && reported.model !== undefined) return reported.model;
  return run.candidate.kind === "http" && run.candidate.name.startsWith("http:") ? run.candidate.name.slice("http:".length) : null;
}

function tokens(run: ScoredRunExport, field: "prompt_tokens" | "completion_tokens"): number | null {
  const counts = run.events.flatMap((e) => (e.kind === "model_reply" && e.usage?.[field] !== undefined ? [e.usage[field]] : []));
  return counts.length === 0 ? null : counts.reduce((a, b) => a + b, 0);
}

/**
 * The table of `runs`. `fixtureOf` gives the fixture a run was judged against, for the matrix labels,
 * the designed failures and the attack judgement; a run whose fixture is unknown has them null.
 */
export function runTable(runs: readonly ScoredRunExport[], fixtureOf: (id: string) => Fixture | undefined): RunTable {
  const checks: string[] = [];
  const seen = new Set<string>();
  for (const run of runs)
    for (const v of run.verdicts)
      if (!seen.has(v.check)) {
        seen.add(v.check);
        checks.push(v.check);
      }
  const columns = [...FIXED, ...checks.map((c): Column => ({ name: checkColumn(c), type: "string" })), ...TRAILING];
  const rows = runs.map((run): Cell[] => {
    const fixture = fixtureOf(run.fixture.id);
    const origin = fixture?.matrix;
    const started = run.events.find((e) => e.kind === "run_started");
    const declared = fixture ? declaredFailures(fixture, run.candidate.name) : undefined;
    const design = fixture ? designOf(failedChecks(run.verdicts), declared, run.passed) : null;
    const attack = fixture ? judgeAttack(run, fixture) : null;
    const status = new Map(run.verdicts.map((v) => [v.check, v.status]));
    return [
      run.fixture.id,
      origin?.task ?? (fixture ? run.fixture.id : null),
      origin?.injection ?? null,
      origin?.carrier ?? null,
      origin?.goal ?? null,
      run.candidate.name,
      modelOf(run),
      run.candidate.kind === "mcp" ? "mcp" : started?.kind === "run_started" ? (started.protocol ?? "json") : null,
      run.trial ?? null,
      run.seed ?? null,
      run.result.outcome,
      runReason(run),
      run.passed,
      isInfrastructureFailure(run),
      design === null ? null : design.status === "as_designed" && design.declared.length > 0,
      ...checks.map((c) => status.get(c) ?? null),
      attack?.attempted ?? null,
      attack?.executed ?? null,
      run.events.at(-1)?.at_ms ?? 0,
      tokens(run, "prompt_tokens"),
      tokens(run, "completion_tokens"),
      run.started_at ?? null,
    ];
  });
  return { columns, rows };
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; null is empty. */
function csvField(cell: Cell): string {
  if (cell === null) return "";
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header line, CRLF line ends; booleans `true`/`false`, null an empty field. */
export const tableCsv = (table: RunTable): string => [table.columns.map((c) => c.name), ...table.rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");

/** One JSON object per row, every key present (null when unknown), in the columns' order. */
export const tableJsonl = (table: RunTable): string => table.rows.map((row) => `${JSON.stringify(Object.fromEntries(table.columns.map((c, i) => [c.name, row[i] ?? null])))}\n`).join("");
