import { httpCandidate } from "../candidates/http/http-candidate.ts";
import { listModels } from "../candidates/http/list-models.ts";
import { HttpSettings } from "../candidates/http/settings.ts";
import type { FetchLike } from "../candidates/http/wire.ts";
import { exportSuite } from "../integrity/export.ts";
import { verifyRun } from "../integrity/run-digest.ts";
import { verifyExportFile } from "../integrity/verify-file.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import { canonicalJson } from "../runtime/canonical.ts";
import { createRealClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import type { RunRecord } from "../runtime/result.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";
import { ScoredSuiteExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { toScoredRun } from "../scoring/score.ts";
import { chaosHandlers, CHAOS_KINDS, DEFAULT_PROBABILITIES, RUN_HEADER, type ChaosEvent, type ChaosKind, type ChaosOptions } from "./chaos.ts";
import { explainableOutcomes, outcomeLabel, type ObservedRequest } from "./chaos-endings.ts";
import { simulatedModelServer } from "./node.ts";
import { trackedFetch, waitForRequests, type RequestTrace } from "./tracked-fetch.ts";

export const LOAD_CANDIDATE = "reference";
const MODEL = `finbound-sim/${LOAD_CANDIDATE}`;

export interface LoadOptions {
  fixtures: readonly Fixture[];
  runs: number;
  concurrency: number;
  seed: number;
  deadlineMs: number;
  latencyMs?: ChaosOptions["latencyMs"];
  probabilities?: Record<ChaosKind, number>;
  /**
   * How late a run may end, and how long after it a request may still settle — beyond however late
   * the event loop was during that run (measured), since a loaded host fires every timer late.
   */
  graceMs?: number;
  /** Two times closer than this are compared both ways when explaining an outcome. */
  slackMs?: number;
  sha256: Sha256Hex;
  nowIso?: string;
  /** What the tracked fetch calls: the global fetch (which msw intercepts) unless a test swaps it. */
  transport?: FetchLike;
}

/**
 * The reference budget with every time scaled by deadline / 30 s, so a suite of hundreds of live
 * runs is quick: the request timeout stays half the deadline and the tool timeout a fifteenth.
 */
export function scaledBudget(deadlineMs: number): BudgetConfig {
  const scale = deadlineMs / REFERENCE_BUDGET.deadline_ms;
  return {
    ...REFERENCE_BUDGET,
    deadline_ms: deadlineMs,
    request_timeout_ms: Math.round(REFERENCE_BUDGET.request_timeout_ms * scale),
    tool_timeout_ms: Math.round(REFERENCE_BUDGET.tool_timeout_ms * scale),
  };
}

export interface RunFigures {
  index: number;
  fixture: string;
  outcome: string;
  chaos: ChaosEvent[];
  requests: ObservedRequest[];
  wallMs: number;
  /** How late the event loop was during the run, every delay added up: the host's, allowed on top of every limit. */
  lagMs: number;
  overran: boolean;
  explained: boolean;
  /** The outcomes that would explain the run. */
  explanations: string[];
  leftInFlight: number;
}

export interface LoadReport {
  runs: number;
  concurrency: number;
  seed: number;
  budget: BudgetConfig;
  latencyMs: ChaosOptions["latencyMs"];
  graceMs: number;
  outcomes: Record<string, number>;
  chaos: Record<ChaosKind, number>;
  wallMs: { p50: number; p95: number; max: number };
  /** The event loop's worst lateness per run, over the runs. */
  lagMs: { p50: number; max: number };
  overruns: number;
  mismatches: number;
  leftInFlight: number;
  /** Timers still pending once the suite is over: work that outlived its run. */
  timersLeft: number;
  exported: number;
  verified: number;
  /** Exported runs whose fixture, outcome or events differ from the run as recorded. */
  altered: number;
  eventsRecorded: number;
  eventsExported: number;
  suiteDigestOk: boolean;
  totalMs: number;
  perRun: RunFigures[];
  suite: ScoredSuiteExport;
  ok: boolean;
}

/**
 * How late this process's timers fire while a run goes on: a probe timer every few milliseconds adds up
 * how much later than asked it ran. On a loaded host every timer of the run (its request timeouts, its
 * deadline) is that late too, and the run is not to be blamed for it.
 */
class HostDelay {
  static readonly PERIOD_MS = 10;
  #last = performance.now();
  #late = 0;
  readonly #timer = setInterval(() => this.#tick(), HostDelay.PERIOD_MS);

  #tick(): void {
    const now = performance.now();
    this.#late += Math.max(0, now - this.#last - HostDelay.PERIOD_MS);
    this.#last = now;
  }

  /** How late so far, the gap since the last tick included. */
  lateMs(): number {
    return this.#late + Math.max(0, performance.now() - this.#last - HostDelay.PERIOD_MS);
  }

  stop(): number {
    clearInterval(this.#timer);
    return this.lateMs();
  }
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const pendingTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

const tally = <K extends string>(keys: readonly K[], seed: readonly K[] = []): Record<K, number> => {
  const counts = Object.fromEntries(seed.map((k) => [k, 0])) as Record<K, number>;
  for (const k of keys) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
};

/**
 * Runs `runs` live episodes (the reference candidate over HTTP, cycling over the fixtures) against
 * the chaos server, at most `concurrency` at once, on the real clock; checks each run's deadline,
 * outcome and requests, then exports and verifies the whole suite.
 */
export async function runLoadSuite(options: LoadOptions): Promise<LoadReport> {
  const { fixtures, runs, concurrency, seed, deadlineMs } = options;
  const graceMs = options.graceMs ?? 100;
  const slackMs = options.slackMs ?? 25;
  const budget = scaledBudget(deadlineMs);
  const latencyMs = options.latencyMs ?? { min: 0, max: Math.round((deadlineMs * 4) / 15) };
  const chaosLog: ChaosEvent[] = [];
  const chaos: ChaosOptions = { seed, latencyMs, probabilities: options.probabilities ?? DEFAULT_PROBABILITIES, slowMs: deadlineMs * 4 };
  const server = simulatedModelServer(fixtures);
  server.use(...chaosHandlers(fixtures, chaos, (e) => chaosLog.push(e)));
  const transport: FetchLike = options.transport ?? ((url, init) => fetch(url, init));
  const settings = HttpSettings.parse({ baseUrl: "http://finbound-chaos.test", model: MODEL });
  const records: RunRecord[] = [];
  const traces: RequestTrace[][] = [];
  const timings: { startedAt: number; wallMs: number; lagMs: number; leftInFlight: number }[] = [];

  const runOne = async (index: number): Promise<void> => {
    const fixture = fixtures[index % fixtures.length];
    if (!fixture) throw new Error("no fixtures");
    const requests: RequestTrace[] = [];
    const fetchImpl: FetchLike = trackedFetch(transport, { [RUN_HEADER]: String(index) }, requests);
    const host = new HostDelay();
    const started = performance.now();
    const record = await runEpisode({ fixture, candidate: httpCandidate(LOAD_CANDIDATE, settings, fetchImpl), clock: createRealClock(), budget });
    const ended = performance.now();
    await waitForRequests(requests, graceMs + host.lateMs());
    const lagMs = host.stop();
    records[index] = record;
    traces[index] = requests;
    timings[index] = { startedAt: started, wallMs: ended - started, lagMs, leftInFlight: requests.filter((r) => r.settledAt === null || r.settledAt > ended + graceMs + lagMs).length };
  };

  const t0 = performance.now();
  const timersBefore = pendingTimers();
  server.listen({ onUnhandledRequest: "error" });
  try {
    // The first request pays for loading Node's fetch and msw's interceptors: no run should be charged for it.
    const listing = await listModels(settings, transport);
    if (!listing.ok || !listing.models.includes(MODEL)) throw new Error(`the simulated server does not list ${MODEL}`);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < runs) await runOne(next++);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, runs) }, worker));
  } finally {
    server.close();
  }

  const perRun: RunFigures[] = records.map((record, index) => {
    const fixture = fixtures[index % fixtures.length] as Fixture;
    const events = chaosLog.filter((e) => e.run === String(index)).sort((a, b) => a.turn - b.turn);
    const { startedAt, wallMs, lagMs, leftInFlight } = timings[index] ?? { startedAt: 0, wallMs: Infinity, lagMs: 0, leftInFlight: 0 };
    const observed: ObservedRequest[] = (traces[index] ?? []).map((r, turn) => ({
      chaos: events.find((e) => e.turn === turn),
      startedMs: r.startedAt - startedAt,
      settledMs: r.settledAt === null ? null : r.settledAt - startedAt,
      aborted: r.aborted,
    }));
    const outcome = outcomeLabel(record.result);
    const explanations = explainableOutcomes(fixture, LOAD_CANDIDATE, observed, budget, wallMs, slackMs + lagMs);
    return {
      index,
      fixture: fixture.id,
      outcome,
      chaos: events,
      requests: observed,
      wallMs,
      lagMs,
      overran: wallMs > deadlineMs + graceMs + lagMs,
      explained: events.every((e) => e.turn < observed.length) && explanations.includes(outcome),
      explanations,
      leftInFlight,
    };
  });

  const exported = await exportAndCheck(records, fixtures, options);
  const timersLeft = Math.max(0, pendingTimers() - timersBefore);
  const wallTimes = perRun.map((r) => r.wallMs);
  const report: Omit<LoadReport, "ok"> = {
    runs,
    concurrency,
    seed,
    budget,
    latencyMs,
    graceMs,
    outcomes: tally(perRun.map((r) => r.outcome)),
    chaos: tally(chaosLog.map((e) => e.kind), CHAOS_KINDS),
    wallMs: { p50: percentile(wallTimes, 50), p95: percentile(wallTimes, 95), max: Math.max(...wallTimes) },
    lagMs: { p50: percentile(perRun.map((r) => r.lagMs), 50), max: Math.max(...perRun.map((r) => r.lagMs)) },
    overruns: perRun.filter((r) => r.overran).length,
    mismatches: perRun.filter((r) => !r.explained).length,
    leftInFlight: perRun.reduce((n, r) => n + r.leftInFlight, 0),
    timersLeft,
    ...exported,
    totalMs: performance.now() - t0,
    perRun,
  };
  const ok =
    report.overruns === 0 &&
    report.mismatches === 0 &&
    report.leftInFlight === 0 &&
    report.timersLeft === 0 &&
    report.exported === runs &&
    report.verified === runs &&
    report.altered === 0 &&
    report.eventsExported === report.eventsRecorded &&
    report.suiteDigestOk;
  return { ...report, ok };
}

