import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AfterPaint, useSteps } from "../shared/after-paint.tsx";
import { CHART_STEP, CHART_STEPS } from "./chart-steps.ts";
import { plainBarLabel, plainTick } from "./chart-text.tsx";
import { countTicks, PERCENT_TICKS } from "./count-ticks.ts";
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
 * effect and draws again; and in steps (chart-steps.ts).
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

function OutcomesChart({ outcomes, width }: { outcomes: { outcome: string; count: number }[]; width: number }) {
  const step = useSteps(CHART_STEPS, true);
  const ticks = useMemo(() => countTicks(Math.max(0, ...outcomes.map((o) => o.count))), [outcomes]);
  const top = ticks.at(-1) ?? 1;
  // Room for the longest count on the axis (7 px a digit at the tick's size): 4-digit counts were clipped.
  const axisWidth = 14 + 7 * String(top).length;
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width, height: 220 }}>
      <BarChart data={outcomes} margin={{ top: 18, right: 8, bottom: 4, left: 0 }}>
        {step >= CHART_STEP.marks && <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />}
        {/* Seven outcome labels do not fit side by side in the narrow column; slanting keeps every one. */}
        {step >= CHART_STEP.xAxis && <XAxis dataKey="outcome" tick={TICK} textAnchor="end" interval={0} angle={-30} height={64} />}
        {step >= CHART_STEP.yAxis && <YAxis domain={[0, top]} ticks={ticks} niceTicks="none" tick={TICK} interval={0} width={Math.max(32, axisWidth)} />}
        {step >= CHART_STEP.tooltip && <Tooltip isAnimationActive={false} cursor={{ fill: "var(--panel-2)" }} />}
        {step >= CHART_STEP.marks && (
          <Bar dataKey="count" name="runs" fill="var(--accent)" isAnimationActive={false}>
            {step >= CHART_STEP.labels && <LabelList dataKey="count" content={COUNT_LABEL} />}
          </Bar>
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}

function PassRateChart({ rates, width }: { rates: { check: string; rate: number }[]; width: number }) {
  const step = useSteps(CHART_STEPS, true);
  return (
    <ResponsiveContainer width="100%" height={320} initialDimension={{ width, height: 320 }}>
      <BarChart data={rates} layout="vertical" margin={{ top: 4, right: 64, bottom: 4, left: 0 }}>
        {step >= CHART_STEP.marks && <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />}
        {step >= CHART_STEP.xAxis && <XAxis type="number" domain={[0, 100]} ticks={PERCENT_TICKS} niceTicks="none" tick={PERCENT_TICK} interval={0} />}
        {step >= CHART_STEP.yAxis && <YAxis type="category" dataKey="check" tick={TICK} width={190} interval={0} />}
        {step >= CHART_STEP.tooltip && <Tooltip isAnimationActive={false} cursor={{ fill: "var(--panel-2)" }} formatter={(v) => `${String(v)} %`} />}
        {/* A 0 % bar has no length: it is drawn as a short marker in the failure colour, its label beside it. */}
        {step >= CHART_STEP.marks && (
          <Bar dataKey="rate" name="pass rate" fill="var(--accent)" minPointSize={4} isAnimationActive={false}>
            {rates.map((r) => (
              <Cell key={r.check} fill={r.rate === 0 ? "var(--fail)" : "var(--accent)"} data-rate={r.rate} />
            ))}
            {step >= CHART_STEP.labels && <LabelList dataKey="rate" content={RATE_LABEL} />}
          </Bar>
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
