import { useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Reliability } from "../../state/suite/suite-reliability.ts";
import { AfterPaint, useSteps } from "../shared/after-paint.tsx";
import { CHART_STEP, CHART_STEPS } from "./chart-steps.ts";
import { plainTick } from "./chart-text.tsx";
import { PERCENT_TICKS } from "./count-ticks.ts";
import { curveOpacity, curveStyle, DOTS_UP_TO } from "./pass-k-style.ts";
import { PassKLegend, type Pointing } from "./PassKLegend.tsx";
import { PassKMultiples } from "./PassKMultiples.tsx";
import { formatShare } from "./reliability-format.ts";

const TICK = plainTick();
const PERCENT_TICK = plainTick(" %");
const OVERALL = "overall";

type Row = Record<string, number | null> & { k: number; fixturesAtK: number };

// A suite imported from elsewhere can hold hundreds of trials per fixture: the curve is then drawn
// through at most this many values of k (always 1 and K), without a dot on each, so the first paint
// stays short.
const MAX_POINTS = 40;
/** Labelled values of k on the x axis at most: chosen here, so recharts never measures labels to thin them. */
const MAX_TICKS = 10;

/** The values of k plotted: every k up to MAX_POINTS, else MAX_POINTS spread evenly from 1 to K. */
export function plottedKs(k: number): number[] {
  if (k <= MAX_POINTS) return Array.from({ length: k }, (_, i) => i + 1);
  return [...new Set(Array.from({ length: MAX_POINTS }, (_, i) => 1 + Math.round((i * (k - 1)) / (MAX_POINTS - 1))))];
}

/** The values of k labelled: every plotted one up to MAX_TICKS, else MAX_TICKS of them spread evenly, the first and last included. */
export function labelledKs(plotted: readonly number[]): number[] {
  if (plotted.length <= MAX_TICKS) return [...plotted];
  return [...new Set(Array.from({ length: MAX_TICKS }, (_, i) => plotted[Math.round((i * (plotted.length - 1)) / (MAX_TICKS - 1))] as number))];
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

type Drawing = "one" | "each";

/**
 * pass^k curves, k on x: one thin line per fixture and a thick one for their mean, or one small chart
 * per fixture. A fixture pointed at in the legend or the table is drawn forward, the rest dimmed.
 * `defer`: drawn after the suite around it has painted (an imported suite), in a frame after the
 * suite's other charts, at the width its slot was laid out at; its ticks are plain text, never measured.
 */
export function PassKChart({ reliability, defer = false, pointing }: { reliability: Reliability; defer?: boolean; pointing: Pointing }) {
  const rows = useMemo(() => rowsOf(reliability), [reliability]);
  const ticks = useMemo(() => labelledKs(rows.map((row) => row.k)), [rows]);
  const [drawing, setDrawing] = useState<Drawing>("one");
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
      <div className="segmented" role="group" aria-label="Draw pass^k as">
        <button type="button" aria-pressed={drawing === "one"} onClick={() => setDrawing("one")}>One chart</button>
        <button type="button" aria-pressed={drawing === "each"} onClick={() => setDrawing("each")}>One chart per fixture</button>
      </div>
      {drawing === "each" ? (
        <PassKMultiples reliability={reliability} />
      ) : (
        <>
          <AfterPaint deferIf={defer} frames={4} placeholder={<div style={{ height: 300 }} aria-busy="true" />}>
            {(width) => <Curves reliability={reliability} rows={rows} ticks={ticks} dots={dots} width={width} stepped={defer} highlight={pointing.highlight} />}
          </AfterPaint>
          <PassKLegend reliability={reliability} pointing={pointing} />
        </>
      )}
      {thinned && (
        <p className="muted" style={{ margin: 0 }} data-testid="overall-thinned">
          From k = {thinned.k}, the overall line is the mean of {thinned.fixturesAtK} of {reliability.fixtures.length} fixtures: the others have fewer than k trials left once infrastructure failures are excluded.
        </p>
      )}
    </figure>
  );
}

interface CurvesProps {
  reliability: Reliability;
  rows: Row[];
  ticks: number[];
  dots: boolean;
  width: number;
  stepped: boolean;
  highlight: string | null;
}

/** Drawn in steps when `stepped` (chart-steps.ts); its curves carry no labels. */
function Curves({ reliability, rows, ticks, dots, width, stepped, highlight }: CurvesProps) {
  const step = useSteps(CHART_STEPS, stepped);
  return (
    <ResponsiveContainer width="100%" height={300} initialDimension={{ width, height: 300 }}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        {step >= CHART_STEP.marks && <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />}
        {step >= CHART_STEP.xAxis && <XAxis dataKey="k" tick={TICK} ticks={ticks} interval={0} label={{ value: "k", position: "insideBottomRight", offset: -2, fill: "var(--muted)", fontSize: 11 }} />}
        {step >= CHART_STEP.yAxis && <YAxis domain={[0, 100]} ticks={PERCENT_TICKS} niceTicks="none" tick={PERCENT_TICK} interval={0} width={48} />}
        {step >= CHART_STEP.tooltip && (
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(k, payload) => `k = ${String(k)} (overall: mean of ${String((payload[0]?.payload as Row | undefined)?.fixturesAtK ?? 0)} fixture(s) with ≥ k counted trials)`}
            formatter={(v) => (typeof v === "number" ? formatShare(v / 100) : "—")}
          />
        )}
        {step >= CHART_STEP.marks &&
          reliability.fixtures.map((f, i) => {
            const { stroke, dash } = curveStyle(i);
            const opacity = curveOpacity(f.fixture, highlight);
            const width = highlight === f.fixture ? 3 : 1.5;
            return (
              <Line
                key={f.fixture}
                data-fixture={f.fixture}
                type="linear"
                dataKey={f.fixture}
                stroke={stroke}
                strokeDasharray={dash}
                strokeOpacity={opacity}
                strokeWidth={width}
                dot={dots ? { r: 2.5, strokeOpacity: opacity, fillOpacity: opacity } : false}
                isAnimationActive={false}
                connectNulls={false}
              />
            );
          })}
        {step >= CHART_STEP.marks && <Line type="linear" dataKey={OVERALL} name="overall (mean)" stroke="var(--text)" strokeWidth={3.5} dot={dots ? { r: 3.5 } : false} isAnimationActive={false} />}
      </LineChart>
    </ResponsiveContainer>
  );
}
