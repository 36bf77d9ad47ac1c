import type { StateCreator } from "zustand";
import { compareRuns, compareSuites, type RunComparison, type SuiteComparison } from "../../evaluation/compare.ts";
import { SCORED_RUN_FORMAT } from "../../schemas/export.ts";
import type { HistoryEntry } from "../../schemas/history.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import type { HistoryState } from "../history/history-slice.ts";
import { importInThisThread } from "../io/import-task.ts";
import type { LoadedRun } from "../run/run-slice.ts";
import type { Store } from "../store.ts";
import type { SuiteState } from "../suite/suite-slice.ts";
import { allFixtures, fixtureById } from "../workspace/workspace-slice.ts";

// Compare two runs or two suites from whatever the workbench holds: the current run
// (run here or imported), the suite's runs, saved history. A side is taken when it is picked, so a
// later import or suite run does not change it. History is verified and re-scored as Open does:
// stored verdicts are never trusted. What differs is src/evaluation/compare.ts's to say.

export type { RunComparison, StepRow, SuiteChange, SuiteComparison, SuiteRow, VerdictChange } from "../../evaluation/compare.ts";

export type CompareMode = "runs" | "suites";
export type CompareSlot = "a" | "b";

/** One side of a comparison: its runs, as they were when picked. */
export interface CompareSide {
  /** The option it was picked from (see compareRunOptions / compareSuiteOptions). */
  source: string;
  label: string;
  runs: readonly ScoredRun[];
}

export interface ComparePair<R> {
  a: CompareSide | null;
  b: CompareSide | null;
  result: R | null;
}

export interface CompareState {
  mode: CompareMode;
  /** Two runs are compared within one fixture: the one whose runs are offered (null: the workbench's). */
  fixtureId: string | null;
  runs: ComparePair<RunComparison>;
  suites: ComparePair<SuiteComparison>;
  /** The side being verified and re-scored from history. */
  loading: { mode: CompareMode; slot: CompareSlot } | null;
  problem: string | null;
}

export interface CompareOption {
  id: string;
  label: string;
  group: "Workbench" | "Suite" | "History";
}

export interface CompareSlice {
  compare: CompareState;
  setCompareMode(mode: CompareMode): void;
  setCompareFixture(id: string): void;
  /** Takes an option of compareRunOptions (runs mode) or compareSuiteOptions (suites mode) as side A or B. */
  pickForCompare(slot: CompareSlot, optionId: string): Promise<boolean>;
  swapCompare(): void;
  /** From a row of the suite comparison to its two runs, step by step. */
  compareSuiteRow(key: string): boolean;
  /** Two sides chosen elsewhere (the leaderboard's cells): one run of one fixture each as two runs, otherwise as two suites. */
  compareChosen(a: CompareSide, b: CompareSide): void;
}

/** What the options are made from. */
export type CompareSources = { run: LoadedRun | null; suite: SuiteState; history: HistoryState };

const trialOf = (trial: number | undefined): string => (trial === undefined ? "" : ` #${trial}`);
const savedAt = (entry: HistoryEntry): string => entry.saved_at.slice(0, 16).replace("T", " ");
const suiteKind = (suite: SuiteState): string => (suite.kind === "scripted" ? "scored here" : suite.kind);

/** The fixture whose runs the runs mode offers: the one picked, else the current run's, else the suite's first. */
export function compareFixtureOf(s: CompareSources & { compare: CompareState; fixtureId: string | null }): string | null {
  return s.compare.fixtureId ?? s.run?.fixtureId ?? s.suite.runs[0]?.fixture ?? s.fixtureId;
}

/** Every fixture some run of the workbench belongs to, in first-seen order. */
export function compareFixtureIds(s: CompareSources): string[] {
  const ids = new Set<string>();
  if (s.run?.scored) ids.add(s.run.fixtureId);
  for (const r of s.suite.runs) ids.add(r.fixture);
  for (const e of s.history.entries) {
    if (e.file.format === SCORED_RUN_FORMAT) ids.add(e.file.fixture.id);
    else for (const r of e.file.runs) ids.add(r.fixture.id);
  }
  return [...ids];
}

