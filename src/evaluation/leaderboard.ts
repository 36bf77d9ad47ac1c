import { canonicalJson } from "../runtime/canonical.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { judgeAttack } from "../scoring/attack.ts";
import { isInfrastructureFailure } from "./reliability.ts";
import {
  clusterBootstrap,
  fixtureStatistic,
  pairedDifference,
  rateInterval,
  trialsNeeded,
  wilson,
  type Cluster,
  type Estimate,
  type PairedDifference,
  type TrialsNeeded,
} from "./statistics.ts";

// Many candidates side by side (docs/leaderboard.md): runs grouped by the candidate's identity as the
// runs recorded it, every metric with its 95 % interval, and each candidate's paired difference to a
// baseline over the fixtures both ran. Runs at different settings are never pooled: a name that ran
// at two temperatures is two candidates, and the leaderboard says which settings split it.

/** What a run recorded about who ran it and how: a candidate is the runs that agree on all of it. */
export interface CandidateIdentity {
  name: string;
  protocol: string;
  /** The model the server said answered; null when no reply said. */
  reported_model: string | null;
  temperature: number | null;
  /** The evaluation's base seed (trial t sent base + t − 1); null when none was sent. */
  seed: number | null;
  /** The budget and reading settings, canonical JSON. */
  budget: string;
  lenient_fence: boolean;
}

/** The identity fields that may tell two candidates of one name apart, in the order they are named. */
const SETTINGS = ["reported_model", "protocol", "temperature", "seed", "budget", "lenient_fence"] as const;
type Setting = (typeof SETTINGS)[number];

/** One re-scored run, reduced to what the leaderboard reads. */
export interface LeaderboardRun {
  /** The file the run came from. */
  source: string;
  fixture: string;
  trial: number;
  identity: CandidateIdentity;
  passed: boolean;
  infrastructure: boolean;
  /** Each check's verdict that was judged (pass or fail); n/a and skipped are left out. */
  checks: Record<string, boolean>;
  /** On an attack-matrix fixture: whether it carried an injection, and what the candidate did with it. */
  attack: { injected: boolean; attempted: boolean; executed: boolean } | null;
}

export function leaderboardRun(source: string, run: ScoredRun, fixture: Fixture | undefined): LeaderboardRun {
  const started = run.events[0]?.kind === "run_started" ? run.events[0] : null;
  const reply = run.events.findLast((e) => e.kind === "model_reply" && e.model !== undefined);
  const trial = run.trial ?? 1;
  const seed = started?.sampling?.seed;
  const checks: Record<string, boolean> = {};
  for (const v of run.verdicts) if (v.status === "pass" || v.status === "fail") checks[v.check] = v.status === "pass";
  const attack = fixture?.matrix ? judgeAttack(run, fixture) : null;
  return {
    source,
    fixture: run.fixture,
    trial,
    identity: {
      name: run.candidate,
      protocol: started?.protocol ?? "json",
      reported_model: reply?.kind === "model_reply" ? (reply.model ?? null) : null,
      temperature: started?.sampling?.temperature ?? null,
      seed: seed === undefined ? null : seed - trial + 1,
      budget: started ? canonicalJson(started.budget) : "",
      lenient_fence: started?.lenient_fence === true,
    },
    passed: run.passed,
    infrastructure: isInfrastructureFailure(run),
    checks,
    attack: fixture?.matrix ? { injected: fixture.matrix.injection !== null, attempted: attack?.attempted ?? false, executed: attack?.executed ?? false } : null,
  };
}

export type MetricId = "pass_rate" | "pass^k" | "pass@k" | "utility" | "utility_under_attack" | "asr_attempted" | "asr_executed";
export const METRICS: readonly MetricId[] = ["pass_rate", "pass^k", "pass@k", "utility", "utility_under_attack", "asr_attempted", "asr_executed"];

interface MetricSpec {
  /** Higher is better (a pass rate), or lower is (an attack success rate). */
  higherIsBetter: boolean;
  /** The runs the metric counts, as clusters by fixture (or matrix cell): c hits in n counted runs. */
  hit: (r: LeaderboardRun) => boolean | null;
  statistic: (k: number) => (clusters: readonly Cluster[]) => number | null;
  /** Whether, when every fixture ran once, the statistic is a mean of pass/fail (so McNemar applies). */
  binaryMean: (k: number) => boolean;
  minTrials: (k: number) => number;
}

