import type { StateCreator } from "zustand";
import type { Fixture } from "../../schemas/fixture.ts";
import type { StoreDeps } from "../deps.ts";
import type { Store } from "../store.ts";

export type Theme = "light" | "dark";
export type View = "run" | "suite" | "matrix" | "history" | "compare" | "leaderboard";
/** Pace of a run in the workbench: instant, watchable (a tenth of the run's own time), or real time for demos. */
export type Speed = "instant" | "watch" | "real";
export const PACE: Record<Speed, number> = { instant: 0, watch: 0.1, real: 1 };

export interface WorkspaceSlice {
  fixtures: readonly Fixture[];
  fixtureErrors: readonly string[];
  fixtureId: string | null;
  candidate: string;
  speed: Speed;
  theme: Theme;
  view: View;
  /** How strictly runs started here are held: both off in the reference configuration. */
  runSettings: RunSettings;
  setRunSettings(patch: Partial<RunSettings>): void;
  selectFixture(id: string, candidate?: string): void;
  selectCandidate(name: string): void;
  setSpeed(speed: Speed): void;
  setTheme(theme: Theme): void;
  setView(view: View): void;
}

export interface RunSettings {
  /** One repair turn after an invalid reply, counted against the budget. */
  repair: boolean;
  /** Accept a decision in one Markdown fence; the run records that it did. */
  lenientFence: boolean;
}

/** A fixture of the picker's list, or a generated attack-matrix fixture (kept apart, out of the picker). */
export const fixtureById = (s: Pick<WorkspaceSlice, "fixtures"> & { matrixFixtures?: ReadonlyMap<string, Fixture> }, id: string | null): Fixture | undefined =>
  s.fixtures.find((f) => f.id === id) ?? (id === null ? undefined : s.matrixFixtures?.get(id));

/**
 * Every fixture a run may name: the picker's and, once the attack matrix is loaded, its generated ones —
 * what imports, comparisons and the suite's design judge runs against.
 */
export const allFixtures = (fixtures: readonly Fixture[], matrixFixtures: ReadonlyMap<string, Fixture>): readonly Fixture[] =>
  matrixFixtures.size === 0 ? fixtures : [...fixtures, ...matrixFixtures.values()];

export const createWorkspaceSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], WorkspaceSlice> =>
  (set, get) => ({
    fixtures: deps.fixtures,
    fixtureErrors: deps.fixtureErrors,
    fixtureId: deps.fixtures[0]?.id ?? null,
    candidate: "reference",
    speed: "watch",
    theme: "light",
    view: "run",
    runSettings: { repair: false, lenientFence: false },
    setRunSettings: (patch) => set({ runSettings: { ...get().runSettings, ...patch } }),
    selectFixture(id, candidate) {
      const fx = fixtureById(get(), id);
      if (!fx) return;
      const wanted = candidate ?? get().candidate;
      set({ fixtureId: id, candidate: Object.hasOwn(fx.candidates, wanted) ? wanted : "reference" });
    },
    selectCandidate(name) {
      set({ candidate: name });
    },
    setSpeed: (speed) => set({ speed }),
    setTheme: (theme) => set({ theme }),
    setView: (view) => set({ view }),
  });
