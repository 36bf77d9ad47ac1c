import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AfterPaint, useSteps } from "../shared/after-paint.tsx";
import { plainBarLabel, plainTick } from "./chart-text.tsx";
import type { Outcome } from "../../schemas/outcome.ts";

export interface SuiteChartsProps {
  /** Runs per outcome (src/state/suite/suite-summary.ts). */
  outcomes: readonly { outcome: Outcome; count: number }[];
  /** Pass rate per check, in percent. */
  rates: { check: string; rate: number }[];
}

const TICK = plainTick();
const PERCENT_TICK = plainTick(" %");
const COUNT_LABEL = plainBarLabel("top");
const RATE_LABEL = plainBarLabel("right", (v) => `${String(v)} %`);
const FIGURE_STYLE = { margin: 0, minWidth: 0 };

const outcomeLabel = (o: Outcome): string => o.replaceAll("_", " ");

/**
 * Each chart is drawn in tasks of its own after the suite has painted (recharts' first render of
 * one is tens of milliseconds, in one task it cannot slice): at the width its slot was laid out at,
 * so that first render is the chart itself and not an empty container that measures itself in an
 * effect and draws again; and in steps (useSteps), its axes first, then its bars, then its tooltip.
 */
export function SuiteCharts({ outcomes: counts, rates }: SuiteChartsProps) {
  const outcomes = useMemo(() => counts.map((o) => ({ outcome: outcomeLabel(o.outcome), count: o.count })), [counts]);
  return (
    <div className="charts">
      <figure data-testid="chart-outcomes" style={FIGURE_STYLE}>
        <figcaption>
          <h2>Outcomes</h2>
        </figcaption>
        <AfterPaint frames={2} placeholder={<div style={{ height: 220 }} aria-busy="true" />}>
          {(width) => <OutcomesChart outcomes={outcomes} width={width} />}
        </AfterPaint>
      </figure>
      <figure data-testid="chart-pass-rate" style={FIGURE_STYLE}>
        <figcaption>
          <h2>Pass rate per check</h2>
        </figcaption>
        <AfterPaint frames={3} placeholder={<div style={{ height: 320 }} aria-busy="true" />}>
          {(width) => <PassRateChart rates={rates} width={width} />}
        </AfterPaint>
      </figure>
    </div>
  );
}

/**
 * Steps: the axes, then the grid, the bars and their labels, then the tooltip. The grid waits for the
 * axes: drawn with them, it was laid out against the stand-in axes recharts uses until the real ones
 * are in its store, whose default `interval` measures each tick label in the page (a forced layout
 * each), which made the first step the longest task of drawing a chart.
 */
const STEPS = 3;

function OutcomesChart({ outcomes, width }: { outcomes: { outcome: string; count: number }[]; width: number }) {
  const step = useSteps(STEPS, true);
  // Room for the longest count on the axis (7 px a digit at the tick's size): 4-digit counts were clipped.
  const axisWidth = 14 + 7 * String(Math.max(0, ...outcomes.map((o) => o.count))).length;
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width, height: 220 }}>
      <BarChart data={outcomes} margin={{ top: 18, right: 8, bottom: 4, left: 0 }}>
        {step >= 2 && <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />}
        {/* Seven outcome labels do not fit side by side in the narrow column; slanting keeps every one. */}
        <XAxis dataKey="outcome" tick={TICK} textAnchor="end" interval={0} angle={-30} height={64} />
        <YAxis allowDecimals={false} tick={TICK} interval={0} width={Math.max(32, axisWidth)} />
        {step >= 3 && <Tooltip isAnimationActive={false} cursor={{ fill: "var(--panel-2)" }} />}
        {step >= 2 && (
          <Bar dataKey="count" name="runs" fill="var(--accent)" isAnimationActive={false}>
            <LabelList dataKey="count" content={COUNT_LABEL} />
          </Bar>
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}

function PassRateChart({ rates, width }: { rates: { check: string; rate: number }[]; width: number }) {
  const step = useSteps(STEPS, true);
  return (
    <ResponsiveContainer width="100%" height={320} initialDimension={{ width, height: 320 }}>
      <BarChart data={rates} layout="vertical" margin={{ top: 4, right: 64, bottom: 4, left: 0 }}>
        {step >= 2 && <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />}
        <XAxis type="number" domain={[0, 100]} tick={PERCENT_TICK} interval={0} />
        <YAxis type="category" dataKey="check" tick={TICK} width={190} interval={0} />
        {step >= 3 && <Tooltip isAnimationActive={false} cursor={{ fill: "var(--panel-2)" }} formatter={(v) => `${String(v)} %`} />}
        {/* A 0 % bar has no length: it is drawn as a short marker in the failure colour, its label beside it. */}
        {step >= 2 && (
          <Bar dataKey="rate" name="pass rate" fill="var(--accent)" minPointSize={4} isAnimationActive={false}>
            {rates.map((r) => (
              <Cell key={r.check} fill={r.rate === 0 ? "var(--fail)" : "var(--accent)"} data-rate={r.rate} />
            ))}
            <LabelList dataKey="rate" content={RATE_LABEL} />
          </Bar>
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
