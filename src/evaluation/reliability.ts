import type { Outcome } from "../schemas/outcome.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { byPlace } from "./plan.ts";

// Reliability over k trials (τ-bench): pass^k is the chance that k trials drawn from a fixture's
// n all pass, pass@k that at least one does. Both use the unbiased estimators over the c passes
// observed in n trials: pass^k = C(c,k)/C(n,k), pass@k = 1 − C(n−c,k)/C(n,k).

/**
 * Failures of the serving side, not of the candidate: the server errored, the connection failed,
 * or a request outran its own timeout (on a loaded machine the timeout is the machine's). Such
 * runs are counted apart and left out of pass^k, so infrastructure never reads as "the model failed".
 */
export const INFRASTRUCTURE_CODES: ReadonlySet<string> = new Set(["model_http_error", "model_network_error", "model_rate_limited", "model_timeout", "model_queue_timeout"]);

export const isInfrastructureFailure = (run: Pick<ScoredRun, "result">): boolean =>
  run.result.set_by === "runtime" && run.result.outcome === "unavailable" && INFRASTRUCTURE_CODES.has(run.result.policy_code ?? "");

/** C(n, k), exactly for the small n of a trial count (a ratio of products, no factorials). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - i + 1)) / i;
  return Math.round(c);
}

/** pass^k for one fixture with c passes in n counted trials; null when fewer than k were counted. */
export const passHatK = (n: number, c: number, k: number): number | null => (n < k || k < 1 ? null : choose(c, k) / choose(n, k));

/** pass@k for one fixture with c passes in n counted trials; null when fewer than k were counted. */
export const passAtK = (n: number, c: number, k: number): number | null => (n < k || k < 1 ? null : 1 - choose(n - c, k) / choose(n, k));

export interface FixtureReliability {
  fixture: string;
  /** Every run of the fixture. */
  runs: number;
  /** Runs that ended on an infrastructure failure: not counted in n. */
  infrastructure: number;
  /** Counted trials and the passes among them. */
  n: number;
  c: number;
  /** Index k−1 holds pass^k / pass@k for k = 1…K. */
  passHat: (number | null)[];
  passAt: (number | null)[];
}

export interface Reliability {
  /** The largest number of trials of any fixture. */
  k: number;
  fixtures: FixtureReliability[];
  /** The mean over fixtures with at least k counted trials; null when none has. */
  passHat: (number | null)[];
  passAt: (number | null)[];
  infrastructure: number;
  runs: number;
  outcomes: Partial<Record<Outcome, number>>;
  latencyMs: { p50: number; p95: number } | null;
  /** Mean tokens per run over runs whose server reported usage; null when none did. */
  tokensPerRun: number | null;
}

const mean = (values: readonly (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
};

/** The nearest-rank percentile of sorted values. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** What reliability needs of one run: a few numbers, so a long evaluation keeps only these. */
export interface RunSummary {
  fixture: string;
  passed: boolean;
  infrastructure: boolean;
  outcome: Outcome;
  durationMs: number;
  tokens: number | null;
}

export function summarise(run: Pick<ScoredRun, "fixture" | "passed" | "outcome" | "result" | "events">): RunSummary {
  const usages = run.events.flatMap((e) => (e.kind === "model_reply" && e.usage ? [e.usage] : []));
  return {
    fixture: run.fixture,
    passed: run.passed,
    infrastructure: isInfrastructureFailure(run),
    outcome: run.outcome,
    durationMs: run.events.at(-1)?.at_ms ?? 0,
    tokens: usages.length === 0 ? null : usages.reduce((sum, u) => sum + (u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0)), 0),
  };
}

/** pass^k and pass@k per fixture and overall for k = 1…K, with the distributions beside them. */
export const reliability = (runs: readonly ScoredRun[]): Reliability => reliabilityOf(runs.map(summarise));

/**
 * As `reliability`, from the runs' summaries. Fixtures are listed in `fixtureOrder` (an evaluation's
 * plan), whatever order their runs finished in; those it does not name follow as first seen.
 */
export function reliabilityOf(runs: readonly RunSummary[], fixtureOrder: readonly string[] = []): Reliability {
  const byFixture = new Map<string, RunSummary[]>();
  for (const run of runs) {
    const list = byFixture.get(run.fixture);
    if (list) list.push(run);
    else byFixture.set(run.fixture, [run]);
  }
  const k = Math.max(0, ...[...byFixture.values()].map((r) => r.length));
  const ks = Array.from({ length: k }, (_, i) => i + 1);
  const place = byPlace(fixtureOrder);
  const inOrder = [...byFixture.entries()].sort(([a], [b]) => place(a, b));
  const fixtures = inOrder.map(([fixture, fxRuns]): FixtureReliability => {
    const counted = fxRuns.filter((r) => !r.infrastructure);
    const n = counted.length;
    const c = counted.filter((r) => r.passed).length;
    return { fixture, runs: fxRuns.length, infrastructure: fxRuns.length - n, n, c, passHat: ks.map((j) => passHatK(n, c, j)), passAt: ks.map((j) => passAtK(n, c, j)) };
  });
  const outcomes: Partial<Record<Outcome, number>> = {};
  for (const run of runs) outcomes[run.outcome] = (outcomes[run.outcome] ?? 0) + 1;
  const durations = runs.map((r) => r.durationMs).sort((a, b) => a - b);
  const tokens = runs.map((r) => r.tokens).filter((t): t is number => t !== null);
  return {
    k,
    fixtures,
    passHat: ks.map((_, i) => mean(fixtures.map((f) => f.passHat[i] ?? null))),
    passAt: ks.map((_, i) => mean(fixtures.map((f) => f.passAt[i] ?? null))),
    infrastructure: fixtures.reduce((sum, f) => sum + f.infrastructure, 0),
    runs: runs.length,
    outcomes,
    latencyMs: durations.length === 0 ? null : { p50: percentile(durations, 50), p95: percentile(durations, 95) },
    tokensPerRun: tokens.length === 0 ? null : tokens.reduce((a, b) => a + b, 0) / tokens.length,
  };
}
