import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
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

export function SuiteMatrix({ runs, onOpen }: SuiteMatrixProps) {
  // The table wants a mutable array; copying keeps the caller's (store's) array untouched.
  const data = useMemo(() => [...runs], [runs]);
  const columns = useMemo(() => columnsFor(checkIds(runs)), [runs]);
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel() });

  return (
    <div className="matrix-wrap" data-testid="suite-matrix">
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
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              tabIndex={0}
              data-run={`${row.original.fixture}/${row.original.candidate}`}
              {...(row.original.trial === undefined ? {} : { "data-trial": row.original.trial })}
              onClick={() => onOpen(row.index)}
              onKeyDown={(e) => {
                if (e.key === "Enter") onOpen(row.index);
              }}
            >
              {row.getVisibleCells().map((cell) =>
                cell.column.id === RUN_COLUMN ? (
                  <td key={cell.id} className="run">
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
        </tbody>
      </table>
    </div>
  );
}
