import type { StateCreator } from "zustand";
import { summariseMatrixRun } from "../../evaluation/matrix-metrics.ts";
import { exportSuite } from "../../integrity/export.ts";
import { REFERENCE_BUDGET } from "../../schemas/budget.ts";
import type { CandidateKind, EvaluationPlan } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { attackCursor, attackLandmarks } from "./attack-landmarks.ts";
import type { StoreDeps } from "../deps.ts";
import type { ExportFile } from "../io/io-slice.ts";
import type { Matrix, MatrixCompose } from "./matrix-files.ts";
import { NO_FILTER, type MatrixFilter } from "./matrix-filter.ts";
import type { MatrixRunResult } from "./matrix-grid.ts";
import type { Store } from "../store.ts";
import { runHttpTrials } from "../trials/trial-runner.ts";

/** The scripted candidates every matrix fixture carries (src/fixture-set/matrix/scripts.ts). */
export const MATRIX_SCRIPTED = ["reference", "obedient", "cautious"] as const;
/** A scripted candidate, or the simulated model that follows an injection in a share of runs. */
export type MatrixCandidate = (typeof MATRIX_SCRIPTED)[number] | "simulated";

export interface MatrixSettings {
  candidate: MatrixCandidate;
  /** The simulated model follows the injection in this share of runs (0–1). */
  susceptibility: number;
  /** Runs per cell (the simulated model only: a scripted candidate repeats itself exactly). */
  trials: number;
  /** At most this many simulated runs in flight. */
  concurrency: number;
  /** Trial t is sent with seed + t − 1. */
  seed: number;
}

export const MATRIX_LIMITS = { susceptibility: [0, 1], trials: [1, 16], concurrency: [1, 16] } as const;
export const DEFAULT_MATRIX_SETTINGS: MatrixSettings = { candidate: "reference", susceptibility: 0.5, trials: 1, concurrency: 8, seed: 1 };

/** The composed matrix, or why its files do not compose (each error naming the file and field). */
export type MatrixData = { status: "unloaded" } | { status: "loading" } | { status: "ready"; matrix: Matrix } | { status: "invalid"; errors: string[] };

export interface MatrixRunState {
  status: "idle" | "running" | "done" | "stopped" | "failed";
  /** The candidate's name in every run: `obedient`, `simulated:susceptible:0.5`. */
  candidate: string | null;
  kind: CandidateKind;
  trials: number;
  done: number;
  total: number;
  /** Finished runs in plan order (cell, then trial), and what each came to, index for index. */
  runs: ScoredRun[];
  results: MatrixRunResult[];
  message: string | null;
}