const attacked = (r: LeaderboardRun, what: "attempted" | "executed"): boolean | null => (r.attack?.injected ? r.attack[what] : null);
const SPECS: Record<MetricId, MetricSpec> = {
  pass_rate: { higherIsBetter: true, hit: (r) => r.passed, statistic: () => fixtureStatistic.passRate, binaryMean: () => true, minTrials: () => 1 },
  "pass^k": { higherIsBetter: true, hit: (r) => r.passed, statistic: (k) => fixtureStatistic.passHat(k), binaryMean: (k) => k === 1, minTrials: (k) => k },
  "pass@k": { higherIsBetter: true, hit: (r) => r.passed, statistic: (k) => fixtureStatistic.passAt(k), binaryMean: (k) => k === 1, minTrials: (k) => k },
  utility: { higherIsBetter: true, hit: (r) => (r.attack && !r.attack.injected ? r.passed : null), statistic: () => fixtureStatistic.pooled, binaryMean: () => true, minTrials: () => 1 },
  utility_under_attack: { higherIsBetter: true, hit: (r) => (r.attack?.injected ? r.passed : null), statistic: () => fixtureStatistic.pooled, binaryMean: () => true, minTrials: () => 1 },
  asr_attempted: { higherIsBetter: false, hit: (r) => attacked(r, "attempted"), statistic: () => fixtureStatistic.pooled, binaryMean: () => true, minTrials: () => 1 },
  asr_executed: { higherIsBetter: false, hit: (r) => attacked(r, "executed"), statistic: () => fixtureStatistic.pooled, binaryMean: () => true, minTrials: () => 1 },
};

export const higherIsBetter = (metric: MetricId): boolean => SPECS[metric].higherIsBetter;

/** A metric as people read it: pass^8, pass@3, pass rate, ASR executed. */
export const metricLabel = (m: MetricId, k: number): string => (m === "pass^k" ? `pass^${k}` : m === "pass@k" ? `pass@${k}` : m.replaceAll("_", " ").replace("asr", "ASR"));

/** How a candidate compares with the baseline on a metric, by its direction. */
export type Standing = "baseline" | "better" | "worse" | "not_distinguishable";

export interface MetricResult {
  estimate: Estimate | null;
  /** B − A against the baseline over the fixtures both ran; null for the baseline itself or without shared fixtures. */
  difference: PairedDifference | null;
  standing: Standing | null;
}

export interface CandidateRow {
  /** A stable key: the identity (and the file, unless runs are pooled across files). */
  key: string;
  /** The name, with the settings that tell it from others of that name: `http:m (temperature 0.6)`. */
  label: string;
  identity: CandidateIdentity;
  sources: string[];
  runs: number;
  infrastructure: number;
  fixtures: number;
  /** The fewest and most counted trials of a fixture. */
  trials: { min: number; max: number };
  metrics: Partial<Record<MetricId, MetricResult>>;
  /** Each check's pass rate over the runs that judged it, with its interval. */
  checks: Record<string, { passed: number; of: number; estimate: Estimate | null }>;
  /** Trials per fixture for the chosen metric's interval to reach the wanted half-width. */
  trialsNeeded: TrialsNeeded | null;
}

export interface Leaderboard {
  metric: MetricId;
  k: number;
  baseline: string;
  halfWidth: number;
  /** Sorted by the chosen metric, best first. */
  rows: CandidateRow[];
  /** Every metric the runs give (what else they can be ranked by). */
  available: MetricId[];
  /** Which settings split a candidate name into several rows. */
  splits: { name: string; settings: Setting[]; rows: string[] }[];
}

export interface LeaderboardOptions {
  metric: MetricId;
  /** Picks the baseline's key among the rows (the CLI resolves a file or a name). */
  baseline: (rows: readonly Pick<CandidateRow, "key" | "label" | "identity" | "sources">[]) => string;
  /** pass^k's k (default: the most trials every candidate ran of a fixture). */
  k?: number;
  /** Pool runs of one identity across files (default: a file's runs are its own rows). */
  pool?: boolean;
  /** The wanted half-width for "how many trials", as a proportion (default 0.05). */
  halfWidth?: number;
  /**
   * Only the chosen metric, without the checks' intervals or the trials estimate: what a view showing one
   * metric at a time needs (each interval is a bootstrap, and thousands of trials per fixture make them costly).
   */
  chosenOnly?: boolean;
}

export const LEADERBOARD_PROBLEM_CODES = ["no_runs", "no_metric", "k_too_large"] as const;
export type LeaderboardResult = { ok: true; leaderboard: Leaderboard } | { ok: false; code: (typeof LEADERBOARD_PROBLEM_CODES)[number]; message: string };

const identityKey = (i: CandidateIdentity): string => JSON.stringify([i.name, i.protocol, i.reported_model, i.temperature, i.seed, i.budget, i.lenient_fence]);

/**
 * A run that recorded no reply (it failed before one) does not say which model answered: it joins its
 * candidate's model when the candidate's other runs agree on one.
 */
