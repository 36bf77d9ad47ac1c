import { mulberry32 } from "../runtime/prng.ts";
import { choose, passAtK, passHatK, type Reliability } from "./reliability.ts";

// How sure a rate is (docs/statistics.md). Every interval is at 95 %. A proportion over independent
// runs gets a Wilson score interval; anything averaged over fixtures, or over runs that share a
// fixture (trials), gets a cluster bootstrap: fixtures drawn with replacement, then trials within
// each, with a seeded generator so the same runs always give the same interval.

/** The normal quantile for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/** A rate and its 95 % interval, each in [0, 1]. */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

/** One fixture's counted trials: `c` passes (or hits) in `n`. */
export interface Cluster {
  n: number;
  c: number;
}

export interface BootstrapOptions {
  /** How many resamples (default 2000). */
  resamples?: number;
  /** The generator's seed (default 1): the same seed and runs give the same interval. */
  seed?: number;
}

const RESAMPLES = 2000;

/** Wilson's score interval for `successes` in `n` independent trials; null when n is 0. */
export function wilson(successes: number, n: number, z = Z95): Estimate | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Rounding can leave the bounds a hair outside [0, 1] or off the value at p = 0 or 1.
  return { value: p, low: Math.max(0, Math.min(p, centre - half)), high: Math.min(1, Math.max(p, centre + half)) };
}

/** The q-quantile of sorted values, interpolated between the two nearest (Hyndman & Fan type 7). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const lo = sorted[below] ?? 0;
  const hi = sorted[Math.min(sorted.length - 1, below + 1)] ?? lo;
  return lo + (at - below) * (hi - lo);
}

/** c′ passes in n draws with replacement from a fixture's trials, c of which passed. */
function resampleTrials(cluster: Cluster, random: () => number): number {
  const p = cluster.n === 0 ? 0 : cluster.c / cluster.n;
  if (p === 0 || p === 1) return cluster.c;
  let c = 0;
  for (let i = 0; i < cluster.n; i++) if (random() < p) c++;
  return c;
}

/** Up to this many trials a fixture's resample is drawn trial by trial; beyond, by one uniform through its distribution function. */
const FEW_TRIALS = 32;

/**
 * Draws c′ ~ Bin(n, c/n), a fixture's trials resampled with replacement. With thousands of trials per
 * fixture a draw per trial made each interval seconds long; the binomial's distribution function, tabled
 * once per fixture, gives the same law for one uniform and a binary search.
 */
