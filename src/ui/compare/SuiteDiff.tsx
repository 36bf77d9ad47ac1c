import { useMemo, useState } from "react";
import type { CompareSide, SuiteChange, SuiteComparison } from "../../state/compare/compare-slice.ts";
import { visible } from "../shared/inert.ts";

/** What needs looking at first. */
const ORDER: readonly SuiteChange[] = ["regressed", "fixed", "added", "removed", "unchanged"];
/** A table of ten thousand rows helps nobody: the filter narrows it. */
const MAX_ROWS = 500;

type Show = "all" | "changed" | SuiteChange;

function ChangeBadge({ change }: { change: SuiteChange }) {
  return (
    <span className={`badge change change-${change}`} data-change={change}>
      {change === "regressed" && <span aria-hidden="true">▲ </span>}
      {change}
    </span>
  );
}

/** Two suites run by run: fixed, regressed, unchanged, added, removed, regressions first. */
export function SuiteDiff({ a, b, result, onOpenRow }: { a: CompareSide | null; b: CompareSide | null; result: SuiteComparison | null; onOpenRow(key: string): void }) {
  const changed = result ? result.rows.length - result.counts.unchanged : 0;
  const [show, setShow] = useState<Show | null>(null);
  const showing: Show = show ?? (changed > 0 ? "changed" : "all");
  const rows = useMemo(() => {
    if (!result) return [];
    const picked = result.rows.filter((r) => showing === "all" || (showing === "changed" ? r.change !== "unchanged" : r.change === showing));
    return picked.map((r, i) => ({ r, i })).sort((x, y) => ORDER.indexOf(x.r.change) - ORDER.indexOf(y.r.change) || x.i - y.i).map((x) => x.r);
  }, [result, showing]);
  if (!a || !b || !result) {
    return <p className="empty">Choose two suites: the one in the workbench (run here or imported) or one saved in History. Runs are matched by fixture, candidate and trial — by fixture and trial when each suite holds one candidate, so model A can be compared with model B.</p>;
  }
  const { counts } = result;
  return (
    <div className="compare-result" data-testid="suite-comparison">
      <p className={`suite-compare-counts${counts.regressed > 0 ? " has-regressions" : ""}`} data-testid="suite-compare-counts">
        <strong>{result.rows.length} runs:</strong>{" "}
        {ORDER.map((c, i) => (
          <span key={c} data-count={c} className={c === "regressed" && counts[c] > 0 ? "regressed-count" : undefined}>
            {i > 0 ? ", " : ""}
            {counts[c]} {c}
          </span>
        ))}
      </p>
      <div className="controls">
        <label className="muted">
          show{" "}
          <select aria-label="Show" value={showing} onChange={(e) => setShow(e.target.value as Show)}>
            <option value="changed">changed ({changed})</option>
            <option value="all">all ({result.rows.length})</option>
            {ORDER.map((c) => (
              <option key={c} value={c}>{c} ({counts[c]})</option>
            ))}
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="muted">No run is {showing === "changed" ? "changed" : showing}: {counts.unchanged} of {result.rows.length} runs are unchanged.</p>
      ) : (
        <table className="grid suite-compare" data-testid="suite-compare-table">
          <thead>
            <tr>
              <th scope="col">run</th>
              <th scope="col">change</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col"><span className="sr-only">steps</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((r) => (
              <tr key={r.key} data-key={r.key} data-change={r.change} className={`change-${r.change}`}>
                <td className="mono">{visible(r.key)}</td>
                <td><ChangeBadge change={r.change} /></td>
                <td>{r.a ?? <span className="muted">—</span>}</td>
                <td>{r.b ?? <span className="muted">—</span>}</td>
                <td>
                  {r.a !== null && r.b !== null && (
                    <button type="button" onClick={() => onOpenRow(r.key)} aria-label={`Compare ${r.key} step by step`}>Steps</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > MAX_ROWS && <p className="muted">Showing the first {MAX_ROWS} of {rows.length} rows: choose what to show to narrow them.</p>}
    </div>
  );
}
