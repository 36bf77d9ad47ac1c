import type { StateCreator } from "zustand";
import type { CandidateKind } from "../../schemas/export.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import type { Store } from "../store.ts";

export interface SuiteState {
  status: "idle" | "running" | "done";
  /** null: every candidate of every fixture; otherwise every candidate of this fixture. */
  scope: string | null;
  runs: ScoredRun[];
  /** Where the runs came from: scored here, or loaded from a file (what an export then says). */
  kind: CandidateKind;
}

export interface SuiteSlice {
  suite: SuiteState;
  runSuite(scope: string | null): Promise<void>;
  loadSuite(runs: ScoredRun[], kind: CandidateKind): void;
  /** Opens one run of the suite in the timeline. */
  openSuiteRun(index: number): void;
}

export const createSuiteSlice = (deps: StoreDeps): StateCreator<Store, [], [], SuiteSlice> => (set, get) => ({
  suite: { status: "idle", scope: null, runs: [], kind: "scripted" },
  async runSuite(scope) {
    // Trials in progress own the suite until they finish or are stopped.
    if (get().trials.status === "running") return;
    const fixtures = get().fixtures.filter((f) => scope === null || f.id === scope);
    set({ suite: { status: "running", scope, runs: [], kind: "scripted" } });
    const runs = await deps.evaluateSuite(fixtures);
    set({ suite: { status: "done", scope, runs, kind: "scripted" } });
    await get().saveToHistory("suite");
  },
  loadSuite(runs, kind) {
    set({ suite: { status: "done", scope: null, runs, kind } });
  },
  openSuiteRun(index) {
    const run = get().suite.runs[index];
    if (run) get().openScoredRun(run, { kind: get().suite.kind });
  },
});