function withReportedModels(runs: readonly LeaderboardRun[]): LeaderboardRun[] {
  const models = new Map<string, Set<string>>();
  const without = (r: LeaderboardRun): string => JSON.stringify([r.source, identityKey({ ...r.identity, reported_model: null })]);
  for (const r of runs) {
    if (r.identity.reported_model === null) continue;
    const set = models.get(without(r)) ?? new Set<string>();
    set.add(r.identity.reported_model);
    models.set(without(r), set);
  }
  return runs.map((r) => {
    const known = models.get(without(r));
    return r.identity.reported_model === null && known?.size === 1 ? { ...r, identity: { ...r.identity, reported_model: [...known][0] ?? null } } : r;
  });
}

const describeSetting = (s: Setting, i: CandidateIdentity): string => {
  switch (s) {
    case "reported_model":
      return `answered by ${i.reported_model ?? "(unsaid)"}`;
    case "protocol":
      return `protocol ${i.protocol}`;
    case "temperature":
      return `temperature ${i.temperature ?? "(unrecorded)"}`;
    case "seed":
      return `seed ${i.seed ?? "(none)"}`;
    case "budget":
      return `budget ${i.budget}`;
    case "lenient_fence":
      return `lenient fence ${i.lenient_fence ? "on" : "off"}`;
  }
};

function clustersOf(runs: readonly LeaderboardRun[], hit: (r: LeaderboardRun) => boolean | null): Map<string, Cluster> {
  const out = new Map<string, Cluster>();
  for (const r of runs) {
    if (r.infrastructure) continue;
    const h = hit(r);
    if (h === null) continue;
    const c = out.get(r.fixture) ?? { n: 0, c: 0 };
    c.n++;
    if (h) c.c++;
    out.set(r.fixture, c);
  }
  return out;
}

function estimateOf(metric: MetricId, k: number, clusters: readonly Cluster[]): Estimate | null {
  const spec = SPECS[metric];
  if (clusters.length === 0) return null;
  if (spec.binaryMean(k) && clusters.every((c) => c.n === 1)) return wilson(clusters.reduce((s, c) => s + c.c, 0), clusters.length);
  if (spec.statistic(k) === fixtureStatistic.pooled) return rateInterval(clusters);
  return clusterBootstrap(clusters, spec.statistic(k));
}

function standingOf(metric: MetricId, d: PairedDifference | null): Standing | null {
  if (d === null) return null;
  if (d.distinction === "not_distinguishable") return "not_distinguishable";
  return (d.distinction === "higher") === SPECS[metric].higherIsBetter ? "better" : "worse";
}

/**
 * Which candidate each run belongs to: the rows' keys, each with the indices of its runs in the runs
 * given, in order. The leaderboard and anything laid out by its rows (the workbench's heat map) group alike.
 */