export interface MatrixSlice {
  matrix: MatrixData;
  /** The generated fixtures by id: found by fixture lookups (runs, exports, imports), kept out of the picker. */
  matrixFixtures: ReadonlyMap<string, Fixture>;
  matrixSettings: MatrixSettings;
  matrixRun: MatrixRunState;
  matrixFilter: MatrixFilter;
  /** Composes the matrix once (the first call; later calls wait for that one). */
  loadMatrix(): Promise<void>;
  setMatrixSettings(patch: Partial<MatrixSettings>): void;
  setMatrixFilter(patch: Partial<MatrixFilter>): void;
  /** Runs the chosen candidate over every cell; the simulated model over HTTP, K trials per cell. */
  runMatrix(): Promise<void>;
  stopMatrix(): void;
  /** Opens one run in the timeline, at the event that shows the attack (see attackCursor). */
  openMatrixRun(index: number): void;
  /** The runs as one sealed `finbound.scored-suite/v1` file, as the suite exports them. */
  exportMatrix(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
}

const IDLE: MatrixRunState = { status: "idle", candidate: null, kind: "scripted", trials: 1, done: 0, total: 0, runs: [], results: [], message: null };

const clamp = (value: number, [lo, hi]: readonly [number, number], fallback: number): number => (Number.isFinite(value) ? Math.min(hi, Math.max(lo, value)) : fallback);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const createMatrixSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], MatrixSlice> =>
  (set, get) => {
    let stop: AbortController | null = null;
    // Without a worker the runtime runs here, loaded when a matrix first runs rather than with the page.
    const evaluate: NonNullable<StoreDeps["evaluateMatrix"]> =
      deps.evaluateMatrix ?? (async (fixtures, candidate, onProgress) => (await import("../../evaluation/matrix-scripted.ts")).evaluateScriptedMatrix(fixtures, candidate, onProgress));

    const resultOf = (run: ScoredRun): MatrixRunResult | null => {
      const fixture = get().matrixFixtures.get(run.fixture);
      return fixture ? { summary: summariseMatrixRun(run, fixture), landmarks: attackLandmarks(run.events, fixture) } : null;
    };
    /** Runs paired with their results; a run whose fixture is unknown (cannot happen here) is dropped. */
    const withResults = (runs: readonly ScoredRun[]): Pick<MatrixRunState, "runs" | "results"> => {
      const pairs = runs.flatMap((run) => {
        const result = resultOf(run);
        return result ? [{ run, result }] : [];
      });
      return { runs: pairs.map((p) => p.run), results: pairs.map((p) => p.result) };
    };
    let loading: Promise<void> | null = null;
    const matrixOf = async (): Promise<Matrix | null> => {
      await get().loadMatrix();
      const data = get().matrix;
      return data.status === "ready" ? data.matrix : null;
    };

    async function runSimulated(fixtures: readonly Fixture[], settings: MatrixSettings, controller: AbortController): Promise<ScoredRun[]> {
      const live = get().liveSettings("simulated", `susceptible:${settings.susceptibility}`);
      if (!live.ok) throw new Error(live.message);
      await deps.ensureSimulator();
      set({ matrixRun: { ...get().matrixRun, candidate: live.name } });
      const slots: ScoredRun[] = [];
      return runHttpTrials(
        { fixtures, name: live.name, settings: live.settings, trials: settings.trials, concurrency: settings.concurrency, temperature: 0, seed: settings.seed, budget: { ...REFERENCE_BUDGET, request_timeout_ms: live.requestTimeoutMs } },
        {
          fetch: deps.fetch,
          clock: () => deps.realClock(),
          cancel: controller.signal,
          onRun(run, index) {
            if (stop !== controller) return;
            const result = resultOf(run);
            if (!result) return;
            slots[index] = run;
            const runs = slots.filter(Boolean);
            const current = get().matrixRun;
            // Results follow the same plan order as the runs: rebuilt only for the one run that arrived.
            const at = runs.indexOf(run);
            const results = [...current.results.slice(0, at), result, ...current.results.slice(at)];
            set({ matrixRun: { ...current, runs, results, done: current.done + 1 } });
          },
        },
      );
    }

    return {
      matrix: { status: "unloaded" },
      matrixFixtures: new Map(),
      matrixSettings: DEFAULT_MATRIX_SETTINGS,
      matrixRun: IDLE,
      matrixFilter: NO_FILTER,
      loadMatrix() {
        loading ??= (async () => {
          set({ matrix: { status: "loading" } });
          let composed: MatrixCompose;
          try {
            composed = deps.loadMatrix ? await deps.loadMatrix() : { ok: false, errors: ["this build carries no attack matrix (fixtures/tasks, fixtures/injections)"] };
          } catch (error) {
            composed = { ok: false, errors: [`the attack matrix could not be loaded: ${messageOf(error)}`] };
          }
          if (!composed.ok) return set({ matrix: { status: "invalid", errors: composed.errors } });
          set({ matrix: { status: "ready", matrix: composed.matrix }, matrixFixtures: new Map(composed.matrix.cells.map((c) => [c.id, c.fixture])) });
        })();
        return loading;
      },
      setMatrixSettings(patch) {
        const s = { ...get().matrixSettings, ...patch };
        set({
          matrixSettings: {
            ...s,
            susceptibility: clamp(s.susceptibility, MATRIX_LIMITS.susceptibility, DEFAULT_MATRIX_SETTINGS.susceptibility),
            trials: Math.round(clamp(s.trials, MATRIX_LIMITS.trials, DEFAULT_MATRIX_SETTINGS.trials)),
            concurrency: Math.round(clamp(s.concurrency, MATRIX_LIMITS.concurrency, DEFAULT_MATRIX_SETTINGS.concurrency)),
            seed: Number.isFinite(s.seed) ? Math.max(0, Math.floor(s.seed)) : DEFAULT_MATRIX_SETTINGS.seed,
          },
        });
      },
      setMatrixFilter(patch) {
        set({ matrixFilter: { ...get().matrixFilter, ...patch } });
      },
      async runMatrix() {
        if (get().matrixRun.status === "running") return;
        const matrix = await matrixOf();
        if (!matrix || get().matrixRun.status === "running") return;
        const settings = get().matrixSettings;
        const fixtures = matrix.cells.map((c) => c.fixture);
        const simulated = settings.candidate === "simulated";
        const trials = simulated ? settings.trials : 1;
        const controller = new AbortController();
        stop = controller;
        const kind: CandidateKind = simulated ? "http" : "scripted";
        set({ matrixRun: { ...IDLE, status: "running", candidate: settings.candidate, kind, trials, total: fixtures.length * trials } });
        try {
          const runs = simulated
            ? await runSimulated(fixtures, settings, controller)
            : await evaluate(fixtures, settings.candidate, (done) => {
                if (stop === controller) set({ matrixRun: { ...get().matrixRun, done } });
              });
          if (stop !== controller) return;
          const status = controller.signal.aborted ? "stopped" : "done";
          set({ matrixRun: { ...get().matrixRun, ...withResults(runs), status, done: runs.length } });
          // Kept in History like any suite; a matrix stopped part-way is not, like a stopped run.
          if (status === "done") await get().saveToHistory("matrix");
        } catch (error) {
          if (stop === controller) set({ matrixRun: { ...get().matrixRun, status: "failed", message: `The matrix could not run: ${messageOf(error)}` } });
        } finally {
          if (stop === controller) stop = null;
        }
      },
      stopMatrix() {
        stop?.abort();
      },
      openMatrixRun(index) {
        const { runs, results, kind } = get().matrixRun;
        const run = runs[index];
        const result = results[index];
        if (!run || !result) return;
        get().openScoredRun(run, { kind, cursor: attackCursor(result.landmarks, result.summary, run.events.length) });
      },
      async exportMatrix({ includeDiagnostics }) {
        const { runs, kind, status, candidate, trials } = get().matrixRun;
        const data = get().matrix;
        if (runs.length === 0 || data.status !== "ready" || candidate === null || status === "running") return null;
        try {
          // The plan is bound into the seal only when every planned run is in the file.
          const plan: EvaluationPlan | null = status === "done" ? { fixtures: data.matrix.cells.map((c) => c.id), candidates: [runs[0]?.candidate ?? candidate], trials, shard: { index: 1, count: 1 } } : null;
          const file = await exportSuite(
            runs.flatMap((run) => {
              const fixture = get().matrixFixtures.get(run.fixture);
              return fixture ? [{ run, fixture, kind }] : [];
            }),
            { includeDiagnostics, sha256: deps.sha256Hex, nowIso: deps.nowIso(), ...(plan ? { plan } : {}), signer: get().signer() },
          );
          const name = (runs[0]?.candidate ?? candidate).replace(/[^a-z0-9.-]+/gi, "-");
          return { fileName: `finbound-matrix-${name}-${runs.length}-runs.json`, text: `${JSON.stringify(file, null, 2)}\n` };
        } catch (error) {
          set({ notice: { kind: "error", text: `Export failed: ${messageOf(error)}` } });
          return null;
        }
      },
    };
  };
