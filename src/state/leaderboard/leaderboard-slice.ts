import type { StateCreator } from "zustand";
import type { ImportSource } from "../../evaluation/import/types.ts";
import type { HistoryEntry } from "../../schemas/history.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import type { Store } from "../store.ts";
import { allFixtures } from "../workspace/workspace-slice.ts";
import type { LeaderboardRuns } from "./leaderboard-runs.ts";
import type { LeaderboardSource } from "./leaderboard-session.ts";
import type { LeaderboardTable, RankOptions, SourceReport } from "./leaderboard-table.ts";

// The Leaderboard view (docs/leaderboard.md, "In the workbench"): suites picked from History or
// imported, read in a worker (verified and re-scored, as Import reads them), ranked by the pure
// leaderboard, shown regressions first with a fixtures × candidates heat map; a cell opens its runs,
// two cells open Compare.

/** One heat-map cell: a row's runs of one fixture. */
export interface LeaderboardCell {
  key: string;
  fixture: string;
}

/** What a click on a cell does. */
export type CellAction = "open" | "compare";

export interface LeaderboardState {
  /** History entries picked, by id, in the order picked. */
  entries: string[];
  /** Files imported for the leaderboard (kept, so a cell's runs can be read from them again). */
  files: { name: string; input: Blob | ImportSource }[];
  status: "idle" | "reading" | "ranking" | "ready" | "failed";
  /** While reading: which source, and how far. */
  progress: { source: number; sources: number; runsDone: number } | null;
  sources: SourceReport[];
  options: RankOptions;
  table: LeaderboardTable | null;
  problem: string | null;
  cellAction: CellAction;
  /** The first cell picked for Compare, until the second. */
  picked: LeaderboardCell | null;
  /** The cell whose runs are being read again. */
  opening: LeaderboardCell | null;
}

export interface LeaderboardSlice {
  leaderboard: LeaderboardState;
  toggleLeaderboardEntry(id: string): void;
  addLeaderboardFile(name: string, input: Blob | ImportSource): void;
  removeLeaderboardFile(name: string): void;
  /** Reads the sources picked and ranks them. */
  rankLeaderboard(): Promise<boolean>;
  /** Ranks the runs read again by other options (baseline, metric, pooling). */
  setLeaderboardOptions(patch: Partial<RankOptions>): Promise<boolean>;
  setCellAction(action: CellAction): void;
  /** A cell clicked: opens its runs, or picks it for Compare (the second opens Compare). */
  chooseLeaderboardCell(cell: LeaderboardCell): Promise<boolean>;
}

const DEFAULT_OPTIONS: RankOptions = { metric: "pass^k", k: null, baseline: null, pool: false };

