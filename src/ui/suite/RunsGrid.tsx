import { flexRender, getCoreRowModel, useReactTable, type Row, type SortingState } from "@tanstack/react-table";
import { memo, useCallback, useMemo, type CSSProperties } from "react";
import type { Columns } from "./runs-columns.tsx";
import type { TableItem, TableRun } from "./runs-items.ts";
import { DESIGN_COLUMN, RUN_COLUMN, verdictOf } from "./runs-order.ts";
import { focusTimelineWhenShown } from "../timeline/focus-timeline.ts";

const SORT_MARK = { asc: " ▲", desc: " ▼" } as const;
const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** An item of the table drawn now, at its place among all of them. */
export interface ShownItem {
  at: number;
  item: TableItem<TableRun>;
}

interface MatrixGridProps {
  columns: Columns;
  items: readonly TableItem<TableRun>[];
  /** The items drawn, in order: all of them, or those the virtualizer has in view. */
  shown: readonly ShownItem[];
  /** Pixels of rows not drawn above and below the shown ones. */
  before: number;
  after: number;
  sorting: SortingState;
  setSorting: (update: SortingState | ((old: SortingState) => SortingState)) => void;
  virtual: boolean;
  measure: (el: Element | null) => void;
  runColumnCh: number;
  onOpen(index: number): void;
  toggle(groupKey: string): void;
}

