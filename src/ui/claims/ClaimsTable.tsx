import { createColumnHelper, flexRender, getCoreRowModel, getExpandedRowModel, useReactTable, type ExpandedState } from "@tanstack/react-table";
import { Fragment, useMemo, useState } from "react";
import type { Claim } from "../../schemas/claim.ts";
import type { EventOf } from "../../schemas/event.ts";
import type { Verdict } from "../../schemas/verdict.ts";
import { StatusBadge } from "../shared/badges.tsx";
import { formatNumber } from "../shared/format.ts";
import { ClaimDetail } from "./ClaimDetail.tsx";
import { NoClaims } from "./NoClaims.tsx";
import { visible } from "../shared/inert.ts";

interface ClaimRow {
  index: number;
  claim: Claim;
}

interface Props {
  claims: readonly Claim[];
  /** null until the run has finished and been scored. */
  verdicts: readonly Verdict[] | null;
  observations: ReadonlyMap<string, EventOf<"observation">>;
  attempts: ReadonlyMap<string, EventOf<"attempt">>;
}

const column = createColumnHelper<ClaimRow>();

function FieldVerdict({ verdicts, check }: { verdicts: readonly Verdict[] | null; check: string }) {
  const v = verdicts?.find((x) => x.check === check);
  if (!v) return null;
  return (
    <span title={`${check}: ${v.explanation}`} data-check={check}>
      <StatusBadge status={v.status} compact />
    </span>
  );
}

const formatValue = (c: Claim): string => (c.unit === "INR" ? `${formatNumber(c.value, 2)} INR` : `${formatNumber(c.value, 4)} ratio`);

/** The final decision's typed claims, each field beside its verdict; a row expands to what backs it. */
export function ClaimsTable({ claims, verdicts, observations, attempts }: Props) {
  const data = useMemo(() => claims.map((claim, index) => ({ index, claim })), [claims]);
  // Rows are keyed by position, so claim 0 of the next run would open where claim 0 of this one was:
  // expansion belongs to one run's claims (one final event), and starts closed for the next. Moving
  // the cursor before the final and back shows the same claims, so what was open stays open.
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [expandedFor, setExpandedFor] = useState(claims);
  if (claims.length > 0 && claims !== expandedFor) {
    setExpandedFor(claims);
    setExpanded({});
  }
  const columns = useMemo(
    () => [
      column.display({
        id: "expand",
        header: () => <span className="sr-only">details</span>,
        cell: ({ row }) => (
          <button type="button" onClick={row.getToggleExpandedHandler()} aria-expanded={row.getIsExpanded()} aria-label={`${row.getIsExpanded() ? "Hide" : "Show"} assumptions and evidence of claim ${row.original.index}`}>
            {row.getIsExpanded() ? "▾" : "▸"}
          </button>
        ),
      }),
      column.accessor((r) => r.claim.kind, { id: "kind", header: "kind" }),
      ...(["value", "unit", "scenario", "as_of", "calculator"] as const).map((field) =>
        column.accessor((r) => r.claim[field], {
          id: field,
          header: field.replace("_", "-"),
          cell: ({ row }) => (
            <span className="field-cell">
              <span className={field === "value" ? "mono" : undefined}>{field === "value" ? formatValue(row.original.claim) : visible(String(row.original.claim[field] ?? "null"))}</span>
              <FieldVerdict verdicts={verdicts} check={`claim[${row.original.index}].${field}`} />
            </span>
          ),
        }),
      ),
      column.accessor((r) => r.claim.evidence_id, {
        id: "evidence",
        header: "evidence",
        cell: ({ row }) => (
          <span className="field-cell">
            <code className="code-chip">{visible(row.original.claim.evidence_id)}</code>
            <FieldVerdict verdicts={verdicts} check={`claim[${row.original.index}].evidence`} />
          </span>
        ),
      }),
    ],
    [verdicts],
  );
  const table = useReactTable({ data, columns, state: { expanded }, onExpandedChange: setExpanded, getCoreRowModel: getCoreRowModel(), getExpandedRowModel: getExpandedRowModel(), getRowCanExpand: () => true });
  if (claims.length === 0) return <NoClaims scored={verdicts !== null} />;
  return (
    <div className="claims-scroll">
    <table className="grid" data-testid="claims-table">
      <thead>
        {table.getHeaderGroups().map((g) => (
          <tr key={g.id}>{g.headers.map((h) => <th key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</th>)}</tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <Fragment key={row.id}>
            <tr data-testid={`claim-row-${row.original.index}`}>
              {row.getVisibleCells().map((cell) => <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>)}
            </tr>
            {row.getIsExpanded() && (
              <tr className="expand-row">
                <td colSpan={row.getVisibleCells().length}>
                  <ClaimDetail claim={row.original.claim} observations={observations} attempts={attempts} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
    </div>
  );
}
