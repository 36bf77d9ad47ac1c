import type { StateCreator } from "zustand";
import { describeDifference } from "../../evaluation/import/outcome.ts";
import { MAX_JSON_FILE_BYTES as MAX_IMPORT_BYTES } from "../../files/read-json-file.ts";
import type { ExportFindings, ImportProgress, ImportResult, ImportSource } from "../../evaluation/import/types.ts";
import { exportRun, exportSuite, signRun } from "../../integrity/export.ts";
import { signatureRefused } from "../../integrity/signature.ts";
import type { CandidateKind, ScoredRunExport, ScoredSuiteExport } from "../../schemas/index.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { StoreDeps } from "../deps.ts";
import { every, PROGRESS_EVERY_MS } from "../scheduling/rate-gate.ts";
import { CANCELLED_IMPORT, importInThisThread, textSource, type ImportInput, type ImportOutcome, type ImportTask } from "./import-task.ts";
import type { LoadedRun } from "../run/run-slice.ts";
import type { Store } from "../store.ts";
import { allFixtures, fixtureById } from "../workspace/workspace-slice.ts";
import { suiteTextParts } from "../suite/suite-text.ts";
import { yieldToPage } from "../scheduling/yield-to-page.ts";

export { MAX_IMPORT_BYTES };

export type Notice = { kind: "error" | "info"; text: string };

export interface ExportFile {
  fileName: string;
  text: string;
}

/** A file written in parts (a suite's runs, a report's sections): joined, they are its text. A download encodes them without joining them. */
export interface PartedFile {
  fileName: string;
  parts: readonly string[];
}

/** An import under way, for the progress bar. */
export interface ImportingState {
  fileName: string;
  progress: ImportProgress | null;
}

/** A sealed export as a value, and the file name (without `.json`) its text is written under. */
export type SealedExport = { baseName: string } & ({ kind: "run"; file: ScoredRunExport } | { kind: "suite"; file: ScoredSuiteExport });

/** Whether a run can be exported: finished, and not stopped by the analyst (a stopped run is not judged). */
export const exportable = (run: LoadedRun | null): run is LoadedRun & { scored: ScoredRun } => run?.scored != null && !run.stoppedByUser;

