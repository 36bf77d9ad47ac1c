import type { StateCreator } from "zustand";
import { exportRun, exportSuite, sealSuite } from "../../integrity/export.ts";
import { SCORED_RUN_FORMAT, type ScoredRunExport, type ScoredSuiteExport } from "../../schemas/export.ts";
import type { HistoryEntry } from "../../schemas/history.ts";
import type { StoreDeps } from "../deps.ts";
import { historyEntryOf, newestFirst, type EntryFacts } from "./history-entry.ts";
import { designCounts } from "../suite/suite-design.ts";
import { suiteLabel, suiteShape } from "../suite/suite-label.ts";
import type { PartedFile } from "../io/io-slice.ts";
import { suiteTextParts } from "../suite/suite-text.ts";
import { yieldToPage } from "../scheduling/yield-to-page.ts";
import type { RunLinkId } from "../links/run-link-entry.ts";
import type { Store } from "../store.ts";
import { fixtureById } from "../workspace/workspace-slice.ts";

export interface HistoryState {
  status: "loading" | "ready" | "failed";
  /** Newest first. */
  entries: HistoryEntry[];
  /** What went wrong loading or saving, in words; the rest of the history still works. */
  problems: string[];
  /** Records that no longer validate, each reported once and removable. */
  corrupt: { id: string; reason: string }[];
}

/** What a view saves: the run shown, the suite's runs, or the attack matrix's. */
export type SavedWhat = "run" | "suite" | "matrix";

