import { fixturesByTrials, formatDifference, formatEstimate, type CandidateRow, type MetricId, type MetricResult, type Standing } from "../../state/leaderboard/leaderboard-format.ts";

const STANDING: Record<Standing, string> = { baseline: "baseline", better: "better", worse: "worse", not_distinguishable: "not distinguishable" };

function Versus({ m }: { m: MetricResult | undefined }) {
  if (!m || m.standing === null) return <span className="muted">– (no fixture in common)</span>;
  return (
    <>
      <span className={`standing standing-${m.standing}`} data-testid="standing">{STANDING[m.standing]}</span>
      {m.difference && <span className="diff"> {formatDifference(m.difference)}</span>}
    </>
  );
}

/** The candidates in the order given (regressions first): the ranked metric with its interval and the difference to the baseline. */
export function LeaderboardTable({ rows, metric, title }: { rows: readonly CandidateRow[]; metric: MetricId; title: string }) {
  return (
    <table className="grid leaderboard-table" data-testid="leaderboard-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">candidate</th>
          <th scope="col">from</th>
          <th scope="col">runs</th>
          <th scope="col">fixtures×trials</th>
          <th scope="col">{title} [95 %]</th>
          <th scope="col">vs baseline</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const m = r.metrics[metric];
          return (
            <tr key={r.key} data-standing={m?.standing ?? ""} data-label={r.label}>
              <td>{i + 1}</td>
              <th scope="row" className="mono">{r.label}</th>
              <td className="muted">{r.sources.join("; ")}</td>
              <td>
                {r.runs}
                {r.infrastructure > 0 && <span className="muted"> ({r.infrastructure} infrastructure)</span>}
              </td>
              <td>{fixturesByTrials(r)}</td>
              <td data-testid="estimate">{formatEstimate(m?.estimate ?? null)}</td>
              <td>
                <Versus m={m} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
