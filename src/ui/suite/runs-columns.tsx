import { createColumnHelper } from "@tanstack/react-table";
import { OutcomeBadge, StatusBadge } from "../shared/badges.tsx";
import { checkLabel } from "./check-label.ts";
import { DesignBadge } from "./DesignBadge.tsx";
import type { TableRun } from "./runs-items.ts";
import { DESIGN_COLUMN, RUN_COLUMN, runLabel, statusOf, verdictOf } from "./runs-order.ts";

// The runs table's columns: the run, how it stands against its design, and one per check.

const column = createColumnHelper<TableRun>();

export function columnsFor(checks: readonly string[]) {
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

export type Columns = ReturnType<typeof columnsFor>;