const savedAt = (entry: HistoryEntry): string => entry.saved_at.slice(0, 19).replace("T", " ");
/** A history entry's name in the leaderboard: its label and when it was saved (labels repeat; the time tells them apart). */
export const entrySourceName = (entry: HistoryEntry): string => `${entry.label}, saved ${savedAt(entry)}`;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const createLeaderboardSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], LeaderboardSlice> =>
  (set, get) => {
    let runs: LeaderboardRuns | null = null;
    const patch = (p: Partial<LeaderboardState>): void => set({ leaderboard: { ...get().leaderboard, ...p } });
    /** The sources changed: what was read is no longer theirs. */
    const unread = (p: Partial<LeaderboardState>): void => {
      runs?.end();
      runs = null;
      patch({ ...p, status: "idle", table: null, sources: [], problem: null, picked: null, progress: null });
    };

    async function rank(current: LeaderboardRuns): Promise<boolean> {
      patch({ status: "ranking", problem: null });
      try {
        const result = await current.rank(get().leaderboard.options);
        if (runs !== current) return false;
        if (!result.ok) {
          patch({ status: "failed", table: null, problem: `${result.message} (${result.code})` });
          return false;
        }
        patch({ status: "ready", table: result.table, options: { ...get().leaderboard.options, baseline: result.table.leaderboard.baseline } });
        return true;
      } catch (error) {
        if (runs === current) patch({ status: "failed", problem: messageOf(error) });
        return false;
      }
    }

    async function cellRuns(cell: LeaderboardCell): Promise<ScoredRun[] | null> {
      const current = runs;
      if (!current) return null;
      patch({ opening: cell });
      try {
        return await current.cellRuns(cell.key, cell.fixture, get().leaderboard.options.pool);
      } catch (error) {
        patch({ problem: messageOf(error) });
        return null;
      } finally {
        if (runs === current) patch({ opening: null });
      }
    }

    const rowLabel = (key: string): string => get().leaderboard.table?.leaderboard.rows.find((r) => r.key === key)?.label ?? key;

    return {
      leaderboard: { entries: [], files: [], status: "idle", progress: null, sources: [], options: DEFAULT_OPTIONS, table: null, problem: null, cellAction: "open", picked: null, opening: null },
      toggleLeaderboardEntry(id) {
        const { entries } = get().leaderboard;
        unread({ entries: entries.includes(id) ? entries.filter((e) => e !== id) : [...entries, id] });
      },
      addLeaderboardFile(name, input) {
        const { files } = get().leaderboard;
        const taken = new Set(files.map((f) => f.name));
        let unique = name;
        for (let n = 2; taken.has(unique); n++) unique = `${name} (${n})`;
        unread({ files: [...files, { name: unique, input }] });
      },
      removeLeaderboardFile(name) {
        unread({ files: get().leaderboard.files.filter((f) => f.name !== name) });
      },
      async rankLeaderboard() {
        const { entries: picked, files } = get().leaderboard;
        const history = get().history.entries;
        const sources: LeaderboardSource[] = [
          ...picked.flatMap((id) => {
            const entry = history.find((e) => e.id === id);
            return entry ? [{ name: entrySourceName(entry), input: { stored: entry.file } }] : [];
          }),
          ...files,
        ];
        if (sources.length === 0) {
          patch({ status: "failed", problem: "Pick a suite from History or import a file first." });
          return false;
        }
        unread({});
        // A saved matrix suite names the attack matrix's fixtures: loaded first, as an import does. Read on
        // this thread only where no worker was given (Node, tests): that code is not in the first load.
        const [readRuns] = await Promise.all([deps.readLeaderboardRuns ?? import("./leaderboard-runs.ts").then((m) => m.readInThisThread), get().loadMatrix()]);
        // Progress may come before the read is returned (a stored export is read at once on this thread).
        let current: LeaderboardRuns | null = null;
        current = readRuns(sources, allFixtures(get().fixtures, get().matrixFixtures), (source, progress) => {
          if (current !== null && runs === current) patch({ progress: { source, sources: sources.length, runsDone: progress.runsDone } });
        });
        runs = current;
        patch({ status: "reading", progress: { source: 0, sources: sources.length, runsDone: 0 }, options: { ...get().leaderboard.options, baseline: null } });
        let read;
        try {
          read = await current.read;
        } catch (error) {
          read = { ok: false as const, code: "unreadable", message: messageOf(error) };
        }
        if (runs !== current) return false;
        if (!read.ok) {
          patch({ status: "failed", progress: null, problem: read.message });
          return false;
        }
        patch({ sources: read.sources, progress: null });
        return rank(current);
      },
      async setLeaderboardOptions(options) {
        patch({ options: { ...get().leaderboard.options, ...options }, picked: null });
        return runs ? rank(runs) : false;
      },
      setCellAction: (cellAction) => patch({ cellAction, picked: null }),
      async chooseLeaderboardCell(cell) {
        const { cellAction, picked } = get().leaderboard;
        if (cellAction === "compare" && picked === null) {
          patch({ picked: cell });
          return true;
        }
        if (cellAction === "compare" && picked && picked.key === cell.key && picked.fixture === cell.fixture) {
          patch({ picked: null });
          return true;
        }
        if (cellAction === "open") {
          const found = await cellRuns(cell);
          if (!found || found.length === 0) return false;
          get().loadSuite(found, "imported");
          if (found.length === 1) get().openSuiteRun(0);
          else set({ view: "suite" });
          return true;
        }
        const first = picked as LeaderboardCell;
        const a = await cellRuns(first);
        const b = a && (await cellRuns(cell));
        if (!a || !b || a.length === 0 || b.length === 0) return false;
        const side = (c: LeaderboardCell, r: ScoredRun[]) => ({ source: `leaderboard:${c.key}#${c.fixture}`, label: `${rowLabel(c.key)} — ${c.fixture} (${r.length} run${r.length === 1 ? "" : "s"})`, runs: r });
        patch({ picked: null });
        get().compareChosen(side(first, a), side(cell, b));
        set({ view: "compare" });
        return true;
      },
    };
  };

