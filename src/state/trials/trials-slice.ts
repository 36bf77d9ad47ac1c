import type { StateCreator } from "zustand";
import { listModels } from "../../candidates/http/list-models.ts";
import { headersFor } from "../../candidates/http/settings.ts";
import { serverSlots } from "../../candidates/http/server-props.ts";
import { admission } from "../../evaluation/admission.ts";
import { REFERENCE_BUDGET } from "../../schemas/budget.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import type { LiveSettings } from "../model/model-slice.ts";
import { diagnoseNetworkFailure, type NetworkDiagnosis } from "../model/network-failure.ts";
import type { Store } from "../store.ts";
import { runHttpTrials } from "./trial-runner.ts";
import { fixtureById } from "../workspace/workspace-slice.ts";

export interface TrialSettings {
  /** K: runs per fixture. */
  trials: number;
  /** At most this many runs (hence model requests) in flight. */
  concurrency: number;
  /** Sent with every request; the simulated model makes a catalogued mistake with probability min(1, temperature). */
  temperature: number;
  /** Trial t is sent with seed + t − 1. */
  seed: number;
  /** The simulated model (its reference behaviour) or the local model in the Single run form. */
  model: "simulated" | "local";
  /** Every fixture, or only the one selected. */
  scope: "all" | "selected";
}

export interface TrialsState {
  status: "idle" | "running" | "done" | "stopped" | "failed";
  done: number;
  total: number;
  candidate: string | null;
  /** Why the trials could not start (no model named, the server did not answer the preflight). */
  message: string | null;
  /** Why requests got no response, when some runs ended `model_network_error`. */
  network: NetworkDiagnosis | null;
  /** What the trials did other than asked, or what their figures cannot say (fewer runs at once than asked; trials at temperature 0). */
  notices: string[];
}

export interface TrialsSlice {
  trialSettings: TrialSettings;
  trials: TrialsState;
  setTrialSettings(patch: Partial<TrialSettings>): void;
  /** Runs K trials per fixture into the suite (its runs carry `trial`), then saves the suite to history. */
  runTrials(): Promise<void>;
  stopTrials(): void;
}

export const TRIAL_LIMITS = { trials: [1, 32], concurrency: [1, 16], temperature: [0, 2] } as const;

const clamp = (value: number, [lo, hi]: readonly [number, number], fallback: number): number => (Number.isFinite(value) ? Math.min(hi, Math.max(lo, value)) : fallback);

export const DEFAULT_TRIAL_SETTINGS: TrialSettings = { trials: 4, concurrency: 4, temperature: 0.3, seed: 1, model: "simulated", scope: "all" };

const IDLE: TrialsState = { status: "idle", done: 0, total: 0, candidate: null, message: null, network: null, notices: [] };

const endedOnNetworkError = (runs: readonly ScoredRun[]): boolean => runs.some((r) => r.result.policy_code === "model_network_error");

