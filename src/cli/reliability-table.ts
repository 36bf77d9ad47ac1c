import type { Reliability } from "../evaluation/reliability.ts";
import { UsageError } from "./usage-error.ts";
import { fixtureStatistic, formatEstimate, reliabilityIntervals, trialsNeeded, type TrialsNeeded } from "../evaluation/statistics.ts";

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? "-" : `${(v * 100).toFixed(1)}%`);

/** The wanted half-width of the closing "how many trials" line, in percentage points, unless asked otherwise. */
export const DEFAULT_HALF_WIDTH = 5;

export const HALF_WIDTH_OPTION = { "half-width": { type: "string" } } as const;
export const HALF_WIDTH_USAGE = `  --half-width P    the interval half-width, in percentage points, the "how many trials" line aims for (default ${DEFAULT_HALF_WIDTH})`;

/** --half-width as percentage points in (0, 50], or a usage error naming the flag. */
export function halfWidthFrom(value: string | undefined): number {
  if (value === undefined) return DEFAULT_HALF_WIDTH;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0 || n > 50) throw new UsageError(`--half-width must be a number of percentage points above 0 and at most 50 (got ${value})`);
  return n;
}

/** "±5 points on pass^4 needs ≈ 11 trials per fixture" — or why no number of trials gets there. */
export function trialsNeededLine(metric: string, halfWidthPoints: number, needed: TrialsNeeded | null): string {
  const wanted = `±${halfWidthPoints} points on ${metric}`;
  if (needed === null) return `${wanted}: nothing counted to estimate from`;
  if (!needed.ok) return `${wanted}: more trials alone do not get there (the fixtures differ by more: ±${Math.round(needed.halfWidth * 100)} points at the most trials tried); add fixtures`;
  return `${wanted} needs ≈ ${needed.trials} trial(s) per fixture (by the variance observed)`;
}

/**
 * pass^k per fixture and overall (k = 1…K), with the runs left out as infrastructure failures beside
 * them, each fixture's pass rate with its 95 % interval, then the overall rates with theirs (docs/statistics.md),
 * how many trials a ±`halfWidthPoints` interval on pass^K needs, the outcome distribution, latency and
 * tokens: what an analyst reads after K trials.
 */
export function reliabilityTable(r: Reliability, halfWidthPoints = DEFAULT_HALF_WIDTH): string {
  const ks = Array.from({ length: r.k }, (_, i) => i + 1);
  const intervals = reliabilityIntervals(r);
  const head = ["fixture", "runs", "infra", "passed", "pass rate [95 %]", ...ks.map((k) => `pass^${k}`)];
  const rows = [
    ...r.fixtures.map((f, i) => [f.fixture, String(f.runs), String(f.infrastructure), `${f.c}/${f.n}`, formatEstimate(intervals.fixtures[i]?.passRate ?? null), ...f.passHat.map(pct)]),
    ["overall", String(r.runs), String(r.infrastructure), "", formatEstimate(intervals.passHat[0] ?? null), ...r.passHat.map(pct)],
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  const outcomes = Object.entries(r.outcomes).map(([o, n]) => `${o} ${n}`).join(", ");
  const overall = ks.map((k, i) => `  k=${String(k).padEnd(String(r.k).length)}  pass^${k} ${formatEstimate(intervals.passHat[i] ?? null).padEnd(14)}  pass@${k} ${formatEstimate(intervals.passAt[i] ?? null)}`);
  // For the pass rate, and for pass^K at the K run (which needs at least K trials by its definition).
  const needed = r.k === 0 ? [] : [
    trialsNeededLine("the pass rate", halfWidthPoints, trialsNeeded(r.fixtures, fixtureStatistic.passRate, halfWidthPoints / 100)),
    ...(r.k > 1 ? [trialsNeededLine(`pass^${r.k}`, halfWidthPoints, trialsNeeded(r.fixtures, fixtureStatistic.passHat(r.k), halfWidthPoints / 100, { minTrials: r.k }))] : []),
  ];
  return [
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `pass@k: ${ks.map((k, i) => `@${k} ${pct(r.passAt[i])}`).join("  ")}`,
    "overall with 95 % intervals (fixtures resampled, then trials within them):",
    ...overall,
    ...needed,
    `outcomes: ${outcomes || "-"}`,
    `infrastructure failures (left out of pass^k): ${r.infrastructure} of ${r.runs} run(s)`,
    `latency p50 ${r.latencyMs ? Math.round(r.latencyMs.p50) : "-"} ms, p95 ${r.latencyMs ? Math.round(r.latencyMs.p95) : "-"} ms; tokens per run ${r.tokensPerRun === null ? "-" : Math.round(r.tokensPerRun)}`,
    "",
  ].join("\n");
}
