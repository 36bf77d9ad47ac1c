import { DESIGN_LABEL, type RunDesign } from "../../state/suite/suite-design.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";

/** One run of the runs table: `index` is its place in the suite, whatever the sort. */
export interface TableRun {
  run: ScoredRun;
  index: number;
  design: RunDesign;
}

export type GroupBy = "none" | "fixture" | "candidate" | "design";

export interface MatrixGroup {
  kind: "group";
  key: string;
  runs: number;
  ok: number;
  regressions: number;
  collapsed: boolean;
}

/** What the table body lists, in order: group headings (when grouped) and runs. */
export type TableItem<R> = MatrixGroup | { kind: "run"; row: R };

export const groupKey = (r: TableRun, by: Exclude<GroupBy, "none">): string =>
  by === "fixture" ? r.run.fixture : by === "candidate" ? r.run.candidate : DESIGN_LABEL[r.design.status];

/**
 * The sorted, filtered rows as the table lists them: ungrouped as they are; grouped, each group
 * under its heading, groups in the order their first row comes (so a group holding a regression
 * comes first when regressions sort first), the rows of a collapsed group left out.
 */
export function tableItems<R>(rows: readonly R[], runOf: (row: R) => TableRun, by: GroupBy, collapsed: ReadonlySet<string>): TableItem<R>[] {
  if (by === "none") return rows.map((row) => ({ kind: "run", row }));
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = groupKey(runOf(row), by);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const items: TableItem<R>[] = [];
  for (const [key, list] of groups) {
    const runs = list.map(runOf);
    const folded = collapsed.has(key);
    items.push({ kind: "group", key, runs: runs.length, ok: runs.filter((r) => r.design.ok).length, regressions: runs.filter((r) => r.design.status === "regression").length, collapsed: folded });
    if (!folded) for (const row of list) items.push({ kind: "run", row });
  }
  return items;
}