export interface HistorySlice {
  history: HistoryState;
  loadHistory(): Promise<void>;
  /** Saves the finished run, suite or attack-matrix run (kept as a suite). A failure is reported, never thrown. */
  saveToHistory(what: SavedWhat): Promise<boolean>;
  /** Re-imports the stored file, so it is verified and re-scored: stored verdicts are never trusted. */
  openHistoryEntry(id: string): Promise<boolean>;
  /** Deletes an entry, or a corrupt record (its problem goes with it). */
  deleteHistoryEntry(id: string): Promise<boolean>;
  /** Every stored run, as one sealed `finbound.scored-suite/v1` file that Import takes back. */
  exportAllHistory(): Promise<PartedFile>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const sentence = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
/** The words a corrupt record is reported in (once: the history view offers Remove beside them). */
export const corruptProblem = (c: { id: string; reason: string }): string => `History record ${c.id} is unreadable and was skipped: ${c.reason}.`;

export const createHistorySlice =
  (deps: StoreDeps): StateCreator<Store, [], [], HistorySlice> =>
  (set, get) => {
    /** The load under way, if any. */
    let pending: Promise<void> | null = null;
    const report = (problems: string[], patch: Partial<HistoryState> = {}): void => {
      const history = get().history;
      set({ history: { ...history, ...patch, problems: [...history.problems, ...problems] }, notice: { kind: "error", text: problems.join(" ") } });
    };
    const options = () => ({ includeDiagnostics: true, sha256: deps.sha256Hex, nowIso: deps.nowIso() });

    /** The sealed file to save, with what History lists it under: what ran and the headline's figures. */
    async function fileToSave(what: SavedWhat): Promise<{ file: ScoredRunExport | ScoredSuiteExport; facts: EntryFacts } | null> {
      const s = get();
      const fixtureOf = (id: string) => fixtureById(s, id);
      if (what === "run") {
        const run = s.run;
        const fixture = fixtureById(s, run?.fixtureId ?? null);
        if (!run?.scored || !fixture) return null;
        return { file: await exportRun(run.scored, fixture, run.kind, options()), facts: { design: designCounts([run.scored], fixtureOf) } };
      }
      const { runs, kind } = what === "suite" ? (s.suite.status === "done" ? s.suite : { runs: [], kind: s.suite.kind }) : s.matrixRun.status === "done" ? s.matrixRun : { runs: [], kind: s.matrixRun.kind };
      if (runs.length === 0) return null;
      const judged = runs.flatMap((run) => {
        const fixture = fixtureOf(run.fixture);
        return fixture ? [{ run, fixture, kind }] : [];
      });
      const label = suiteLabel(suiteShape(runs), what === "matrix" ? "matrix" : kind === "scripted" ? "scripted" : "other");
      return { file: await exportSuite(judged, options()), facts: { label, design: designCounts(runs, fixtureOf) } };
    }

    return {
      history: { status: "loading", entries: [], problems: [], corrupt: [] },
      loadHistory() {
        // A load under way is shared: two at once would report each corrupt record twice.
        if (pending) return pending;
        const load = (async () => {
          set({ history: { ...get().history, status: "loading", problems: [], corrupt: [] } });
          try {
            const { entries, corrupt } = await deps.history.list();
            set({ history: { ...get().history, status: "ready", entries: newestFirst(entries), corrupt } });
            if (corrupt.length > 0) report(corrupt.map(corruptProblem));
          } catch (error) {
            report([sentence(messageOf(error))], { status: "failed" });
          } finally {
            pending = null;
          }
        })();
        pending = load;
        return load;
      },
      async saveToHistory(what) {
        let entry: HistoryEntry | null = null;
        // A saved run's link is its history entry. Said before anything is awaited, so describing the
        // finished run waits for this save instead of sealing, hashing and storing a copy of its own.
        let linked: RunLinkId | null = null;
        let settle: (link: RunLinkId | null) => void = () => {};
        if (what === "run") get().expectRunLink(new Promise((resolve) => (settle = resolve)));
        try {
          // The run or suite is read now; the write waits for a load in progress, so that load cannot hide it.
          const [saved] = await Promise.all([fileToSave(what), pending]);
          if (!saved) return false;
          entry = await historyEntryOf(saved.file, deps.nowIso(), deps.sha256Hex, saved.facts);
          await deps.history.put(entry);
          linked = { linkId: entry.id, exportedAt: entry.file.exported_at };
        } catch (error) {
          report([`${entry?.label ?? `The ${what}`} — ${messageOf(error)}.`]);
          return false;
        } finally {
          settle(linked);
        }
        const saved = entry;
        const history = get().history;
        set({ history: { ...history, entries: [saved, ...history.entries.filter((e) => e.id !== saved.id)] } });
        return true;
      },
      async openHistoryEntry(id) {
        const entry = get().history.entries.find((e) => e.id === id);
        if (!entry) return false;
        const opened = await get().openStored(`${entry.label} (history, saved ${entry.saved_at})`, entry.file);
        if (opened && entry.kind === "run") get().markRunOpenedFrom("history", entry.id);
        return opened;
      },
      async deleteHistoryEntry(id) {
        try {
          await deps.history.remove(id);
        } catch (error) {
          report([sentence(messageOf(error))]);
          return false;
        }
        const history = get().history;
        const gone = history.corrupt.find((c) => c.id === id);
        set({
          history: {
            ...history,
            entries: history.entries.filter((e) => e.id !== id),
            corrupt: history.corrupt.filter((c) => c.id !== id),
            problems: gone ? history.problems.filter((p) => p !== corruptProblem(gone)) : history.problems,
          },
        });
        return true;
      },
      async exportAllHistory() {
        // Runs stay sealed as they were saved; the suite digest binds them all, in order.
        const runs = get().history.entries.flatMap((e) => (e.file.format === SCORED_RUN_FORMAT ? [e.file] : e.file.runs));
        const file = await sealSuite(runs, { sha256: deps.sha256Hex, nowIso: deps.nowIso(), signer: get().signer() });
        // Written as Export suite writes a suite: run by run, in parts the download never joins.
        return { fileName: `finbound-history-${runs.length}-runs.json`, parts: await suiteTextParts(file, yieldToPage) };
      },
    };
  };
