import type { StateCreator } from "zustand";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { StoreDeps } from "./deps.ts";
import type { Store } from "./store.ts";

export interface SuiteState {
  status: "idle" | "running" | "done";
  /** null: every candidate of every fixture; otherwise every candidate of this fixture. */
  scope: string | null;
  runs: ScoredRun[];
}

export interface SuiteSlice {
  suite: SuiteState;
  runSuite(scope: string | null): Promise<void>;
  loadSuite(runs: ScoredRun[]): void;
  /** Opens one run of the suite in the timeline. */
  openSuiteRun(index: number): void;
}

export const createSuiteSlice = (deps: StoreDeps): StateCreator<Store, [], [], SuiteSlice> => (set, get) => ({
  suite: { status: "idle", scope: null, runs: [] },
  async runSuite(scope) {
    const fixtures = get().fixtures.filter((f) => scope === null || f.id === scope);
    set({ suite: { status: "running", scope, runs: [] } });
    const runs = await deps.evaluateSuite(fixtures);
    set({ suite: { status: "done", scope, runs } });
    await get().saveToHistory("suite");
  },
  loadSuite(runs) {
    set({ suite: { status: "done", scope: null, runs } });
  },
  openSuiteRun(index) {
    const run = get().suite.runs[index];
    if (!run) return;
    const started = run.events.find((e) => e.kind === "run_started");
    get().selectFixture(run.fixture, run.candidate);
    get().loadRun({
      fixtureId: run.fixture,
      candidate: run.candidate,
      kind: "scripted",
      budget: started?.kind === "run_started" ? started.budget : REFERENCE_BUDGET,
      events: run.events,
      scored: run,
      imported: null,
    });
    set({ view: "run" });
  },
});