export const createTrialsSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], TrialsSlice> =>
  (set, get) => {
    let stop: AbortController | null = null;
    const fail = (message: string, network: NetworkDiagnosis | null = null): void => set({ trials: { ...IDLE, status: "failed", message, network } });

    /** Before any run: does the server answer at all? A dead URL must not cost K × fixtures runs. */
    async function preflight(live: LiveSettings & { ok: true }): Promise<boolean> {
      const listing = await listModels(live.settings, deps.fetch);
      if (listing.ok) return true;
      const network = listing.code === "model_network_error" ? await diagnoseNetworkFailure(deps.probeNetworkFailure, live.settings, live.shownBaseUrl, deps.pageOrigin) : null;
      fail(`${listing.code}: could not list models at ${live.shownBaseUrl}; no trial was run.`, network);
      return false;
    }

    return {
      trialSettings: DEFAULT_TRIAL_SETTINGS,
      trials: IDLE,
      setTrialSettings(patch) {
        const s = { ...get().trialSettings, ...patch };
        set({
          trialSettings: {
            ...s,
            trials: Math.round(clamp(s.trials, TRIAL_LIMITS.trials, DEFAULT_TRIAL_SETTINGS.trials)),
            concurrency: Math.round(clamp(s.concurrency, TRIAL_LIMITS.concurrency, DEFAULT_TRIAL_SETTINGS.concurrency)),
            temperature: clamp(s.temperature, TRIAL_LIMITS.temperature, DEFAULT_TRIAL_SETTINGS.temperature),
            seed: Number.isFinite(s.seed) ? Math.max(0, Math.floor(s.seed)) : DEFAULT_TRIAL_SETTINGS.seed,
          },
        });
      },
      async runTrials() {
        if (get().trials.status === "running" || get().suite.status === "running") return;
        const settings = get().trialSettings;
        const live = get().liveSettings(settings.model, "reference");
        if (!live.ok) return fail(live.message);
        const selected = fixtureById(get(), get().fixtureId);
        const fixtures = settings.scope === "all" ? get().fixtures : selected ? [selected] : [];
        if (fixtures.length === 0) return fail("Pick a fixture first.");
        const controller = new AbortController();
        stop = controller;
        const total = fixtures.length * settings.trials;
        set({ trials: { ...IDLE, status: "running", total, candidate: live.name } });
        try {
          if (settings.model === "simulated") await deps.ensureSimulator();
        } catch (error) {
          // The service worker could not start (a private window, an old browser): say so, never hang "running".
          return fail(`The simulated model could not start: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (!(await preflight(live))) return;
        // No more runs at once than the server has slots, so no request waits in its queue on the run's clock.
        const serverSlotCount = await serverSlots(live.settings.baseUrl, headersFor(live.settings), deps.fetch);
        const admitted = admission({ concurrency: settings.concurrency, slots: serverSlotCount, allowServerQueue: false });
        const notices = [
          admitted.case === "held" ? `The server has ${serverSlotCount} slot(s): ${admitted.runsAtOnce} runs at a time, not ${settings.concurrency}, so no request waits in its queue.` : null,
          settings.trials > 1 && settings.temperature === 0 ? `At temperature 0 a server gives the same reply to the same request: the ${settings.trials} trials measure its determinism, not the model's reliability.` : null,
        ].filter((n): n is string => n !== null);
        set({ trials: { ...get().trials, notices } });
        const scope = settings.scope === "all" ? null : (selected?.id ?? null);
        set({ suite: { status: "running", scope, runs: [], kind: "http" } });
        const slots: ScoredRun[] = [];
        // The suite is rebuilt from the slots in plan order, so the matrix does not reshuffle as runs finish.
        let runs: ScoredRun[];
        try {
          runs = await runHttpTrials(
            { fixtures, name: live.name, settings: live.settings, trials: settings.trials, concurrency: admitted.runsAtOnce, temperature: settings.temperature, seed: settings.seed, budget: { ...REFERENCE_BUDGET, repair: get().runSettings.repair, request_timeout_ms: live.requestTimeoutMs }, ...(get().runSettings.lenientFence ? { parser: { lenientFence: true } } : {}) },
            {
              fetch: deps.fetch,
              clock: () => deps.realClock(),
              cancel: controller.signal,
              onRun(run, index) {
                // Another suite (an import, a scripted suite) took the view: these trials no longer own it.
                if (get().suite.status !== "running") return controller.abort();
                slots[index] = run;
                set({ suite: { ...get().suite, runs: slots.filter(Boolean) }, trials: { ...get().trials, done: get().trials.done + 1 } });
              },
            },
          );
        } catch (error) {
          if (stop === controller) stop = null;
          if (get().suite.status === "running") set({ suite: { status: "done", scope, runs: slots.filter(Boolean), kind: "http" } });
          // A module that could not be loaded, or a fault of the runner: said, never left "running".
          return fail(`The trials could not run: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (stop === controller) stop = null;
        const stopped = controller.signal.aborted;
        if (get().suite.status === "running") set({ suite: { status: "done", scope, runs, kind: "http" } });
        set({ trials: { ...get().trials, status: stopped ? "stopped" : "done" } });
        const network = endedOnNetworkError(runs) ? await get().diagnoseNetwork(live) : null;
        if (network) set({ trials: { ...get().trials, network } });
        if (runs.length > 0 && get().suite.runs === runs) await get().saveToHistory("suite");
      },
      stopTrials() {
        stop?.abort();
      },
    };
  };
