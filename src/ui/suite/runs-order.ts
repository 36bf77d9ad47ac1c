import { DESIGN_RANK, type RunDesign } from "../../state/suite/suite-design.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { Verdict } from "../../schemas/verdict.ts";
import type { TableRun } from "./runs-items.ts";

// The runs table's sort and filter, over every run at once. The table (@tanstack/react-table) keeps
// the sort and filter state and draws the headings and the rows shown; the order itself is worked
// out here from one key per run and column, so a 10,000-run suite is sorted in milliseconds instead
// of building a table row for every run in one long main-thread task.

export const RUN_COLUMN = "run";
export const DESIGN_COLUMN = "design";

/** What the "show" filter keeps. */
export type Show = "all" | "not_ok" | "regression" | "ok";

/** A column's filter value, as the table keeps them (tanstack's ColumnFiltersState). */
export interface ColumnFilter {
  id: string;
  value: unknown;
}

/** `filters` with column `id`'s value set in its place (or added last), or removed when `value` is undefined. */
export function withFilter(filters: readonly ColumnFilter[], id: string, value: string | undefined): ColumnFilter[] {
  if (value === undefined) return filters.filter((f) => f.id !== id);
  return filters.some((f) => f.id === id) ? filters.map((f) => (f.id === id ? { id, value } : f)) : [...filters, { id, value }];
}

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface TableFilter {
  /** Kept: runs whose label holds this, in any case ("" keeps every run). */
  text: string;
  show: Show;
}

export const runLabel = (r: ScoredRun): string => `${r.fixture} / ${r.candidate}${r.trial === undefined ? "" : ` #${r.trial}`}`;
/** runLabel(r).length, without writing the label (the table asks it of every run to size its run column). */
export const runLabelLength = (r: ScoredRun): number => r.fixture.length + 3 + r.candidate.length + (r.trial === undefined ? 0 : 2 + String(r.trial).length);

export const keeps = (show: Show, d: RunDesign): boolean => show === "all" || (show === "regression" ? d.status === "regression" : show === "ok" ? d.ok : !d.ok);

/** Failures first when a check column is sorted. */
export const STATUS_RANK: Readonly<Record<string, number>> = { fail: 0, pass: 1, "n/a": 2, none: 3 };

/** A run's verdict of a check, if it has one. */
export const verdictOf = (run: ScoredRun, check: string): Verdict | undefined => run.verdicts.find((v) => v.check === check);

/** A check's status in a run, "none" when the run has no verdict of that check. */
export const statusOf = (r: TableRun, check: string): string => verdictOf(r.run, check)?.status ?? "none";

type Key = number | readonly (string | number)[];

/** A label as runs of letters and numbers, so "#2" sorts before "#10" and case does not count. */
function naturalKey(label: string): (string | number)[] {
  return (label.toLowerCase().match(/\d+|\D+/g) ?? []).map((part) => (/^\d/.test(part) ? Number(part) : part));
}

function compareKeys(a: Key, b: Key): number {
  if (typeof a === "number" || typeof b === "number") return (a as number) - (b as number);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    // A number sorts before letters in the same place.
    if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

const keyOf = (id: string): ((r: TableRun) => Key) =>
  id === RUN_COLUMN ? (r) => naturalKey(runLabel(r.run)) : id === DESIGN_COLUMN ? (r) => DESIGN_RANK[r.design.status] : (r) => STATUS_RANK[statusOf(r, id)] ?? 9;

/**
 * The runs the table lists, in its order: those the filter keeps, sorted by each sort in turn
 * (a descending sort reverses its comparison), ties in the suite's order.
 */
export function tableOrder(runs: readonly TableRun[], sorting: readonly TableSort[], filter: TableFilter): TableRun[] {
  const text = filter.text.toLowerCase();
  const kept = runs.filter((r) => keeps(filter.show, r.design) && (text === "" || runLabel(r.run).toLowerCase().includes(text)));
  if (sorting.length === 0) return kept;
  // One key per run and sort, worked out once: a comparison only reads them.
  const keys = sorting.map((s) => ({ desc: s.desc, of: kept.map(keyOf(s.id)) }));
  const order = kept.map((_, i) => i);
  order.sort((a, b) => {
    for (const k of keys) {
      const c = compareKeys(k.of[a] as Key, k.of[b] as Key);
      if (c !== 0) return k.desc ? -c : c;
    }
    return (kept[a] as TableRun).index - (kept[b] as TableRun).index;
  });
  return order.map((i) => kept[i] as TableRun);
}