function trialSampler(cluster: Cluster): (random: () => number) => number {
  const { n, c } = cluster;
  if (n <= FEW_TRIALS || c === 0 || c === n) return (random) => resampleTrials(cluster, random);
  const p = c / n;
  const [logP, logQ] = [Math.log(p), Math.log1p(-p)];
  const cdf = new Float64Array(n + 1);
  let logPmf = n * logQ;
  let total = 0;
  for (let k = 0; k <= n; k++) {
    if (k > 0) logPmf += Math.log((n - k + 1) / k) + logP - logQ;
    total += Math.exp(logPmf);
    cdf[k] = total;
  }
  return (random) => {
    // Scaled by the table's own total, so rounding in it never leaves a uniform without a count.
    const u = random() * total;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The 2.5 % and 97.5 % points of a statistic's resampled values (the percentile interval). */
function percentileInterval(value: number, draws: number[]): Estimate {
  draws.sort((a, b) => a - b);
  return { value, low: Math.min(value, quantile(draws, 0.025)), high: Math.max(value, quantile(draws, 0.975)) };
}

/**
 * A two-stage cluster bootstrap: each resample draws as many fixtures as there are, with
 * replacement, then each drawn fixture's trials with replacement, and computes `statistic` on them.
 * Null when the statistic is null on the observed clusters; resamples where it is null are skipped.
 * When every run passed (or none did), no resample can differ and the percentile interval would be
 * a point: the interval is then Wilson's over the fixtures, the unit resampled — 16 fixtures that
 * all passed say the rate is above 81 %, not that it is 100 %.
 */
export function clusterBootstrap(clusters: readonly Cluster[], statistic: (clusters: readonly Cluster[]) => number | null, options: BootstrapOptions = {}): Estimate | null {
  const value = statistic(clusters);
  if (value === null || clusters.length === 0) return null;
  const counted = clusters.filter((f) => f.n > 0);
  if (counted.every((f) => f.c === f.n) || counted.every((f) => f.c === 0)) {
    const all = counted.length > 0 && (counted[0] as Cluster).c > 0;
    const w = wilson(all ? counted.length : 0, counted.length);
    return w === null ? null : { value, low: Math.min(value, w.low), high: Math.max(value, w.high) };
  }
  const random = mulberry32(options.seed ?? 1);
  const draws: number[] = [];
  const resample: Cluster[] = clusters.map((c) => ({ ...c }));
  const samplers = clusters.map(trialSampler);
  for (let b = 0; b < (options.resamples ?? RESAMPLES); b++) {
    for (let i = 0; i < clusters.length; i++) {
      const j = Math.floor(random() * clusters.length);
      resample[i] = { n: (clusters[j] as Cluster).n, c: (samplers[j] as (random: () => number) => number)(random) };
    }
    const s = statistic(resample);
    if (s !== null) draws.push(s);
  }
  return draws.length === 0 ? null : percentileInterval(value, draws);
}

const meanOf = (values: readonly (number | null)[]): number | null => {
  let sum = 0;
  let count = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    count++;
  }
  return count === 0 ? null : sum / count;
};

/** The metrics a cluster bootstrap is run for: each one number from the fixtures' counts. */
export const fixtureStatistic = {
  /** Pass rate (pass^1): the mean over fixtures of each fixture's share of passes. */
  passRate: (clusters: readonly Cluster[]): number | null => meanOf(clusters.map((f) => (f.n === 0 ? null : f.c / f.n))),
  /** pass^k averaged over the fixtures with at least k counted trials. */
  passHat: (k: number) => (clusters: readonly Cluster[]): number | null => meanOf(clusters.map((f) => passHatK(f.n, f.c, k))),
  /** pass@k averaged over the fixtures with at least k counted trials. */
  passAt: (k: number) => (clusters: readonly Cluster[]): number | null => meanOf(clusters.map((f) => passAtK(f.n, f.c, k))),
  /** Hits over runs, pooled: each run weighs the same, whatever its fixture. */
  pooled: (clusters: readonly Cluster[]): number | null => {
    let c = 0;
    let n = 0;
    for (const f of clusters) {
      c += f.c;
      n += f.n;
    }
    return n === 0 ? null : c / n;
  },
} as const;

/**
 * A pooled rate's interval: Wilson's when every run is of its own fixture (independent runs), a
 * cluster bootstrap over fixtures when some fixture ran more than once (its trials are not independent).
 */
export function rateInterval(clusters: readonly Cluster[], options: BootstrapOptions = {}): Estimate | null {
  const counted = clusters.filter((f) => f.n > 0);
  if (counted.every((f) => f.n === 1)) return wilson(counted.reduce((s, f) => s + f.c, 0), counted.length);
  return clusterBootstrap(counted, fixtureStatistic.pooled, options);
}

/** Whether B differs from A beyond what chance explains at 95 %, and which way the number moved. */
export type Distinction = "higher" | "lower" | "not_distinguishable";

/** A paired difference B − A over the fixtures both ran, with how it was judged. */
export interface PairedDifference {
  /** B − A of the statistic over the shared fixtures, with its 95 % interval (bootstrap) or null (McNemar). */
  difference: Estimate;
  method: "paired_bootstrap" | "mcnemar_exact";
  /** McNemar's two-sided exact p-value, when it was the test. */
  p: number | null;
  shared: number;
  distinction: Distinction;
}

/**
 * McNemar's exact test on a paired pass/fail table: `b` pairs where only A passed, `c` where only B
 * did. Under "no difference" each discordant pair is a fair coin: p = 2 · P(X ≤ min(b, c)), X ~ Bin(b + c, ½).
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  let tail = 0;
  for (let i = 0; i <= Math.min(b, c); i++) tail += choose(n, i);
  return Math.min(1, (2 * tail) / 2 ** n);
}

/**
 * B − A over the fixtures both ran. When every shared fixture ran once on each side and the statistic
 * is a pass rate, an exact McNemar test; otherwise a paired bootstrap: the same fixtures drawn for
 * both, then each side's trials within them, and the difference's percentile interval.
 */
export function pairedDifference(
  a: ReadonlyMap<string, Cluster>,
  b: ReadonlyMap<string, Cluster>,
  statistic: (clusters: readonly Cluster[]) => number | null,
  options: BootstrapOptions & { singleTrialIsPassRate?: boolean } = {},
): PairedDifference | null {
  const shared = [...a.keys()].filter((f) => b.has(f) && (a.get(f)?.n ?? 0) > 0 && (b.get(f)?.n ?? 0) > 0).sort();
  const pa = shared.map((f) => a.get(f) as Cluster);
  const pb = shared.map((f) => b.get(f) as Cluster);
  const va = statistic(pa);
  const vb = statistic(pb);
  if (va === null || vb === null) return null;
  const value = vb - va;
  if (options.singleTrialIsPassRate && pa.every((f) => f.n === 1) && pb.every((f) => f.n === 1)) {
    const onlyA = shared.filter((_, i) => pa[i]?.c === 1 && pb[i]?.c === 0).length;
    const onlyB = shared.filter((_, i) => pa[i]?.c === 0 && pb[i]?.c === 1).length;
    const p = mcnemarExact(onlyA, onlyB);
    return { difference: { value, low: Number.NaN, high: Number.NaN }, method: "mcnemar_exact", p, shared: shared.length, distinction: p < 0.05 ? (value > 0 ? "higher" : "lower") : "not_distinguishable" };
  }
  const random = mulberry32(options.seed ?? 1);
  const draws: number[] = [];
  const ra: Cluster[] = pa.map((c) => ({ ...c }));
  const rb: Cluster[] = pb.map((c) => ({ ...c }));
  const [drawA, drawB] = [pa.map(trialSampler), pb.map(trialSampler)];
  for (let r = 0; r < (options.resamples ?? RESAMPLES); r++) {
    for (let i = 0; i < shared.length; i++) {
      const j = Math.floor(random() * shared.length);
      ra[i] = { n: (pa[j] as Cluster).n, c: (drawA[j] as (random: () => number) => number)(random) };
      rb[i] = { n: (pb[j] as Cluster).n, c: (drawB[j] as (random: () => number) => number)(random) };
    }
    const sa = statistic(ra);
    const sb = statistic(rb);
    if (sa !== null && sb !== null) draws.push(sb - sa);
  }
  if (draws.length === 0) return null;
  const difference = percentileInterval(value, draws);
  const distinction: Distinction = difference.low > 0 ? "higher" : difference.high < 0 ? "lower" : "not_distinguishable";
  return { difference, method: "paired_bootstrap", p: null, shared: shared.length, distinction };
}

/** What `trialsNeeded` found: trials per fixture, or that trials alone cannot get there (more fixtures can). */
export type TrialsNeeded = { ok: true; trials: number; halfWidth: number } | { ok: false; reason: "needs_fixtures"; halfWidth: number };

/** The most trials per fixture `trialsNeeded` considers. */
export const TRIALS_CAP = 1024;

/**
 * How many trials per fixture would make the statistic's 95 % interval at most `halfWidth` on each
 * side, by the variance observed: a parametric bootstrap in which each fixture passes at its observed
 * rate, tried at trial counts doubling from `minTrials`, then bisected. When even the cap leaves the
 * interval wider, the spread is between fixtures, which trials do not shrink: more fixtures are needed.
 */
export function trialsNeeded(clusters: readonly Cluster[], statistic: (clusters: readonly Cluster[]) => number | null, halfWidth: number, options: BootstrapOptions & { minTrials?: number } = {}): TrialsNeeded | null {
  const rates = clusters.filter((f) => f.n > 0).map((f) => f.c / f.n);
  if (rates.length === 0) return null;
  const widthAt = (trials: number): number => {
    const random = mulberry32(options.seed ?? 1);
    const draws: number[] = [];
    const resample: Cluster[] = rates.map(() => ({ n: trials, c: 0 }));
    for (let b = 0; b < (options.resamples ?? 500); b++) {
      for (let i = 0; i < rates.length; i++) {
        const p = rates[Math.floor(random() * rates.length)] as number;
        let c = 0;
        if (p === 1) c = trials;
        else if (p > 0) for (let t = 0; t < trials; t++) if (random() < p) c++;
        resample[i] = { n: trials, c };
      }
      const s = statistic(resample);
      if (s !== null) draws.push(s);
    }
    if (draws.length === 0) return Number.POSITIVE_INFINITY;
    draws.sort((x, y) => x - y);
    return (quantile(draws, 0.975) - quantile(draws, 0.025)) / 2;
  };
  let low = Math.max(1, options.minTrials ?? 1);
  let width = widthAt(low);
  if (width <= halfWidth) return { ok: true, trials: low, halfWidth: width };
  let high = low;
  while (width > halfWidth) {
    if (high >= TRIALS_CAP) return { ok: false, reason: "needs_fixtures", halfWidth: width };
    low = high;
    high = Math.min(TRIALS_CAP, high * 2);
    width = widthAt(high);
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const w = widthAt(mid);
    if (w <= halfWidth) {
      high = mid;
      width = w;
    } else low = mid;
  }
  return { ok: true, trials: high, halfWidth: width };
}

const points = (v: number): string => String(Math.round(v * 100));

/** "[47, 76]": an interval's bounds in whole percentage points. */
export const formatInterval = (e: Pick<Estimate, "low" | "high">): string => `[${points(e.low)}, ${points(e.high)}]`;

/** "62 % [47, 76]": a rate and its interval in whole percentage points; "–" when there is none. */
export const formatEstimate = (e: Estimate | null): string => (e === null ? "–" : `${points(e.value)} % ${formatInterval(e)}`);

/** A difference in percentage points with its interval: "−31 pts [−47, −16]". */
export function formatDifference(d: PairedDifference): string {
  const pts = (v: number): string => {
    const r = Math.round(v * 100);
    return r < 0 ? `−${-r}` : r > 0 ? `+${r}` : "0";
  };
  const value = `${pts(d.difference.value)} pts`;
  return d.method === "mcnemar_exact" ? `${value} (McNemar p = ${d.p === null ? "–" : d.p.toPrecision(2)})` : `${value} [${pts(d.difference.low)}, ${pts(d.difference.high)}]`;
}

/** A reliability's rates with their 95 % intervals: each fixture's pass rate (Wilson), and pass^k and pass@k overall (bootstrap). */
export interface ReliabilityIntervals {
  fixtures: { fixture: string; passRate: Estimate | null }[];
  /** Index k−1 holds pass^k / pass@k for k = 1…K; pass^1 is the pass rate. */
  passHat: (Estimate | null)[];
  passAt: (Estimate | null)[];
}

/**
 * The intervals of a reliability, apart from it because they cost a bootstrap per k: a table asks for
 * them once, at the end. A fixture's trials are independent runs of it (Wilson); the overall rates are
 * means over fixtures (cluster bootstrap).
 */
export function reliabilityIntervals(r: Pick<Reliability, "k" | "fixtures">, options: BootstrapOptions & { /** Only these k (the rest null): a view that shows k = 1 and K. */ ks?: readonly number[] } = {}): ReliabilityIntervals {
  const clusters = r.fixtures.map((f) => ({ n: f.n, c: f.c }));
  const ks = Array.from({ length: r.k }, (_, i) => i + 1);
  const wanted = (k: number): boolean => options.ks === undefined || options.ks.includes(k);
  return {
    fixtures: r.fixtures.map((f) => ({ fixture: f.fixture, passRate: wilson(f.c, f.n) })),
    passHat: ks.map((k) => (wanted(k) ? clusterBootstrap(clusters, fixtureStatistic.passHat(k), options) : null)),
    passAt: ks.map((k) => (wanted(k) ? clusterBootstrap(clusters, fixtureStatistic.passAt(k), options) : null)),
  };
}
