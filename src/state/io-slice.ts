import type { StateCreator } from "zustand";
import { parseCollectedTraceFile, validateCollectedTraces } from "../candidates/collected-trace.ts";
import { readJsonFile, tooLarge } from "../files/read-json-file.ts";
import { looksLikeJsonLines } from "../files/read-json-lines.ts";
import { readExportFile, runsOf, verifyExport } from "../integrity/export-file.ts";
import { isJsonlSuiteHeader } from "../integrity/jsonl-suite.ts";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import { SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, COLLECTED_TRACE_FORMAT, type CandidateKind, type ScoredRunExport } from "../schemas/index.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { rescoreExport } from "../evaluation/rescore.ts";
import { exportRun, exportSuite, fixtureContentHash } from "../integrity/export.ts";
import { declaredFormat, validateExport, verifyExportFile, type FileVerification } from "../integrity/verify-file.ts";
import { scoreCollectedTrace } from "../evaluation/evaluate.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { StoreDeps } from "./deps.ts";
import type { Store } from "./store.ts";
import { fixtureById } from "./workspace-slice.ts";

/** Imports larger than this are refused before they are read, in the file reader's words. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type Notice = { kind: "error" | "info"; text: string };

export interface ExportFile {
  fileName: string;
  text: string;
}

/** A file the analyst picked: its size is known before its bytes are read. */
export interface PickedFile {
  size: number;
  bytes(): Promise<Uint8Array>;
}