/** The runs of one fixture that can be side A or B. */
export function compareRunOptions(s: CompareSources, fixtureId: string | null): CompareOption[] {
  const options: CompareOption[] = [];
  const run = s.run;
  // A stopped run is not judged: it has no verdicts to set against another run's.
  if (run?.scored && !run.stoppedByUser && run.fixtureId === fixtureId) options.push({ id: "run", label: `current run — ${run.candidate} (${run.kind})`, group: "Workbench" });
  s.suite.runs.forEach((r, i) => {
    if (r.fixture === fixtureId) options.push({ id: `suite:${i}`, label: `suite — ${r.candidate}${trialOf(r.trial)} (${suiteKind(s.suite)})`, group: "Suite" });
  });
  for (const entry of s.history.entries) {
    if (entry.file.format === SCORED_RUN_FORMAT) {
      if (entry.file.fixture.id === fixtureId) options.push({ id: `history:${entry.id}`, label: `${entry.file.candidate.name}, saved ${savedAt(entry)}`, group: "History" });
      continue;
    }
    entry.file.runs.forEach((r, i) => {
      if (r.fixture.id === fixtureId) options.push({ id: `history:${entry.id}#${i}`, label: `${r.candidate.name}${trialOf(r.trial)}, from ${entry.label} saved ${savedAt(entry)}`, group: "History" });
    });
  }
  return options;
}

/** The suites that can be side A or B: the workbench's and every saved one. */
export function compareSuiteOptions(s: CompareSources): CompareOption[] {
  const options: CompareOption[] = [];
  const n = s.suite.runs.length;
  if (s.suite.status === "done" && n > 0) options.push({ id: "suite", label: `current suite — ${n} run${n === 1 ? "" : "s"} (${suiteKind(s.suite)})`, group: "Workbench" });
  for (const entry of s.history.entries) {
    if (entry.kind === "suite") options.push({ id: `history:${entry.id}`, label: `${entry.label}, saved ${savedAt(entry)}`, group: "History" });
  }
  return options;
}

type Resolved = { label: string; runs: readonly ScoredRun[] } | { label: string; entry: HistoryEntry; index: number | null };

function resolve(s: Store, mode: CompareMode, id: string): Resolved | null {
  const options = mode === "runs" ? compareRunOptions(s, compareFixtureOf(s)) : compareSuiteOptions(s);
  const option = options.find((o) => o.id === id);
  if (!option) return null;
  const label = option.group === "History" ? `history — ${option.label}` : option.label;
  if (id === "run") return s.run?.scored ? { label, runs: [s.run.scored] } : null;
  if (id === "suite") return { label, runs: s.suite.runs };
  if (id.startsWith("suite:")) {
    const run = s.suite.runs[Number(id.slice("suite:".length))];
    return run ? { label, runs: [run] } : null;
  }
  const [entryId, index] = id.slice("history:".length).split("#");
  const entry = s.history.entries.find((e) => e.id === entryId);
  return entry ? { label, entry, index: index === undefined ? null : Number(index) } : null;
}

