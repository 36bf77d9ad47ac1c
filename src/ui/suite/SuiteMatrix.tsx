import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type Row } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { Verdict } from "../../schemas/verdict.ts";
import { OutcomeBadge, StatusBadge } from "../shared/badges.tsx";

export interface SuiteMatrixProps {
  runs: readonly ScoredRun[];
  onOpen(index: number): void;
}

const RUN_COLUMN = "run";
const column = createColumnHelper<ScoredRun>();

const verdictOf = (run: ScoredRun, check: string): Verdict | undefined => run.verdicts.find((v) => v.check === check);

/** Check ids in the order they first appear, so the columns follow the scorer's own order. */
function checkIds(runs: readonly ScoredRun[]): string[] {
  const seen = new Set<string>();
  for (const run of runs) for (const v of run.verdicts) seen.add(v.check);
  return [...seen];
}

function columnsFor(checks: readonly string[]) {
  const runColumn = column.display({
    id: RUN_COLUMN,
    header: "run",
    cell: ({ row }) => (
      <span className="field-cell">
        <span className="mono">
          {row.original.fixture} / {row.original.candidate}
          {row.original.trial === undefined ? "" : ` #${row.original.trial}`}
        </span>
        <OutcomeBadge outcome={row.original.outcome} />
        <StatusBadge status={row.original.passed ? "pass" : "fail"} />
      </span>
    ),
  });
  const checkColumns = checks.map((check) =>
    column.accessor((run) => verdictOf(run, check), {
      id: check,
      header: check,
      cell: (info) => {
        const v = info.getValue();
        if (v) return <StatusBadge status={v.status} compact />;
        return (
          <span className="muted" title="not checked">
            <span aria-hidden="true">—</span>
            <span className="sr-only">not checked</span>
          </span>
        );
      },
    }),
  );
  return [runColumn, ...checkColumns];
}

/** Up to this many runs every row is in the page (find-in-page sees them all); a larger suite renders the rows near the viewport. */
export const ALL_ROWS_UP_TO = 250;
const ROW_PX = 27;
const OVERSCAN_ROWS = 12;

const runLabel = (run: ScoredRun): string => `${run.fixture} / ${run.candidate}${run.trial === undefined ? "" : ` #${run.trial}`}`;

export function SuiteMatrix({ runs, onOpen }: SuiteMatrixProps) {
  // The table wants a mutable array; copying keeps the caller's (store's) array untouched.
  const data = useMemo(() => [...runs], [runs]);
  const columns = useMemo(() => columnsFor(checkIds(runs)), [runs]);
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel() });
  const wrap = useRef<HTMLDivElement | null>(null);
  const rows = table.getRowModel().rows;
  const virtual = rows.length > ALL_ROWS_UP_TO;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => wrap.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN_ROWS,
  });
  // Rows come and go as the table scrolls: the run column keeps the width of the longest label, so the columns do not jump.
  const runColumnCh = useMemo(() => (virtual ? runs.reduce((n, r) => Math.max(n, runLabel(r).length), 0) + 24 : 0), [runs, virtual]);
  const items = virtualizer.getVirtualItems();
  const shown: Row<ScoredRun>[] = virtual ? items.flatMap((item) => rows[item.index] ?? []) : rows;
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const width = columns.length;

  return (
    // flexShrink 0: a scroll container in the suite's flex column would otherwise give up its height to its siblings.
    <div className="matrix-wrap" data-testid="suite-matrix" ref={wrap} data-virtualized={virtual ? "true" : undefined} data-run-count={rows.length} style={{ flexShrink: 0 }}>
      <table className="matrix">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.id === RUN_COLUMN ? "run" : "check"}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={width} />
            </tr>
          )}
          {shown.map((row) => (
            <tr
              key={row.id}
              tabIndex={0}
              data-index={row.index}
              ref={virtual ? virtualizer.measureElement : undefined}
              data-run={`${row.original.fixture}/${row.original.candidate}`}
              {...(row.original.trial === undefined ? {} : { "data-trial": row.original.trial })}
              onClick={() => onOpen(row.index)}
              onKeyDown={(e) => {
                if (e.key === "Enter") onOpen(row.index);
              }}
            >
              {row.getVisibleCells().map((cell) =>
                cell.column.id === RUN_COLUMN ? (
                  <td key={cell.id} className="run" style={virtual ? { minWidth: `${runColumnCh}ch` } : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ) : (
                  <td key={cell.id} data-check={cell.column.id} title={verdictOf(row.original, cell.column.id)?.explanation ?? "not checked"}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ),
              )}
            </tr>
          ))}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={width} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
