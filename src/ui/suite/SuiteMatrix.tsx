import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnFiltersState, type Row, type SortingState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { RunDesign } from "../../state/suite-design.ts";
import { OutcomeBadge, StatusBadge } from "../shared/badges.tsx";
import { checkLabel } from "./check-label.ts";
import { DesignBadge } from "./DesignBadge.tsx";
import { matrixItems, type GroupBy, type MatrixItem, type MatrixRun } from "./matrix-items.ts";
import { DESIGN_COLUMN, matrixOrder, RUN_COLUMN, runLabel, statusOf, verdictOf, type Show } from "./matrix-order.ts";
import { initialRect, markScrolledSideways, observeOffsetNotingMoves, observeRectWhenLaidOut, scrollUnlessStillAtTop } from "./matrix-scroll.ts";
import "./suite-matrix.css";

export interface SuiteMatrixProps {
  runs: readonly ScoredRun[];
  /** How each run stands against its fixture's declared failures, one per run. */
  designs: readonly RunDesign[];
  /** Check ids in the order they first appear, so the columns follow the scorer's own order (src/state/suite-summary.ts). */
  checks: readonly string[];
  /** The longest run label, in characters (runLabelLength). */
  longestLabel: number;
  onOpen(index: number): void;
}

const column = createColumnHelper<MatrixRun>();

const SHOWS: { value: Show; label: string }[] = [
  { value: "all", label: "every run" },
  { value: "not_ok", label: "not as designed" },
  { value: "regression", label: "regressions" },
  { value: "ok", label: "as designed" },
];
function columnsFor(checks: readonly string[]) {
  const runColumn = column.accessor((r) => runLabel(r.run), {
    id: RUN_COLUMN,
    header: "run",
    cell: ({ row }) => (
      <span className="field-cell">
        <span className="mono">{runLabel(row.original.run)}</span>
        <OutcomeBadge outcome={row.original.run.outcome} />
        <StatusBadge status={row.original.run.passed ? "pass" : "fail"} />
      </span>
    ),
  });
  const designColumn = column.accessor((r) => r.design.status, {
    id: DESIGN_COLUMN,
    header: "design",
    cell: ({ row }) => <DesignBadge status={row.original.design.status} text={row.original.design.text} />,
  });
  const checkColumns = checks.map((check) =>
    column.accessor((r) => statusOf(r, check), {
      id: check,
      header: checkLabel(check),
      cell: ({ row }) => {
        const v = verdictOf(row.original.run, check);
        if (v) return <StatusBadge status={v.status} compact />;
        return (
          <span className="muted" role="img" aria-label="not checked">
            —
          </span>
        );
      },
    }),
  );
  return [runColumn, designColumn, ...checkColumns];
}

/** Up to this many rows every row is in the page (find-in-page sees them all); a larger suite renders the rows near the viewport. */
export const ALL_ROWS_UP_TO = 250;
const ROW_PX = 27;
const OVERSCAN_ROWS = 12;

const SORT_MARK = { asc: " ▲", desc: " ▼" } as const;
const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** What the reader chose: the order, the filters, the grouping and the groups folded away. */
interface MatrixView {
  sorting: SortingState;
  setSorting: (update: SortingState | ((old: SortingState) => SortingState)) => void;
  filters: ColumnFiltersState;
  setFilters: (update: ColumnFiltersState | ((old: ColumnFiltersState) => ColumnFiltersState)) => void;
  groupBy: GroupBy;
  setGroupBy: (by: GroupBy) => void;
  collapsed: ReadonlySet<string>;
  setCollapsed: (update: (old: ReadonlySet<string>) => ReadonlySet<string>) => void;
}

type Columns = ReturnType<typeof columnsFor>;

/**
 * The matrix, its per-run work in three components: the columns and a row per run here, their order
 * and grouping below, the table last. Rendered as a transition (a large suite's, after the page has
 * painted), React may yield between them, so 10,000 runs are not walked three times in one task (issue 11).
 */
