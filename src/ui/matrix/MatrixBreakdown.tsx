import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { formatRate, type AttackRates, type MatrixMetrics } from "../../state/matrix/matrix-grid.ts";
import { spaced } from "./labels.ts";

type Dimension = "carrier" | "goal" | "phrasing";
const DIMENSIONS: readonly Dimension[] = ["carrier", "goal", "phrasing"];

interface Row extends AttackRates {
  value: string;
}

const column = createColumnHelper<Row>();
const columns = [
  column.accessor("value", { header: "", cell: (info) => <span className="mono">{spaced(info.getValue())}</span> }),
  column.accessor((r) => r.asr_attempted.of, { id: "runs", header: "attacked runs", cell: (info) => info.getValue() }),
  column.accessor("utility_under_attack", { header: "utility under attack", cell: (info) => formatRate(info.getValue()) }),
  column.accessor("asr_attempted", { header: "ASR attempted", cell: (info) => formatRate(info.getValue()) }),
  column.accessor("asr_executed", { header: "ASR executed", cell: (info) => formatRate(info.getValue()) }),
];

const rowsOf = (metrics: MatrixMetrics, by: Dimension): Row[] => {
  const groups: Partial<Record<string, AttackRates>> = by === "carrier" ? metrics.by_carrier : by === "goal" ? metrics.by_goal : metrics.by_phrasing;
  return Object.entries(groups).flatMap(([value, rates]) => (rates ? [{ value, ...rates }] : []));
};

/** The attacked runs' rates by carrier, goal or phrasing, each with its denominator. */
export function MatrixBreakdown({ metrics }: { metrics: MatrixMetrics }) {
  const [by, setBy] = useState<Dimension>("carrier");
  const data = useMemo(() => rowsOf(metrics, by), [metrics, by]);
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <section className="panel mx-breakdown" aria-label="Breakdown">
      <div className="panel-head">
        <h2>Breakdown by</h2>
        <div className="tabs" role="tablist" aria-label="Breakdown by">
          {DIMENSIONS.map((d) => (
            <button key={d} type="button" role="tab" aria-selected={by === d} onClick={() => setBy(d)}>
              {d}
            </button>
          ))}
        </div>
      </div>
      <table className="grid" data-testid="matrix-breakdown">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.id === "value" ? undefined : "num"}>
                  {header.column.id === "value" ? by : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-row={row.original.value}>
              {row.getVisibleCells().map((cell) =>
                cell.column.id === "value" ? (
                  <th key={cell.id} scope="row">{flexRender(cell.column.columnDef.cell, cell.getContext())}</th>
                ) : (
                  <td key={cell.id} className="num" data-column={cell.column.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ),
              )}
            </tr>
          ))}
          {data.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="muted">No attacked runs yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
