import { useMemo } from "react";
import type { CandidateRow } from "../../state/leaderboard/leaderboard-format.ts";
import type { LeaderboardCell } from "../../state/leaderboard/leaderboard-slice.ts";
import type { LeaderboardTable } from "../../state/leaderboard/leaderboard-table.ts";
import { useRovingList } from "../shared/roving.ts";
import { cellColours, LEGEND_STOPS } from "./palette.ts";

const percent = (rate: number): string => `${Math.round(rate * 100)} %`;
const same = (a: LeaderboardCell | null, b: LeaderboardCell): boolean => a !== null && a.key === b.key && a.fixture === b.fixture;

interface HeatMapProps {
  table: LeaderboardTable;
  rows: readonly CandidateRow[];
  picked: LeaderboardCell | null;
  opening: LeaderboardCell | null;
  onCell(cell: LeaderboardCell): void;
  /** What a click on a cell does, in words for its name. */
  action: string;
}

/** Fixtures × candidates: each candidate's pass rate on each fixture, its value printed in the cell; a cell is a button. */
export function HeatMap({ table, rows, picked, opening, onCell, action }: HeatMapProps) {
  // One Tab stop for the whole map (roving tabindex): ← → move along a fixture's row, ↑ ↓ along a candidate's column.
  const cellId = (column: number, fixture: string): string => `${column} ${fixture}`;
  const grid = useMemo(() => table.fixtures.map((f) => rows.map((r, i) => (table.cells[r.key]?.[f] ? cellId(i, f) : null))), [table, rows]);
  const keys = useMemo(() => grid.flatMap((row) => row.filter((k): k is string => k !== null)), [grid]);
  const pickedColumn = picked ? rows.findIndex((r) => r.key === picked.key) : -1;
  const roving = useRovingList(keys, picked && pickedColumn >= 0 ? cellId(pickedColumn, picked.fixture) : null, { orientation: "both", grid });
  return (
    <figure className="leaderboard-heat" data-testid="leaderboard-heat-map">
      <figcaption className="panel-head">
        <h2>Pass rate by fixture</h2>
        <span className="muted">runs passed of those judged (infrastructure failures left out); columns in the table's order</span>
      </figcaption>
      <div className="heat-legend" aria-hidden="true">
        {LEGEND_STOPS.map((s) => (
          <span key={s} style={cellColours(s)}>{percent(s)}</span>
        ))}
      </div>
      <div className="heat-scroll" role="region" aria-label="Pass rate by fixture and candidate" tabIndex={0}>
        <table className="grid heat-table">
          <thead>
            <tr>
              <th scope="col">fixture</th>
              {rows.map((r, i) => (
                <th key={r.key} scope="col" title={r.label}>
                  #{i + 1} <span className="heat-candidate">{r.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...roving.listProps}>
            {table.fixtures.map((fixture) => (
              <tr key={fixture} data-fixture={fixture}>
                <th scope="row" className="mono">{fixture}</th>
                {rows.map((r, i) => {
                  const c = table.cells[r.key]?.[fixture];
                  if (!c) return <td key={r.key} className="heat-none" data-candidate={i + 1}><span className="muted" aria-label="not run">–</span></td>;
                  const cell = { key: r.key, fixture };
                  const value = c.rate === null ? "–" : percent(c.rate);
                  const words = `${r.label} on ${fixture}: ${c.passed} of ${c.counted} passed${c.infrastructure > 0 ? `, ${c.infrastructure} infrastructure` : ""}`;
                  return (
                    <td key={r.key} data-candidate={i + 1} data-rate={c.rate ?? ""}>
                      <button
                        type="button"
                        className="heat-cell"
                        {...roving.item(cellId(i, fixture))}
                        style={c.rate === null ? undefined : cellColours(c.rate)}
                        aria-pressed={same(picked, cell)}
                        aria-busy={same(opening, cell)}
                        title={words}
                        onClick={() => onCell(cell)}
                      >
                        <span className="heat-value">{value}</span>
                        <span className="heat-count">{c.passed}/{c.counted}</span>
                        {/* The name a screen reader gives the cell starts with what is printed in it. */}
                        <span className="sr-only">, {words}: {action}</span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