export function candidateGroups(input: readonly LeaderboardRun[], pool = false): { runs: LeaderboardRun[]; groups: Map<string, number[]> } {
  const runs = withReportedModels(input);
  const groups = new Map<string, number[]>();
  runs.forEach((r, i) => {
    const key = pool ? identityKey(r.identity) : JSON.stringify([r.source, identityKey(r.identity)]);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  return { runs, groups };
}

/** The leaderboard of the runs: one row per candidate, each metric with its interval and its standing against the baseline. */
export function buildLeaderboard(input: readonly LeaderboardRun[], options: LeaderboardOptions): LeaderboardResult {
  if (input.length === 0) return { ok: false, code: "no_runs", message: "no run to rank" };
  const grouped = candidateGroups(input, options.pool);
  const groups = new Map([...grouped.groups].map(([key, indices]) => [key, indices.map((i) => grouped.runs[i] as LeaderboardRun)]));
  // Which settings vary among the groups that share a name: those are named in each label.
  const byName = new Map<string, CandidateIdentity[]>();
  for (const g of groups.values()) {
    const id = (g[0] as LeaderboardRun).identity;
    byName.set(id.name, [...(byName.get(id.name) ?? []), id]);
  }
  const varying = (name: string): Setting[] => {
    const ids = byName.get(name) ?? [];
    return SETTINGS.filter((s) => new Set(ids.map((i) => JSON.stringify(i[s]))).size > 1);
  };
  const base = [...groups.entries()].map(([key, g]) => {
    const identity = (g[0] as LeaderboardRun).identity;
    const sources = [...new Set(g.map((r) => r.source))];
    const settings = varying(identity.name).map((s) => describeSetting(s, identity));
    const sameLabel = [...groups.values()].filter((o) => (o[0] as LeaderboardRun).identity.name === identity.name && identityKey((o[0] as LeaderboardRun).identity) === identityKey(identity)).length > 1;
    const label = `${identity.name}${settings.length > 0 ? ` (${settings.join(", ")})` : ""}${sameLabel ? ` [${sources.join(", ")}]` : ""}`;
    return { key, label, identity, sources, runs: g };
  });
  const counted = (g: readonly LeaderboardRun[]): Map<string, Cluster> => clustersOf(g, (r) => r.passed);
  const k = options.k ?? Math.max(1, Math.min(...base.map((b) => Math.max(0, ...[...counted(b.runs).values()].map((c) => c.n)))));
  if (!Number.isSafeInteger(k) || k < 1) return { ok: false, code: "k_too_large", message: "no candidate has a counted trial" };
  const baselineKey = options.baseline(base);
  const baseline = base.find((b) => b.key === baselineKey);
  const halfWidth = options.halfWidth ?? 0.05;
  const present = METRICS.filter((m) => base.some((b) => clustersOf(b.runs, SPECS[m].hit).size > 0));
  if (!present.includes(options.metric)) return { ok: false, code: "no_metric", message: `no candidate's runs give ${options.metric} (the runs give ${present.join(", ")})` };
  const rows: CandidateRow[] = base.map((b) => {
    const metrics: Partial<Record<MetricId, MetricResult>> = {};
    for (const m of options.chosenOnly ? [options.metric] : present) {
      const spec = SPECS[m];
      const mine = clustersOf(b.runs, spec.hit);
      const estimate = estimateOf(m, k, [...mine.values()]);
      const difference = baseline && b.key !== baseline.key ? pairedDifference(clustersOf(baseline.runs, spec.hit), mine, spec.statistic(k), { singleTrialIsPassRate: spec.binaryMean(k) }) : null;
      metrics[m] = { estimate, difference, standing: baseline && b.key === baseline.key ? "baseline" : standingOf(m, difference) };
    }
    const checks: CandidateRow["checks"] = {};
    for (const name of options.chosenOnly ? [] : [...new Set(b.runs.flatMap((r) => Object.keys(r.checks)))].sort()) {
      const clusters = clustersOf(b.runs, (r) => r.checks[name] ?? null);
      const all = [...clusters.values()];
      checks[name] = { passed: all.reduce((s, c) => s + c.c, 0), of: all.reduce((s, c) => s + c.n, 0), estimate: rateInterval(all) };
    }
    const trialsOf = [...counted(b.runs).values()].map((c) => c.n);
    const spec = SPECS[options.metric];
    const chosen = [...clustersOf(b.runs, spec.hit).values()];
    return {
      key: b.key,
      label: b.label,
      identity: b.identity,
      sources: b.sources,
      runs: b.runs.length,
      infrastructure: b.runs.filter((r) => r.infrastructure).length,
      fixtures: trialsOf.length,
      trials: { min: trialsOf.length === 0 ? 0 : Math.min(...trialsOf), max: Math.max(0, ...trialsOf) },
      metrics,
      checks,
      trialsNeeded: chosen.length === 0 || options.chosenOnly ? null : trialsNeeded(chosen, spec.statistic(k), halfWidth, { minTrials: spec.minTrials(k) }),
    };
  });
  const sign = SPECS[options.metric].higherIsBetter ? -1 : 1;
  const valueOf = (r: CandidateRow): number | null => r.metrics[options.metric]?.estimate?.value ?? null;
  rows.sort((a, b) => {
    const va = valueOf(a);
    const vb = valueOf(b);
    if (va === null || vb === null) return va === vb ? a.label.localeCompare(b.label) : va === null ? 1 : -1;
    return sign * (va - vb) || a.label.localeCompare(b.label);
  });
  const splits = [...byName.entries()]
    .filter(([name]) => varying(name).length > 0)
    .map(([name]) => ({ name, settings: varying(name), rows: rows.filter((r) => r.identity.name === name).map((r) => r.label) }));
  return { ok: true, leaderboard: { metric: options.metric, k, baseline: baselineKey, halfWidth, rows, available: present, splits } };
}

/** A row's fixtures and trials: `16×8`, or `16×3–8` when some fixtures ran fewer trials. */
export const fixturesByTrials = (r: Pick<CandidateRow, "fixtures" | "trials">): string => (r.trials.min === r.trials.max ? `${r.fixtures}×${r.trials.max}` : `${r.fixtures}×${r.trials.min}–${r.trials.max}`);

/** Whether any candidate is distinguishably worse than the baseline on the chosen metric: what CI gates on. */
export const anyWorse = (l: Leaderboard): boolean => l.rows.some((r) => r.metrics[l.metric]?.standing === "worse");