export function SuiteMatrix(props: SuiteMatrixProps) {
  const { runs, designs, checks } = props;
  const columns = useMemo(() => columnsFor(checks), [checks]);
  const data = useMemo(() => runs.map((run, index): MatrixRun => ({ run, index, design: designs[index] ?? { status: run.passed ? "passed" : "failed", ok: run.passed, text: run.passed ? "passed" : "failed" } })), [runs, designs]);
  // Regressions first: what needs looking at comes before what behaved as designed; ties keep the suite's order.
  const [sorting, setSorting] = useState<SortingState>([{ id: DESIGN_COLUMN, desc: false }]);
  const [filters, setFilters] = useState<ColumnFiltersState>([]);
  const [groupBy, setGroupBy] = useState<GroupBy>("none");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const view: MatrixView = { sorting, setSorting, filters, setFilters, groupBy, setGroupBy, collapsed, setCollapsed };
  return <MatrixOrder {...props} columns={columns} data={data} view={view} />;
}

function MatrixOrder(props: SuiteMatrixProps & { columns: Columns; data: readonly MatrixRun[]; view: MatrixView }) {
  const { data, view } = props;
  const runFilter = String(view.filters.find((f) => f.id === RUN_COLUMN)?.value ?? "");
  const show = (view.filters.find((f) => f.id === DESIGN_COLUMN)?.value as Show | undefined) ?? "all";
  const ordered = useMemo(() => matrixOrder(data, view.sorting, { text: runFilter, show }), [data, view.sorting, runFilter, show]);
  const items = useMemo(() => matrixItems(ordered, (r) => r, view.groupBy, view.collapsed), [ordered, view.groupBy, view.collapsed]);
  return <MatrixTable {...props} ordered={ordered} items={items} runFilter={runFilter} show={show} />;
}