/** The table: its headings sort; a row per run shown and a heading per group. */
export function RunsGrid({ columns, items, shown, before, after, sorting, setSorting, virtual, measure, runColumnCh, onOpen, toggle }: MatrixGridProps) {
  // The table is given only the runs shown: its sort is manual (tableOrder), its rows the visible ones.
  const from = shown[0]?.at ?? 0;
  const to = shown.at(-1)?.at ?? -1;
  // A new array on every render would make a new row model, whose automatic resets re-render: a loop.
  const shownRuns = useMemo(() => items.slice(from, to + 1).flatMap((item) => (item.kind === "run" ? [item.row] : [])), [items, from, to]);
  const table = useReactTable({
    data: shownRuns,
    columns,
    // Sorted and filtered already (tableOrder): the table keeps the sort state for its headings and is not told the filters.
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    // Every column's first click sorts ascending (failures first, regressions first), as when the table sorted the strings itself.
    sortDescFirst: false,
    getRowId: (r) => String(r.index),
    getCoreRowModel: getCoreRowModel(),
  });
  const rowOf = (r: TableRun): Row<TableRun> => table.getRow(String(r.index));
  const width = columns.length;
  // A virtualized table's rows are grids on fixed tracks (runs-table.css): the run column as wide as the longest label, a track per check.
  const tracks = virtual ? ({ "--run-col": `${String(runColumnCh)}ch`, "--checks": String(width - 2) } as CSSProperties) : undefined;
  const headingRow = useHeadingTracks(virtual);
  return (
    <table className="matrix suite-matrix" style={tracks}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} ref={headingRow}>
            {group.headers.map((header) => {
              const id = header.column.id;
              const sorted = header.column.getIsSorted();
              return (
                <th key={header.id} scope="col" className={id === RUN_COLUMN ? "run" : id === DESIGN_COLUMN ? "design-col" : "check-col"} data-column={id} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                  <button type="button" className="sort-head" onClick={header.column.getToggleSortingHandler()} title={id === RUN_COLUMN || id === DESIGN_COLUMN ? `sort by ${id}` : `${id} — sort failures first`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    {sorted ? <span aria-hidden="true">{SORT_MARK[sorted]}</span> : null}
                  </button>
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {before > 0 && (
          <tr aria-hidden="true" style={{ height: before }}>
            <td colSpan={width} />
          </tr>
        )}
        {shown.map(({ at, item }) =>
          item.kind === "group" ? (
            <tr key={`group:${item.key}`} className={`group-row${item.regressions > 0 ? " has-regressions" : ""}`} data-index={at} data-group={item.key} ref={virtual ? measure : undefined}>
              <th colSpan={width} scope="rowgroup">
                <span className="group-head">
                  <button type="button" aria-expanded={!item.collapsed} onClick={() => toggle(item.key)}>
                    {item.collapsed ? "▸" : "▾"} <span className="mono">{item.key}</span>
                  </button>
                  <span className="muted">
                    {item.runs} {item.runs === 1 ? "run" : "runs"}, {item.ok} as designed
                  </span>
                  {item.regressions > 0 && <span className="badge design design-regression">{item.regressions} {item.regressions === 1 ? "regression" : "regressions"}</span>}
                </span>
              </th>
            </tr>
          ) : (
            <RunRow key={item.row.index} row={rowOf(item.row)} columns={columns} at={at} virtual={virtual} measure={measure} onOpen={onOpen} />
          ),
        )}
        {after > 0 && (
          <tr aria-hidden="true" style={{ height: after }}>
            <td colSpan={width} />
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * A virtualized table's body rows take the column widths its heading row was laid out at: read from
 * the heading's resolved tracks each time it is resized (in a ResizeObserver's callback, after layout,
 * so the read lays nothing out) and set on the table, not in React's state, so no row renders again.
 */
function useHeadingTracks(virtual: boolean): (row: HTMLTableRowElement | null) => (() => void) | undefined {
  return useCallback(
    (row: HTMLTableRowElement | null) => {
      const table = row?.closest("table");
      if (!virtual || !row || !table || typeof ResizeObserver === "undefined") return undefined;
      const observer = new ResizeObserver(() => table.style.setProperty("--body-tracks", getComputedStyle(row).gridTemplateColumns));
      observer.observe(row);
      return () => {
        observer.disconnect();
        table.style.removeProperty("--body-tracks");
      };
    },
    [virtual],
  );
}

interface RunRowProps {
  row: Row<TableRun>;
  /** The table's columns: the row's cells are theirs. */
  columns: Columns;
  at: number;
  virtual: boolean;
  measure: (el: Element | null) => void;
  onOpen(index: number): void;
}

/**
 * A row is drawn again only when one of its props other than `row` changes, or the run `row` holds:
 * its cells are drawn from that run alone (row.original), and the table has no column visibility,
 * order or pinning that would change them otherwise. The table makes a new Row
 * for every run shown each time the rows in view change (its data is those runs): compared by that,
 * scrolling a large suite re-rendered and re-committed all ~40 rows on every wheel turn, most of
 * a frame, where only the few rows coming into view are new.
 */
const sameRow = (a: RunRowProps, b: RunRowProps): boolean =>
  a.row.original === b.row.original && a.columns === b.columns && a.at === b.at && a.virtual === b.virtual && a.measure === b.measure && a.onOpen === b.onOpen;

const RunRow = memo(RunRowView, sameRow);

function RunRowView({ row, at, virtual, measure, onOpen }: RunRowProps) {
  const { run, index, design } = row.original;
  return (
    <tr
      tabIndex={0}
      data-index={at}
      ref={virtual ? measure : undefined}
      data-run={`${run.fixture}/${run.candidate}`}
      data-design={design.status}
      className={design.status === "regression" ? "regression" : undefined}
      {...(run.trial === undefined ? {} : { "data-trial": run.trial })}
      onClick={() => onOpen(index)}
      onKeyDown={(e) => {
        if (e.key !== "Enter") return;
        focusTimelineWhenShown();
        onOpen(index);
      }}
    >
      {row.getVisibleCells().map((cell) =>
        cell.column.id === RUN_COLUMN ? (
          <td key={cell.id} className="run">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ) : cell.column.id === DESIGN_COLUMN ? (
          <td key={cell.id} className="design-col">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ) : (
          <td key={cell.id} data-check={cell.column.id} title={verdictOf(run, cell.column.id)?.explanation ?? "not checked"}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ),
      )}
    </tr>
  );
}
