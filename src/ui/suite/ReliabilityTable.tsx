import { Outcome } from "../../schemas/outcome.ts";
import { suiteIntervals, type Reliability } from "../../state/suite/suite-reliability.ts";
import { OutcomeBadge } from "../shared/badges.tsx";
import { useRovingList } from "../shared/roving.ts";
import type { Pointing } from "./PassKLegend.tsx";
import { formatMs, formatShare } from "./reliability-format.ts";
import { formatCount } from "../shared/format.ts";

/**
 * The numbers behind the curves: per fixture and overall, with what was left out and why. With
 * `pointing`, a fixture's row hovered or focused (one Tab stop, ↑ ↓ between rows) draws its curve forward.
 */
export function ReliabilityTable({ reliability: r, pointing }: { reliability: Reliability; pointing?: Pointing }) {
  const k = r.k;
  const roving = useRovingList(
    r.fixtures.map((f) => f.fixture),
    null,
    { orientation: "vertical" },
  );
  const point = (fixture: string) => {
    if (!pointing) return {};
    const item = roving.item(fixture);
    return {
      ...item,
      onFocus: () => {
        item.onFocus();
        pointing.onPoint(fixture);
      },
      onBlur: () => pointing.onPoint(null),
      onMouseEnter: () => pointing.onPoint(fixture),
      onMouseLeave: () => pointing.onPoint(null),
      className: pointing.highlight === fixture ? "highlighted" : undefined,
    };
  };
  return (
    <table className="grid reliability" data-testid="passk-table">
      <thead>
        <tr>
          <th scope="col">fixture</th>
          <th scope="col" title="trials counted in pass^k">counted</th>
          <th scope="col">passed</th>
          <th scope="col" title="runs the serving side failed: left out of pass^k">excluded</th>
          <th scope="col">pass<sup>1</sup></th>
          <th scope="col">pass<sup>{k}</sup></th>
          <th scope="col">pass@{k}</th>
        </tr>
      </thead>
      <tbody {...(pointing ? roving.listProps : {})}>
        <tr data-row="overall">
          <th scope="row">overall (mean of fixtures)</th>
          <td className="num">{r.fixtures.reduce((n, f) => n + f.n, 0)}</td>
          <td className="num">{r.fixtures.reduce((n, f) => n + f.c, 0)}</td>
          <td className="num">{r.infrastructure}</td>
          <td className="num" data-testid="overall-pass-1">{formatShare(r.passHat[0])}</td>
          <td className="num" data-testid="overall-pass-k">{formatShare(r.passHat[k - 1])}</td>
          <td className="num">{formatShare(r.passAt[k - 1])}</td>
        </tr>
        {r.fixtures.map((f) => (
          <tr key={f.fixture} data-row={f.fixture} {...point(f.fixture)}>
            <th scope="row" className="mono">{f.fixture}</th>
            <td className="num">{f.n}</td>
            <td className="num">{f.c}</td>
            <td className="num">{f.infrastructure}</td>
            <td className="num">{formatShare(f.passHat[0])}</td>
            <td className="num">{formatShare(f.passHat[k - 1])}</td>
            <td className="num">{formatShare(f.passAt[k - 1])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The distributions beside pass^k: outcomes, latency and tokens over every trial run. */
export function ReliabilityFigures({ reliability: r }: { reliability: Reliability }) {
  const intervals = suiteIntervals(r);
  return (
    <dl className="kv" data-testid="reliability-figures">
      <dt title="fixtures resampled, then trials within them (docs/statistics.md)">95 % intervals</dt>
      <dd data-testid="passk-intervals">
        pass<sup>1</sup> {intervals.passRate} · pass<sup>{r.k}</sup> {intervals.passHat} · pass@{r.k} {intervals.passAt}
      </dd>
      <dt>runs</dt>
      <dd>
        {r.runs} ({r.infrastructure} excluded: infrastructure)
      </dd>
      <dt>latency p50 / p95</dt>
      <dd data-testid="latency">{r.latencyMs ? `${formatMs(r.latencyMs.p50)} / ${formatMs(r.latencyMs.p95)}` : "—"}</dd>
      <dt>tokens per run</dt>
      <dd>{r.tokensPerRun === null ? "— (the server reported no usage)" : formatCount(Math.round(r.tokensPerRun))}</dd>
      <dt>outcomes</dt>
      <dd className="outcome-counts" data-testid="outcome-distribution">
        {Outcome.options
          .filter((o) => (r.outcomes[o] ?? 0) > 0)
          .map((o) => (
            <span key={o} data-outcome-count={o}>
              <OutcomeBadge outcome={o} /> {r.outcomes[o]}
            </span>
          ))}
      </dd>
    </dl>
  );
}