export interface IoSlice {
  notice: Notice | null;
  dismissNotice(): void;
  exportRun(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
  exportSuite(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
  /**
   * Reads a picked file through the one file reader (refused unread if over MAX_IMPORT_BYTES), then
   * validates, re-scores and loads it. On any error the workspace stays exactly as it was.
   */
  importFile(fileName: string, file: PickedFile): Promise<boolean>;
  /** importFile for text already in memory (a history record): read as its UTF-8 bytes. */
  importText(fileName: string, text: string): Promise<boolean>;
}


export const createIoSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], IoSlice> =>
  (set, get) => {
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
    const reported = async (make: () => Promise<ExportFile | null>): Promise<ExportFile | null> => {
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
      exportRun: ({ includeDiagnostics }) => reported(async () => {
        const run = get().run;
        if (!run?.scored) return null;
        const file = await toExport(run.scored, run.kind, includeDiagnostics);
        return { fileName: `finbound-${run.fixtureId}-${run.candidate}.json`, text: `${JSON.stringify(file, null, 2)}\n` };
      }),
      exportSuite: ({ includeDiagnostics }) => reported(async () => {
        const { runs } = get().suite;
        if (runs.length === 0) return null;
        const file = await exportSuite(
          runs.flatMap((run) => {
            const fixture = fixtureById(get(), run.fixture);
            return fixture ? [{ run, fixture, kind: get().suite.kind }] : [];
          }),
          { includeDiagnostics, sha256: deps.sha256Hex, nowIso: deps.nowIso() },
        );
        return { fileName: `finbound-suite-${runs.length}-runs.json`, text: `${JSON.stringify(file, null, 2)}\n` };
      }),
      async importFile(fileName, file) {
        if (file.size > MAX_IMPORT_BYTES) return fail(fileName, tooLarge(MAX_IMPORT_BYTES).message);
        return reading(fileName, async () => importBytes(fileName, await file.bytes()));
      },
      importText(fileName, text) {
        return reading(fileName, () => importBytes(fileName, new TextEncoder().encode(text)));
      },
    };

    async function reading(fileName: string, read: () => Promise<boolean>): Promise<boolean> {
      try {
        return await read();
      } catch (error) {
        // Anything unforeseen in a file is still that file's error: reported, the workspace untouched.
        return fail(fileName, `could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    /** The same reader and validation as `npm run score` and `npm run verify`, so the same words. */
    async function importBytes(fileName: string, bytes: Uint8Array): Promise<boolean> {
      // JSON Lines: a suite written by `eval --format jsonl`, or collected traces one per line.
      if (looksLikeJsonLines(bytes, isJsonlSuiteHeader)) {
        const read = readExportFile(bytes, { maxBytes: MAX_IMPORT_BYTES });
        if (!read.ok) return fail(fileName, read.message);
        return importSuite(fileName, runsOf(read.value), await verifyExport(read.value, deps.sha256Hex));
      }
      if (looksLikeJsonLines(bytes)) {
        const traces = parseCollectedTraceFile(bytes, { maxBytes: MAX_IMPORT_BYTES });
        return traces.ok ? importTraces(fileName, traces.traces) : fail(fileName, traces.message);
      }
      const read = readJsonFile(bytes, { maxBytes: MAX_IMPORT_BYTES });
      if (!read.ok) return fail(fileName, read.message);
      const format = Array.isArray(read.value) ? COLLECTED_TRACE_FORMAT : declaredFormat(read.value);
      if (format === COLLECTED_TRACE_FORMAT) {
        const traces = validateCollectedTraces(read.value);
        return traces.ok ? importTraces(fileName, traces.traces) : fail(fileName, traces.message);
      }
      const valid = validateExport(read.value);
      if (valid.ok && valid.kind === "run") return importRun(fileName, valid.file, read.parsed);
      if (valid.ok) return importSuite(fileName, valid.file.runs, await verifyExportFile(read.parsed, deps.sha256Hex));
      if (valid.code === "invalid") return fail(fileName, valid.message);
      return fail(fileName, `unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT}, ${SCORED_SUITE_FORMAT} or ${COLLECTED_TRACE_FORMAT}`);
    }

    async function importRun(fileName: string, file: ScoredRunExport, raw: unknown): Promise<boolean> {
      const fixture = fixtureById(get(), file.fixture.id);
      if (!fixture) return fail(fileName, `field "fixture.id": unknown fixture ${JSON.stringify(file.fixture.id)}`);
      // The seal is checked on the file as parsed, before validation dropped or stripped anything.
      const verification = await verifyExportFile(raw, deps.sha256Hex);
      if (verification.status === "broken") return fail(fileName, `rejected, not verified: ${verification.message}`);
      const rescored = await rescoreExport(file, fixture);
      const fixtureMatches = file.fixture.content_hash === (await fixtureContentHash(fixture, deps.sha256Hex));
      get().selectFixture(fixture.id, file.candidate.name);
      get().loadRun({
        fixtureId: fixture.id,
        candidate: file.candidate.name,
        kind: "imported",
        budget: file.budget,
        events: rescored.run.events,
        scored: rescored.run,
        imported: { fileName, differences: rescored.differences, eventsMatch: rescored.eventsMatch, fixtureMatches, verified: verification.status === "verified" },
      });
      set({ view: "run", notice: { kind: "info", text: `${fileName}: ${verification.status === "verified" ? "verified" : "NOT sealed (no integrity block)"}, imported and re-scored — ${rescored.differences.length === 0 ? "the recomputed verdicts match the file" : `${rescored.differences.length} verdict(s) differ from the file`}` } });
      return true;
    }

    /** A suite's runs (JSON or JSONL), its seals already checked on the file as parsed. */
    async function importSuite(fileName: string, suiteRuns: readonly ScoredRunExport[], verification: FileVerification): Promise<boolean> {
      if (verification.status === "broken") return fail(fileName, `rejected, not verified: ${verification.message}`);
      const runs: ScoredRun[] = [];
      let differing = 0;
      for (const [i, file] of suiteRuns.entries()) {
        const fixture = fixtureById(get(), file.fixture.id);
        if (!fixture) return fail(fileName, `field "runs[${i}].fixture.id": unknown fixture ${JSON.stringify(file.fixture.id)}`);
        const rescored = await rescoreExport(file, fixture);
        if (rescored.differences.length > 0) differing += 1;
        runs.push(rescored.run);
      }
      get().loadSuite(runs, "imported");
      const seal = verification.status === "verified" ? "verified" : `NOT VERIFIED — ${verification.message}`;
      set({ view: "suite", notice: { kind: verification.status === "verified" ? "info" : "error", text: `${fileName}: ${seal}; ${runs.length} run(s) imported and re-scored; ${differing === 0 ? "all verdicts match the file" : `${differing} run(s) differ from the file`}` } });
      return true;
    }

    async function importTraces(fileName: string, traces: readonly CollectedTrace[]): Promise<boolean> {
      const runs: ScoredRun[] = [];
      for (const [i, trace] of traces.entries()) {
        const scored = await scoreCollectedTrace(trace, get().fixtures, { includeDiagnostics: true });
        if (!scored.ok) return fail(fileName, `${traces.length > 1 ? `trace ${i}: ` : ""}field "fixture": ${scored.message}`);
        runs.push(scored.run);
      }
      const first = runs[0];
      if (runs.length === 1 && first) {
        get().selectFixture(first.fixture, first.candidate);
        const started = first.events[0];
        get().loadRun({
          fixtureId: first.fixture,
          candidate: first.candidate,
          kind: "collected-trace",
          budget: started?.kind === "run_started" ? started.budget : REFERENCE_BUDGET,
          events: first.events,
          scored: first,
          imported: null,
        });
        set({ view: "run", notice: { kind: "info", text: `${fileName}: collected trace scored by replaying its ${first.events.filter((e) => e.kind === "model_reply").length} reply(ies)` } });
      } else {
        get().loadSuite(runs, "collected-trace");
        set({ view: "suite", notice: { kind: "info", text: `${fileName}: ${runs.length} collected traces scored` } });
      }
      return true;
    }
  };