/** Exports every run, then reads the suite back as a file would be and checks nothing was lost. */
async function exportAndCheck(records: readonly RunRecord[], fixtures: readonly Fixture[], options: LoadOptions) {
  const sealed = await exportSuite(
    records.map((record, index) => {
      const fixture = fixtures[index % fixtures.length] as Fixture;
      return { run: toScoredRun(record, fixture), fixture, kind: "http" as const };
    }),
    { includeDiagnostics: false, sha256: options.sha256, nowIso: options.nowIso ?? new Date().toISOString() },
  );
  const suite = ScoredSuiteExport.parse(JSON.parse(JSON.stringify(sealed)));
  let verified = 0;
  for (const run of suite.runs) if ((await verifyRun(run, options.sha256)).ok) verified += 1;
  const altered = records.filter((record, i) => {
    const run = suite.runs[i];
    return !run || run.fixture.id !== record.fixture || canonicalJson(run.result) !== canonicalJson(record.result) || canonicalJson(run.events) !== canonicalJson(record.events);
  }).length;
  return {
    suite,
    exported: suite.runs.length,
    verified,
    altered,
    eventsRecorded: records.reduce((n, r) => n + r.events.length, 0),
    eventsExported: suite.runs.reduce((n, r) => n + r.events.length, 0),
    suiteDigestOk: (await verifyExportFile(JSON.parse(JSON.stringify(suite)), options.sha256)).status === "verified",
  };
}
