import type { StateCreator } from "zustand";
import { scriptedCandidate } from "../../candidates/scripted.ts";
import type { Candidate } from "../../runtime/candidate.ts";
import type { Clock } from "../../runtime/clock.ts";
import type { BudgetConfig } from "../../schemas/budget.ts";
import { REFERENCE_BUDGET } from "../../schemas/budget.ts";
import type { RunEvent } from "../../schemas/event.ts";
import type { SignatureCheck } from "../../integrity/signature.ts";
import type { CandidateKind } from "../../schemas/export.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { VerdictDifference } from "../../evaluation/rescore.ts";
import { unavailable } from "../on-demand.ts";
import { CursorIndex, type LogFacts, type RunAtCursor } from "./cursor-index.ts";
import type { StoreDeps } from "../deps.ts";
import type { LiveSettings } from "../model/model-slice.ts";
import type { NetworkDiagnosis } from "../model/network-failure.ts";
import type { Store } from "../store.ts";
import { fixtureById, PACE, type Speed } from "../workspace/workspace-slice.ts";

/** What an import found when it re-scored a file. */
export interface ImportReport {
  fileName: string;
  differences: VerdictDifference[];
  eventsMatch: boolean;
  /** Whether the fixture is still the one the run was exported against. */
  fixtureMatches: boolean;
  /** Whether the file's hash chain and digest verified (false: the file was not sealed). */
  verified: boolean;
  /** The file's `passed` is not the replay's. */
  passedDiffers: boolean;
  /** The file's result is not the one its replay assembles. */
  resultDiffers: boolean;
  /** Who signed the file, if anyone, and whether the signature matches. */
  signature: SignatureCheck;
}

export interface LoadedRun {
  /** Increments with every run loaded, so views can tell runs apart. */
  key: number;
  fixtureId: string;
  candidate: string;
  kind: CandidateKind;
  status: "running" | "done";
  budget: BudgetConfig;
  events: readonly RunEvent[];
  /** The scored run, once finished (diagnostics included: the UI keeps them in a separate panel). */
  scored: ScoredRun | null;
  imported: ImportReport | null;
  /**
   * Why a model request got no response, when the run ended `model_network_error`: shown beside the
   * run, never recorded in it (the outcome stays `unavailable`; the probe ran after the run).
   */
  network?: NetworkDiagnosis;
  /** The analyst pressed Stop: the run ends there, is shown as stopped and is not saved to the history. */
  stoppedByUser?: true;
  /** Replayed because the page's address named it (a link, a reload), not because the analyst pressed Run: not saved. */
  fromLink?: true;
}

/** Whether a run ended because a model request got no response at all. */
const endedOnNetworkError = (scored: ScoredRun): boolean => scored.events.some((e) => e.kind === "model_failure" && e.code === "model_network_error");

export interface RunSlice {
  run: LoadedRun | null;
  /** Index into run.events: every panel shows the run as of this event. */
  cursor: number;
  /** The run as of the cursor, derived once for every panel whenever the run or the cursor changes. */
  at: RunAtCursor | null;
  /** Facts of the whole log (households, disclosures, landmarks), replaced whenever the log grows. */
  facts: LogFacts | null;
  /** While running, the cursor follows the newest event until the analyst moves it. */
  follow: boolean;
  playing: boolean;
  /** Runs the selected candidate; `speed` overrides the workspace's pace for this run only. */
  /**
   * Runs the selected candidate on the selected fixture and saves the finished run to the history —
   * unless `fromLink`: a replay the page's address asked for adds no history entry the analyst did not make.
   */
  startRun(options?: { speed?: Speed; fromLink?: boolean }): Promise<void>;
  /** Fetches the runtime's loop and the scorer ahead of the first run (the page calls it once idle); a failure is left to the run to say. */
  preloadRuntime(): Promise<void>;
  stopRun(): void;
  /**
   * A run recorded elsewhere, shown as it is recorded (an MCP agent's session, watched live): it
   * replaces the current run, and its key is what its events and its end are handed with.
   */
  beginLiveRun(run: Pick<LoadedRun, "fixtureId" | "candidate" | "kind" | "budget">, fromLink?: boolean): number;
  /** One more event of the live run `key`; nothing once another run is shown. */
  appendLiveEvent(key: number, event: RunEvent): void;
  /**
   * The live run `key` has ended: shown scored, and saved to the history (unless it came from a link).
   * `scored` null: it ended without a result to score (its recorder stopped), shown as stopped, not saved.
   */
  endLiveRun(key: number, scored: ScoredRun | null): Promise<void>;
  /** `prepared`: the run's events already indexed (an import indexes a long run as it arrives). */
  loadRun(run: Omit<LoadedRun, "key" | "status">, cursor?: number, prepared?: CursorIndex): void;
  /**
   * Opens a scored run in the timeline, from wherever it was scored (a suite, the matrix, an import):
   * its fixture and candidate selected, the run loaded with the budget it ran under, the run view shown.
   */
  openScoredRun(run: ScoredRun, opened: OpenedAs): void;
  /** The analyst puts the cursor on an event: playback pauses there. */
  setCursor(index: number): void;
  /** Moves the cursor by `delta` events without pausing (playback's own step). */
  stepCursor(delta: number): void;
  /** Play starts over from the first event when the cursor is on the last. */
  setPlaying(playing: boolean): void;
}

