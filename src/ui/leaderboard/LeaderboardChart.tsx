import { memo } from "react";
import { Bar, BarChart, CartesianGrid, ErrorBar, ReferenceLine, XAxis, YAxis } from "recharts";
import type { CandidateRow, MetricId } from "../../state/leaderboard/leaderboard-format.ts";
import { plainTick } from "../suite/chart-text.tsx";
import { PERCENT_TICKS } from "../suite/count-ticks.ts";

const PERCENT_TICK = plainTick(" %");
const RANK_TICK = plainTick();
const ROW_HEIGHT = 34;
/** The chart's height with its caption, for the slot it is drawn into. */
export const chartHeight = (rows: number): number => 70 + rows * ROW_HEIGHT;

/**
 * The ranked metric of each row with its 95 % interval as an error bar, in the table's order (#1 on
 * top), and the baseline's value as a dashed line.
 */
export const LeaderboardChart = memo(function LeaderboardChart({ rows, metric, baseline, title }: { rows: readonly CandidateRow[]; metric: MetricId; baseline: string; title: string }) {
  const data = rows.map((r, i) => {
    const e = r.metrics[metric]?.estimate ?? null;
    return { rank: `#${i + 1}`, value: e ? e.value * 100 : 0, interval: e ? [(e.value - e.low) * 100, (e.high - e.value) * 100] : [0, 0] };
  });
  const base = rows.find((r) => r.key === baseline)?.metrics[metric]?.estimate ?? null;
  return (
    <figure className="leaderboard-chart" data-testid="leaderboard-chart">
      <figcaption className="panel-head">
        <h2>{title} with its 95 % interval</h2>
        <span className="muted">dashed: the baseline</span>
      </figcaption>
      <div className="leaderboard-scroll" role="region" aria-label={`${title} by candidate`} tabIndex={0}>
      <BarChart width={560} height={40 + rows.length * ROW_HEIGHT} data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="var(--border)" />
        <XAxis type="number" domain={[0, 100]} ticks={PERCENT_TICKS} niceTicks="none" tick={PERCENT_TICK} interval={0} stroke="var(--muted)" />
        <YAxis type="category" dataKey="rank" tick={RANK_TICK} interval={0} width={36} stroke="var(--muted)" />
        <Bar dataKey="value" fill="var(--accent)" isAnimationActive={false} barSize={16}>
          <ErrorBar dataKey="interval" width={6} stroke="var(--text)" strokeWidth={2} isAnimationActive={false} />
        </Bar>
        {base && <ReferenceLine x={base.value * 100} stroke="var(--text)" strokeDasharray="4 3" ifOverflow="extendDomain" />}
      </BarChart>
      </div>
    </figure>
  );
});