export interface IoSlice {
  notice: Notice | null;
  dismissNotice(): void;
  /** The current run or suite sealed, as a value (the share writers take it as it is); null when there is none. */
  sealedExport(what: "run" | "suite", options: { includeDiagnostics: boolean }): Promise<SealedExport | null>;
  exportRun(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
  exportSuite(options: { includeDiagnostics: boolean }): Promise<PartedFile | null>;
  /** The import under way, if any. */
  importing: ImportingState | null;
  /**
   * Reads a picked file (a File, streamed in a Web Worker) through the one file reader, then
   * validates, verifies and re-scores it run by run, and loads it. On any error, and on Cancel, the
   * workspace stays exactly as it was. A new import cancels one still under way.
   */
  importFile(fileName: string, file: Blob | ImportSource): Promise<boolean>;
  /** importFile for text already in memory (pasted, or written by a test): read as its UTF-8 bytes. */
  importText(fileName: string, text: string): Promise<boolean>;
  /**
   * Opens an export kept as a value (a history entry's file, a link's run) as importFile opens a file:
   * verified and re-scored by the same pipeline, without writing it out and reading it back.
   */
  openStored(label: string, file: ScoredRunExport | ScoredSuiteExport): Promise<boolean>;
  /** Stops the import under way; nothing it read is kept. */
  cancelImport(): void;
}

export const createIoSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], IoSlice> =>
  (set, get) => {
    let current: ImportTask | null = null;
    const startImport = deps.startImport ?? importInThisThread;
    const toExport = (run: ScoredRun, kind: CandidateKind, includeDiagnostics: boolean): Promise<ScoredRunExport> => {
      const fixture = fixtureById(get(), run.fixture);
      if (!fixture) throw new Error(`no fixture ${run.fixture}`);
      return exportRun(run, fixture, kind, { includeDiagnostics, sha256: deps.sha256Hex, nowIso: deps.nowIso() });
    };
    const fail = (fileName: string, text: string): false => {
      set({ notice: { kind: "error", text: `Import failed — ${fileName}: ${text}` } });
      return false;
    };
    /** An export that cannot be written is reported in the notice, never thrown at the button. */
    const reported = async <F extends ExportFile | PartedFile>(make: () => Promise<F | null>): Promise<F | null> => {
      try {
        return await make();
      } catch (error) {
        set({ notice: { kind: "error", text: `Export failed: ${error instanceof Error ? error.message : String(error)}` } });
        return null;
      }
    };
    return {
      notice: null,
      dismissNotice: () => set({ notice: null }),
      async sealedExport(what, { includeDiagnostics }) {
        if (what === "run") {
          const run = get().run;
          // A stopped run is not judged: exported, it would be re-scored as a model failure.
          if (!exportable(run)) return null;
          const file = await signRun(await toExport(run.scored, run.kind, includeDiagnostics), get().signer());
          return { kind: "run", baseName: `finbound-${run.fixtureId}-${run.candidate}`, file };
        }
        const { runs, kind } = get().suite;
        if (runs.length === 0) return null;
        const file = await exportSuite(
          runs.flatMap((run) => {
            const fixture = fixtureById(get(), run.fixture);
            return fixture ? [{ run, fixture, kind }] : [];
          }),
          { includeDiagnostics, sha256: deps.sha256Hex, nowIso: deps.nowIso(), pause: yieldToPage, signer: get().signer() },
        );
        return { kind: "suite", baseName: `finbound-suite-${runs.length}-runs`, file };
      },
      exportRun: (options) => reported(async () => {
        const sealed = await get().sealedExport("run", options);
        return sealed && { fileName: `${sealed.baseName}.json`, text: `${JSON.stringify(sealed.file, null, 2)}\n` };
      }),
      exportSuite: (options) => reported(async () => {
        const sealed = await get().sealedExport("suite", options);
        return sealed?.kind === "suite" ? { fileName: `${sealed.baseName}.json`, parts: await suiteTextParts(sealed.file, yieldToPage) } : null;
      }),
      importing: null,
      importFile: (fileName, file) => runImport(fileName, file),
      importText: (fileName, text) => runImport(fileName, textSource(text)),
      openStored: (label, file) => runImport(label, { stored: file }),
      cancelImport: () => current?.cancel(),
    };

    async function runImport(fileName: string, file: ImportInput): Promise<boolean> {
      current?.cancel();
      const redraw = every(PROGRESS_EVERY_MS, Date.now);
      let inner: ImportTask | null = null;
      let stopped = false;
      const task: ImportTask = {
        cancel: () => {
          stopped = true;
          inner?.cancel();
        },
        done: (async () => {
          // The attack matrix's generated fixtures too, so an exported matrix suite imports like any other
          // (the matrix loads lazily: a Cancel while it does stops the import before it starts).
          await get().loadMatrix();
          // Composing the matrix and starting the worker were one long task: the page paints between them.
          await yieldToPage();
          if (stopped) return CANCELLED_IMPORT;
          inner = startImport(file, {
            fixtures: allFixtures(get().fixtures, get().matrixFixtures),
            onProgress: (progress) => {
              if (current !== task || !redraw()) return;
              set({ importing: { fileName, progress } });
            },
          });
          return inner.done;
        })(),
      };
      current = task;
      set({ importing: { fileName, progress: null } });
      const outcome = await task.done;
      const { result } = outcome;
      // A newer import cancelled this one and owns the progress bar and the notice.
      if (current !== task) return false;
      current = null;
      set({ importing: null });
      if (!result.ok && result.cancelled) {
        set({ notice: { kind: "info", text: `Import cancelled — ${fileName}: nothing was loaded; the workspace is as it was` } });
        return false;
      }
      if (!result.ok) return fail(fileName, result.message);
      const loaded = load(fileName, result, outcome.runs, outcome.index);
      // The run it opened was linked by the import worker: that link is the run's (run-link.ts).
      if (outcome.link) get().expectRunLink(outcome.link);
      return loaded;
    }

    /** Only a finished import changes the workspace, all at once. */
    function load(fileName: string, result: Extract<ImportResult, { ok: true }>, runs: ImportOutcome["runs"], index?: ImportOutcome["index"]): boolean {
      const first = runs[0];
      if (result.kind === "run" && first) {
        get().openScoredRun(first, { kind: "imported", imported: { fileName, ...result.report, signature: result.signature }, ...(index ? { prepared: index } : {}) });
        const { differences, verified } = result.report;
        const seal = verified ? "verified" : "NOT sealed (no integrity block)";
        const verdicts = result.differing === 0 ? "the recomputed verdicts match the file" : differences.length > 0 ? `${differences.length} verdict(s) differ from the file` : "the file's passed differs from the replay's";
        set({ notice: findingsNotice(result, `${fileName}: ${seal}; ${result.signature.message}; imported and re-scored — ${verdicts}`) });
        return true;
      }
      if (result.kind === "suite") {
        get().loadSuite(runs, "imported");
        const { verification, differing } = result;
        const seal = verification.status === "verified" ? "verified" : `NOT VERIFIED — ${verification.message}`;
        const verdicts = differing === 0 ? "all verdicts match the file" : `${differing} run(s) differ from the file`;
        set({ view: "suite", notice: findingsNotice(result, `${fileName}: ${seal}; ${result.signature.message}; ${runs.length} run(s) imported and re-scored; ${verdicts}`) });
        return true;
      }
      if (runs.length === 1 && first) {
        get().openScoredRun(first, { kind: "collected-trace", ...(index ? { prepared: index } : {}) });
        set({ notice: { kind: "info", text: `${fileName}: collected trace scored by replaying its ${first.events.filter((e) => e.kind === "model_reply").length} reply(ies)` } });
        return true;
      }
      get().loadSuite(runs, "collected-trace");
      set({ view: "suite", notice: { kind: "info", text: `${fileName}: ${runs.length} collected traces scored` } });
      return true;
    }
  };

/**
 * An imported export's notice: an alert when its seals did not verify, its signature is refused, or
 * it states verdicts its replay does not give — the file is loaded, with the recomputed verdicts,
 * and the alert says which run and check the file lies about.
 */
function findingsNotice(findings: ExportFindings, text: string): Notice {
  const first = findings.firstDifference;
  const loud = findings.verification.status !== "verified" || signatureRefused(findings.signature) || first !== null;
  const lie = first ? ` — VERDICTS DIFFER FROM THE FILE: ${describeDifference(first)}; the recomputed verdicts are shown` : "";
  return { kind: loud ? "error" : "info", text: `${text}${lie}` };
}