/** How a scored run is opened: what it is to the workbench, and where the cursor starts (default: its last event). */
export interface OpenedAs {
  kind: CandidateKind;
  imported?: ImportReport | null;
  cursor?: number;
  prepared?: CursorIndex;
}

/** The budget a run ran under, as its first event recorded it. */
const budgetOf = (run: ScoredRun): BudgetConfig => {
  const started = run.events[0];
  return started?.kind === "run_started" ? started.budget : REFERENCE_BUDGET;
};

let runKey = 0;

type RunMachinery = [typeof import("../../runtime/episode.ts"), typeof import("../../scoring/score.ts")];
/** The runtime's loop and the scorer: fetched with the first run (or once the page is idle), not with the page. */
const runMachinery = (): Promise<RunMachinery> => Promise.all([import("../../runtime/episode.ts"), import("../../scoring/score.ts")]);

export const createRunSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], RunSlice> =>
  (set, get) => {
    let stop: AbortController | null = null;
    const clampCursor = (i: number): number => Math.max(0, Math.min(i, (get().run?.events.length ?? 1) - 1));
    // One index per run, extended as a live run appends: a cursor move never rereads the log.
    let index: { key: number; cursor: CursorIndex; facts: LogFacts } | null = null;
    const derive = (run: LoadedRun | null, cursor: number): Pick<RunSlice, "at" | "facts"> => {
      if (!run) return { at: null, facts: null };
      if (index?.key !== run.key || !index.cursor.extends(run.events)) {
        const fixture = fixtureById(get(), run.fixtureId);
        if (!fixture) return { at: null, facts: null };
        const cursor = new CursorIndex(fixture);
        index = { key: run.key, cursor, facts: cursor.facts() };
      }
      index.cursor.sync(run.events);
      if (index.facts.length !== run.events.length) index.facts = index.cursor.facts();
      return { at: index.cursor.at(cursor), facts: index.facts };
    };
    /** Moves the cursor (and with it everything derived from it). */
    const place = (run: LoadedRun | null, cursor: number, extra: Partial<RunSlice> = {}): Partial<RunSlice> => ({ run, cursor, ...derive(run, cursor), ...extra });
    /** Shows a new or longer log: the search follows it. */
    const show = (state: Partial<RunSlice>): void => {
      set(state);
      get().syncSearch();
    };
    const move = (i: number, extra: Partial<RunSlice>): void => {
      const cursor = clampCursor(i);
      if (cursor === get().cursor && get().at) set({ follow: false, ...extra });
      else set(place(get().run, cursor, { follow: false, ...extra }));
    };
    return {
      run: null,
      cursor: 0,
      at: null,
      facts: null,
      follow: true,
      playing: false,
      async startRun(options) {
        const { fixtureId, candidate: name, candidateKind } = get();
        const speed = options?.speed ?? get().speed;
        const fixture = fixtureById(get(), fixtureId);
        if (!fixture) return;
        let source: { candidate: Candidate; name: string; kind: CandidateKind; clock: Clock; budget: BudgetConfig; live?: LiveSettings & { ok: true } };
        if (candidateKind === "mcp") {
          get().startWatching();
          return;
        }
        if (candidateKind === "scripted") {
          const candidate = scriptedCandidate(fixture, name);
          if (!candidate) return;
          source = { candidate, name, kind: "scripted", clock: deps.clockFor(PACE[speed]), budget: { ...REFERENCE_BUDGET, repair: get().runSettings.repair } };
        } else {
          const live = await get().liveCandidate();
          if (!live.ok) {
            set({ notice: { kind: "error", text: live.message } });
            return;
          }
          if (candidateKind === "simulated") await deps.ensureSimulator();
          source = { candidate: live.candidate, name: live.name, kind: "http", clock: deps.realClock(), budget: { ...REFERENCE_BUDGET, repair: get().runSettings.repair, request_timeout_ms: live.requestTimeoutMs }, live };
        }
        let machinery: RunMachinery;
        try {
          machinery = await runMachinery();
        } catch (error) {
          set({ notice: { kind: "error", text: unavailable("the runtime", error) } });
          return;
        }
        const [{ runEpisode }, { toScoredRun }] = machinery;
        const key = get().beginLiveRun({ fixtureId: fixture.id, candidate: source.name, kind: source.kind, budget: source.budget }, options?.fromLink);
        const controller = new AbortController();
        stop = controller;
        const record = await runEpisode({
          fixture,
          candidate: source.candidate,
          clock: source.clock,
          budget: source.budget,
          ...(get().runSettings.lenientFence ? { parser: { lenientFence: true } } : {}),
          cancel: controller.signal,
          onEvent: (event) => get().appendLiveEvent(key, event),
        });
        const run = get().run;
        if (run?.key !== key) return;
        const scored = toScoredRun(record, fixture, { includeDiagnostics: true });
        if (controller.signal.aborted) {
          // A stop says nothing about the candidate: not a model failure to keep, so not saved.
          set({ run: { ...run, status: "done", scored, stoppedByUser: true }, notice: { kind: "info", text: "Stopped: the run ends where you stopped it and is not saved to the history." } });
          return;
        }
        const live = source.live;
        const explain = async (): Promise<void> => {
          if (!live || !endedOnNetworkError(scored)) return;
          const network = await get().diagnoseNetwork(live);
          const current = get().run;
          if (current?.key === key) set({ run: { ...current, network } });
        };
        await Promise.all([get().endLiveRun(key, scored), explain()]);
      },
      async preloadRuntime() {
        await runMachinery().catch(() => undefined);
      },
      stopRun() {
        stop?.abort();
        // A watched agent's run is the agent's to end: Stop stops watching it.
        if (get().run?.kind === "mcp" && get().run?.status === "running") get().stopWatching();
      },
      beginLiveRun(loaded, fromLink) {
        stop?.abort();
        stop = null;
        const key = ++runKey;
        show(place({ key, ...loaded, status: "running", events: [], scored: null, imported: null, ...(fromLink ? { fromLink: true as const } : {}) }, 0, { follow: true, playing: false }));
        return key;
      },
      appendLiveEvent(key, event) {
        const run = get().run;
        if (run?.key !== key || run.status !== "running") return;
        const events = [...run.events, event];
        show(place({ ...run, events }, get().follow ? events.length - 1 : get().cursor));
      },
      async endLiveRun(key, scored) {
        const run = get().run;
        if (run?.key !== key || run.status !== "running") return;
        if (!scored) {
          set({ run: { ...run, status: "done" } });
          return;
        }
        // The recorder's own log is whole; a stream that lost events on the way is made whole by it.
        const events = scored.events.length > run.events.length ? scored.events : run.events;
        show(place({ ...run, events, status: "done", scored }, get().follow ? events.length - 1 : get().cursor));
        if (!run.fromLink) await get().saveToHistory("run");
      },
      loadRun(loaded, cursor, prepared) {
        stop?.abort();
        const key = ++runKey;
        if (prepared?.extends(loaded.events) && prepared.fixture.id === loaded.fixtureId) index = { key, cursor: prepared, facts: prepared.facts() };
        const run: LoadedRun = { ...loaded, key, status: "done" };
        const last = Math.max(0, loaded.events.length - 1);
        show(place(run, Math.max(0, Math.min(cursor ?? last, last)), { follow: false, playing: false }));
      },
      openScoredRun(run, { kind, imported = null, cursor, prepared }) {
        get().selectFixture(run.fixture, run.candidate);
        get().loadRun({ fixtureId: run.fixture, candidate: run.candidate, kind, budget: budgetOf(run), events: run.events, scored: run, imported }, cursor, prepared);
        set({ view: "run" });
      },
      setCursor(i) {
        move(i, { playing: false });
      },
      stepCursor(delta) {
        move(get().cursor + delta, {});
      },
      setPlaying(playing) {
        const run = get().run;
        if (playing && run && get().cursor >= run.events.length - 1) set(place(run, 0, { follow: false, playing }));
        else set({ playing });
      },
    };
  };
