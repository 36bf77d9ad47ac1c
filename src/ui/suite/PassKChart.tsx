import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Reliability } from "../../state/trial-reliability.ts";
import { formatShare } from "./reliability-format.ts";

const TICK = { fill: "var(--muted)", fontSize: 11 };
const OVERALL = "overall";
// Tableau 10: tells ten lines apart on a light and a dark panel alike.
const PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

type Row = Record<string, number | null> & { k: number; fixturesAtK: number };

// A suite imported from elsewhere can hold hundreds of trials per fixture: the curve is then drawn
// through at most this many values of k (always 1 and K), without a dot on each, so the first paint
// stays short.
const MAX_POINTS = 40;
const DOTS_UP_TO = 12;

/** The values of k plotted: every k up to MAX_POINTS, else MAX_POINTS spread evenly from 1 to K. */
export function plottedKs(k: number): number[] {
  if (k <= MAX_POINTS) return Array.from({ length: k }, (_, i) => i + 1);
  return [...new Set(Array.from({ length: MAX_POINTS }, (_, i) => 1 + Math.round((i * (k - 1)) / (MAX_POINTS - 1))))];
}

/** One row per plotted k: pass^k in percent for each fixture and overall (null where fewer than k trials counted). */
function rowsOf(r: Reliability): Row[] {
  return plottedKs(r.k).map((k) => {
    const i = k - 1;
    const row: Row = { k: i + 1, fixturesAtK: r.fixtures.filter((f) => f.passHat[i] != null).length };
    row[OVERALL] = r.passHat[i] == null ? null : (r.passHat[i] ?? 0) * 100;
    for (const f of r.fixtures) row[f.fixture] = f.passHat[i] == null ? null : (f.passHat[i] ?? 0) * 100;
    return row;
  });
}

/** pass^k curves, k on x: one thin line per fixture and a thick one for their mean. */
export function PassKChart({ reliability }: { reliability: Reliability }) {
  const rows = useMemo(() => rowsOf(reliability), [reliability]);
  const excluded = reliability.infrastructure;
  // The overall curve averages only fixtures with at least k counted trials: say so where that is fewer than all.
  const thinned = rows.find((row) => row.fixturesAtK < reliability.fixtures.length);
  const dots = rows.length <= DOTS_UP_TO;
  return (
    <figure data-testid="chart-pass-k" style={{ margin: 0, minWidth: 0 }}>
      <figcaption className="panel-head">
        <h2>
          pass<sup>k</sup> — the chance that k trials all pass
        </h2>
        <span className={excluded > 0 ? "badge outcome outcome-unavailable" : "muted"} data-testid="infrastructure-excluded" title="model_http_error, network failures and request timeouts: the serving side failed, not the candidate">
          {excluded} {excluded === 1 ? "run" : "runs"} excluded: infrastructure
        </span>
      </figcaption>
      <ResponsiveContainer width="100%" height={300}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="k" tick={TICK} interval={dots ? 0 : "preserveStartEnd"} label={{ value: "k", position: "insideBottomRight", offset: -2, fill: "var(--muted)", fontSize: 11 }} />
          <YAxis domain={[0, 100]} unit=" %" tick={TICK} width={48} />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(k, payload) => `k = ${String(k)} (overall: mean of ${String((payload[0]?.payload as Row | undefined)?.fixturesAtK ?? 0)} fixture(s) with ≥ k counted trials)`}
            formatter={(v) => (typeof v === "number" ? formatShare(v / 100) : "—")}
          />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {reliability.fixtures.map((f, i) => (
            <Line key={f.fixture} type="linear" dataKey={f.fixture} stroke={PALETTE[i % PALETTE.length] ?? "var(--accent)"} strokeWidth={1.5} dot={dots ? { r: 2.5 } : false} isAnimationActive={false} connectNulls={false} />
          ))}
          <Line type="linear" dataKey={OVERALL} name="overall (mean)" stroke="var(--text)" strokeWidth={3.5} dot={dots ? { r: 3.5 } : false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      {thinned && (
        <p className="muted" style={{ margin: 0 }} data-testid="overall-thinned">
          From k = {thinned.k}, the overall line is the mean of {thinned.fixturesAtK} of {reliability.fixtures.length} fixtures: the others have fewer than k trials left once infrastructure failures are excluded.
        </p>
      )}
    </figure>
  );
}
