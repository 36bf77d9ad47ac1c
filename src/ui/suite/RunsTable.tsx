import type { ColumnFiltersState, SortingState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { RunDesign } from "../../state/suite/suite-design.ts";
import { useSteps } from "../shared/after-paint.tsx";
import { markScrolling } from "../shared/scrolling-mark.ts";
import { columnsFor, type Columns } from "./runs-columns.tsx";
import { RunsGrid, type ShownItem } from "./RunsGrid.tsx";
import { tableItems, type GroupBy, type TableItem, type TableRun } from "./runs-items.ts";
import { DESIGN_COLUMN, tableOrder, RUN_COLUMN, withFilter, type Show } from "./runs-order.ts";
import { initialRect, markScrolledSideways, observeOffsetNotingMoves, observeRectWhenLaidOut, scrollUnlessStillAtTop } from "./runs-scroll.ts";
import "./runs-table.css";

export interface RunsTableProps {
  runs: readonly ScoredRun[];
  /** How each run stands against its fixture's declared failures, one per run. */
  designs: readonly RunDesign[];
  /** Check ids in the order they first appear, so the columns follow the scorer's own order (src/state/suite/suite-summary.ts). */
  checks: readonly string[];
  /** The longest run label, in characters (runLabelLength). */
  longestLabel: number;
  onOpen(index: number): void;
}

const SHOWS: { value: Show; label: string }[] = [
  { value: "all", label: "every run" },
  { value: "not_ok", label: "not as designed" },
  { value: "regression", label: "regressions" },
  { value: "ok", label: "as designed" },
];

/** Up to this many rows every row is in the page (find-in-page sees them all); a larger suite renders the rows near the viewport. */
export const ALL_ROWS_UP_TO = 250;
const ROW_PX = 27;
/**
 * Rows drawn beyond the view on each side: a wheel turn's worth (about 4 rows). Each one is laid out,
 * pre-painted and committed on every turn that moves the range, so more of them made each turn's task longer.
 */
const OVERSCAN_ROWS = 4;
/** The rows of a large suite's first paint: fewer than a viewport holds. */
const FIRST_ROWS = 8;

/** What the reader chose: the order, the filters, the grouping and the groups folded away. */
interface TableView {
  sorting: SortingState;
  setSorting: (update: SortingState | ((old: SortingState) => SortingState)) => void;
  filters: ColumnFiltersState;
  setFilters: (update: ColumnFiltersState | ((old: ColumnFiltersState) => ColumnFiltersState)) => void;
  groupBy: GroupBy;
  setGroupBy: (by: GroupBy) => void;
  collapsed: ReadonlySet<string>;
  setCollapsed: (update: (old: ReadonlySet<string>) => ReadonlySet<string>) => void;
}

/**
 * The runs table, its per-run work in four components: the columns and a row per run here, their order
 * and grouping below, then the controls and the rows in view (VirtualRunsTable), the table last
 * (RunsGrid). Rendered as a transition (a large suite's, after the page has painted), React may yield
 * between them, so 10,000 runs are not walked three times in one task.
 */
export function RunsTable(props: RunsTableProps) {
  const { runs, designs, checks } = props;
  const columns = useMemo(() => columnsFor(checks), [checks]);
  const data = useMemo(() => runs.map((run, index): TableRun => ({ run, index, design: designs[index] ?? { status: run.passed ? "passed" : "failed", ok: run.passed, text: run.passed ? "passed" : "failed" } })), [runs, designs]);
  // Regressions first: what needs looking at comes before what behaved as designed; ties keep the suite's order.
  const [sorting, setSorting] = useState<SortingState>([{ id: DESIGN_COLUMN, desc: false }]);
  const [filters, setFilters] = useState<ColumnFiltersState>([]);
  const [groupBy, setGroupBy] = useState<GroupBy>("none");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const view: TableView = { sorting, setSorting, filters, setFilters, groupBy, setGroupBy, collapsed, setCollapsed };
  return <TableOrder {...props} columns={columns} data={data} view={view} />;
}

function TableOrder(props: RunsTableProps & { columns: Columns; data: readonly TableRun[]; view: TableView }) {
  const { data, view } = props;
  const runFilter = String(view.filters.find((f) => f.id === RUN_COLUMN)?.value ?? "");
  const show = (view.filters.find((f) => f.id === DESIGN_COLUMN)?.value as Show | undefined) ?? "all";
  const ordered = useMemo(() => tableOrder(data, view.sorting, { text: runFilter, show }), [data, view.sorting, runFilter, show]);
  const items = useMemo(() => tableItems(ordered, (r) => r, view.groupBy, view.collapsed), [ordered, view.groupBy, view.collapsed]);
  return <VirtualRunsTable {...props} ordered={ordered} items={items} runFilter={runFilter} show={show} />;
}

/**
 * The controls and the scrolling box, with the virtualizer that picks the rows in view; the table
 * inside it is RunsGrid's. Two components, so the first render of a large suite's runs table is two pieces
 * of work React may yield between: the virtualizer's first measurements and the table's columns, headers
 * and rows were one component's render, one long task.
 */
function VirtualRunsTable({ runs, onOpen, columns, longestLabel, view, ordered, items, runFilter, show }: RunsTableProps & { columns: Columns; view: TableView; ordered: readonly TableRun[]; items: readonly TableItem<TableRun>[]; runFilter: string; show: Show }) {
  const { setFilters, groupBy, setGroupBy, setCollapsed } = view;
  const wrap = useRef<HTMLDivElement | null>(null);
  // Read once: the window's size is asked of the browser, which may lay the page out to answer.
  const [firstRect] = useState(initialRect);
  const virtual = items.length > ALL_ROWS_UP_TO;
  // A large suite's rows are drawn in three steps when the matrix mounts, each painted before the next
  // (taking turns with the charts, so the rest come after them): the first FIRST_ROWS, then the rest of
  // those in view, then the rows beyond it. The first layout of a table is its widest work: with every
  // row in view it was one long task, and the rows beyond the view added to it.
  const step = useSteps(3, virtual);
  const overscan = step >= 3 ? OVERSCAN_ROWS : 0;
  useEffect(() => {
    const el = wrap.current;
    if (!el) return undefined;
    const sideways = markScrolledSideways(el);
    const scrolling = markScrolling(el);
    return () => {
      sideways();
      scrolling();
    };
  }, []);
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
  const all = virtualizer.getVirtualItems();
  const virtualItems = step === 1 ? all.slice(0, FIRST_ROWS) : all;
  const shown: ShownItem[] = virtual ? virtualItems.flatMap((v) => { const item = items[v.index]; return item ? [{ at: v.index, item }] : []; }) : items.map((item, at) => ({ at, item }));
  const before = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;
  const toggle = (key: string): void => setCollapsed((c) => (c.has(key) ? new Set([...c].filter((k) => k !== key)) : new Set([...c, key])));

  return (
    <>
      <div className="controls matrix-controls" data-testid="suite-matrix-controls">
        <input type="search" aria-label="Filter runs" placeholder="filter: fixture or candidate" value={runFilter} onChange={(e) => setFilters((old) => withFilter(old, RUN_COLUMN, e.target.value || undefined))} />
        <label className="muted">
          show{" "}
          <select aria-label="Show" value={show} onChange={(e) => setFilters((old) => withFilter(old, DESIGN_COLUMN, e.target.value === "all" ? undefined : e.target.value))}>
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
        <RunsGrid
          columns={columns}
          items={items}
          shown={shown}
          before={before}
          after={after}
          sorting={view.sorting}
          setSorting={view.setSorting}
          virtual={virtual}
          measure={virtualizer.measureElement}
          // Rows come and go as the table scrolls: the run column keeps the width of the longest label, so the columns do not jump.
          runColumnCh={virtual ? longestLabel + 24 : 0}
          onOpen={onOpen}
          toggle={toggle}
        />
      </div>
    </>
  );
}