function MatrixTable({ runs, onOpen, columns, longestLabel, view, ordered, items, runFilter, show }: SuiteMatrixProps & { columns: Columns; view: MatrixView; ordered: readonly MatrixRun[]; items: readonly MatrixItem<MatrixRun>[]; runFilter: string; show: Show }) {
  const { sorting, setSorting, filters, setFilters, groupBy, setGroupBy, setCollapsed } = view;
  const wrap = useRef<HTMLDivElement | null>(null);
  // Read once: the window's size is asked of the browser, which may lay the page out to answer.
  const [firstRect] = useState(initialRect);
  const virtual = items.length > ALL_ROWS_UP_TO;
  // The rows beyond the viewport are added after the first paint: laid out with it, they were a third
  // of the table's first layout, one task of 30–50 ms with 10,000 runs (issue 11).
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOverscan(OVERSCAN_ROWS));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => (wrap.current ? markScrolledSideways(wrap.current) : undefined), []);
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => wrap.current,
    estimateSize: () => ROW_PX,
    overscan,
    // The first render already holds the rows in view: the wrap is as tall as its max-height (60vh) once
    // it holds more than ALL_ROWS_UP_TO rows. Started at zero, the virtualizer found the real size in its
    // layout effect, and the rows it then added were rendered synchronously, inside the commit's task.
    // The real size comes from the ResizeObserver alone.
    initialRect: firstRect,
    observeElementRect: observeRectWhenLaidOut,
    observeElementOffset: observeOffsetNotingMoves,
    scrollToFn: scrollUnlessStillAtTop,
    // Measured rows update the list in the next render, not synchronously inside React's commit: with
    // flushSync every first measurement re-rendered the page within one task (0.6 s for a 10,000-run suite).
    useFlushSync: false,
    // A row is measured when the browser has laid it out (the virtualizer's ResizeObserver), never by
    // reading offsetHeight as React attaches it: that read laid out the whole page inside React's commit.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      return box ? Math.round(box.blockSize) : (instance.measurementsCache[instance.indexFromElement(element)]?.size ?? ROW_PX);
    },
  });
  // Rows come and go as the table scrolls: the run column keeps the width of the longest label, so the columns do not jump.
  const runColumnCh = virtual ? longestLabel + 24 : 0;
  const virtualItems = virtualizer.getVirtualItems();
  const shown = virtual ? virtualItems.flatMap((v) => { const item = items[v.index]; return item ? [{ at: v.index, item }] : []; }) : items.map((item, at) => ({ at, item }));
  // The table is given only the runs shown: its sort and filter are manual (matrixOrder above), its rows the visible ones.
  const from = shown[0]?.at ?? 0;
  const to = shown.at(-1)?.at ?? -1;
  // A new array on every render would make a new row model, whose automatic resets re-render: a loop.
  const shownRuns = useMemo(() => items.slice(from, to + 1).flatMap((item) => (item.kind === "run" ? [item.row] : [])), [items, from, to]);
  const table = useReactTable({
    data: shownRuns,
    columns,
    state: { sorting, columnFilters: filters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    manualSorting: true,
    manualFiltering: true,
    // Every column's first click sorts ascending (failures first, regressions first), as when the table sorted the strings itself.
    sortDescFirst: false,
    getRowId: (r) => String(r.index),
    getCoreRowModel: getCoreRowModel(),
  });
  const rowOf = (r: MatrixRun): Row<MatrixRun> => table.getRow(String(r.index));
  const before = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;
  const width = columns.length;
  const toggle = (key: string): void => setCollapsed((c) => (c.has(key) ? new Set([...c].filter((k) => k !== key)) : new Set([...c, key])));

  return (
    <>
      <div className="controls matrix-controls" data-testid="suite-matrix-controls">
        <input type="search" aria-label="Filter runs" placeholder="filter: fixture or candidate" value={runFilter} onChange={(e) => table.getColumn(RUN_COLUMN)?.setFilterValue(e.target.value || undefined)} />
        <label className="muted">
          show{" "}
          <select aria-label="Show" value={show} onChange={(e) => table.getColumn(DESIGN_COLUMN)?.setFilterValue(e.target.value === "all" ? undefined : e.target.value)}>
            {SHOWS.map((s) => (
              <option key={s.value} value={s.value}>{s.label}</option>
            ))}
          </select>
        </label>
        <label className="muted">
          group by{" "}
          <select aria-label="Group by" value={groupBy} onChange={(e) => setGroupBy(e.target.value as GroupBy)}>
            <option value="none">nothing</option>
            <option value="fixture">fixture</option>
            <option value="candidate">candidate</option>
            <option value="design">design</option>
          </select>
        </label>
        <span className="muted" data-testid="matrix-shown">
          {ordered.length === runs.length ? `${runs.length} runs` : `${ordered.length} of ${runs.length} runs`} · click a heading to sort
        </span>
      </div>
      {/* flexShrink 0: a scroll container in the suite's flex column would otherwise give up its height to its siblings. */}
      <div className="matrix-wrap" data-testid="suite-matrix" ref={wrap} data-virtualized={virtual ? "true" : undefined} data-run-count={ordered.length} style={{ flexShrink: 0 }}>
        <table className="matrix suite-matrix">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
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
                <tr key={`group:${item.key}`} className={`group-row${item.regressions > 0 ? " has-regressions" : ""}`} data-index={at} data-group={item.key} ref={virtual ? virtualizer.measureElement : undefined}>
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
                <RunRow key={item.row.index} row={rowOf(item.row)} columns={columns} at={at} virtual={virtual} measure={virtualizer.measureElement} runColumnCh={runColumnCh} onOpen={onOpen} />
              ),
            )}
            {after > 0 && (
              <tr aria-hidden="true" style={{ height: after }}>
                <td colSpan={width} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface RunRowProps {
  row: Row<MatrixRun>;
  /** The table's columns: the row's cells are theirs. */
  columns: Columns;
  at: number;
  virtual: boolean;
  measure: (el: Element | null) => void;
  runColumnCh: number;
  onOpen(index: number): void;
}

/**
 * A row is drawn again only when one of its props other than `row` changes, or the run `row` holds:
 * its cells are drawn from that run alone (row.original), and the table has no column visibility,
 * order or pinning that would change them otherwise. The table makes a new Row
 * for every run shown each time the rows in view change (its data is those runs): compared by that,
 * scrolling a large suite re-rendered and re-committed all ~40 rows on every wheel turn, 10–20 ms of
 * a frame on a slow machine, where only the few rows coming into view are new (issue 11).
 */
const sameRow = (a: RunRowProps, b: RunRowProps): boolean =>
  a.row.original === b.row.original && a.columns === b.columns && a.at === b.at && a.virtual === b.virtual && a.measure === b.measure && a.runColumnCh === b.runColumnCh && a.onOpen === b.onOpen;

const RunRow = memo(RunRowView, sameRow);

function RunRowView({ row, at, virtual, measure, runColumnCh, onOpen }: RunRowProps) {
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
        if (e.key === "Enter") onOpen(index);
      }}
    >
      {row.getVisibleCells().map((cell) =>
        cell.column.id === RUN_COLUMN ? (
          <td key={cell.id} className="run" style={virtual ? { minWidth: `${runColumnCh}ch` } : undefined}>
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