export const createCompareSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], CompareSlice> =>
  (set, get) => {
    const startImport = deps.startImport ?? importInThisThread;
    // A pick supersedes one still being re-scored for the same side.
    const picks: Record<CompareMode, Record<CompareSlot, number>> = { runs: { a: 0, b: 0 }, suites: { a: 0, b: 0 } };

    /** The comparison of each pair whose sides changed, once both sides are there. */
    function withResults(before: CompareState, compare: CompareState): CompareState {
      const s = get();
      const { runs, suites } = compare;
      let problem: string | null = null;
      let runResult = runs.result;
      if (runs.a !== before.runs.a || runs.b !== before.runs.b) {
        const [ra, rb] = [runs.a?.runs[0], runs.b?.runs[0]];
        runResult = null;
        if (ra && rb && ra.fixture === rb.fixture) runResult = compareRuns(ra, rb, fixtureById(s, ra.fixture));
        else if (ra && rb) problem = `A and B are runs of different fixtures (${ra.fixture}, ${rb.fixture}): compare runs of one fixture.`;
      }
      let suiteResult = suites.result;
      if (suites.a !== before.suites.a || suites.b !== before.suites.b) suiteResult = suites.a && suites.b ? compareSuites(suites.a.runs, suites.b.runs, allFixtures(s.fixtures, s.matrixFixtures)) : null;
      return { ...compare, runs: { ...runs, result: runResult }, suites: { ...suites, result: suiteResult }, problem };
    }

    const update = (patch: (c: CompareState) => CompareState): void => {
      const before = get().compare;
      set({ compare: withResults(before, patch(before)) });
    };

    const place = (mode: CompareMode, slot: CompareSlot, side: CompareSide): void =>
      update((c) => ({ ...c, [mode]: { ...c[mode], [slot]: side }, loading: null }));

    return {
      compare: {
        mode: "runs",
        fixtureId: null,
        runs: { a: null, b: null, result: null },
        suites: { a: null, b: null, result: null },
        loading: null,
        problem: null,
      },
      setCompareMode: (mode) => update((c) => ({ ...c, mode })),
      setCompareFixture(id) {
        const keep = (side: CompareSide | null): CompareSide | null => (side?.runs[0]?.fixture === id ? side : null);
        update((c) => ({ ...c, fixtureId: id, runs: { ...c.runs, a: keep(c.runs.a), b: keep(c.runs.b) } }));
      },
      async pickForCompare(slot, optionId) {
        const s = get();
        const mode = s.compare.mode;
        const pick = ++picks[mode][slot];
        const resolved = resolve(s, mode, optionId);
        if (!resolved) return false;
        if ("runs" in resolved) {
          place(mode, slot, { source: optionId, label: resolved.label, runs: resolved.runs });
          return true;
        }
        set({ compare: { ...s.compare, loading: { mode, slot }, problem: null } });
        // A saved matrix suite names the attack matrix's fixtures: loaded first, as an import does.
        await s.loadMatrix();
        const task = startImport({ stored: resolved.entry.file }, { fixtures: allFixtures(get().fixtures, get().matrixFixtures), onProgress: () => {} });
        const { result, runs } = await task.done;
        if (pick !== picks[mode][slot]) return false;
        const chosen = resolved.index === null ? runs : runs.slice(resolved.index, resolved.index + 1);
        if (!result.ok || chosen.length === 0) {
          set({ compare: { ...get().compare, loading: null, problem: `${resolved.label}: ${result.ok ? "the run is not in the file" : result.message}` } });
          return false;
        }
        const unverified = result.kind === "suite" && result.verification.status !== "verified" ? ` — NOT VERIFIED: ${result.verification.message}` : "";
        place(mode, slot, { source: optionId, label: `${resolved.label}${unverified}`, runs: chosen });
        return true;
      },
      swapCompare() {
        update((c) => ({ ...c, [c.mode]: { ...c[c.mode], a: c[c.mode].b, b: c[c.mode].a } }));
      },
      compareSuiteRow(key) {
        const { a, b, result } = get().compare.suites;
        // The runs the row compared, as compareSuites matched them.
        const row = result?.rows.find((r) => r.key === key);
        const ra = row?.aIndex == null ? undefined : a?.runs[row.aIndex];
        const rb = row?.bIndex == null ? undefined : b?.runs[row.bIndex];
        if (!a || !b || !ra || !rb) return false;
        update((c) => ({
          ...c,
          mode: "runs",
          fixtureId: ra.fixture,
          runs: { a: { source: `suite-row:${key}`, label: `${a.label} — ${key}`, runs: [ra] }, b: { source: `suite-row:${key}`, label: `${b.label} — ${key}`, runs: [rb] }, result: null },
        }));
        return true;
      },
      compareChosen(a, b) {
        const [ra] = a.runs;
        const mode: CompareMode = a.runs.length === 1 && b.runs.length === 1 && ra?.fixture === b.runs[0]?.fixture ? "runs" : "suites";
        update((c) => ({ ...c, mode, ...(mode === "runs" && ra ? { fixtureId: ra.fixture } : {}), [mode]: { a, b, result: null } }));
      },
    };
  };
