import type { StateCreator } from "zustand";
import { parseCollectedTraceFile } from "../candidates/collected-trace.ts";
import { describeIssues } from "../schemas/describe-issues.ts";
import { dropPrototypeKeys } from "../schemas/prototype-keys.ts";
import { ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, COLLECTED_TRACE_FORMAT, type CandidateKind } from "../schemas/index.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { rescoreExport } from "../scoring/rescore.ts";
import { exportRun, exportSuite, fixtureContentHash } from "../integrity/export.ts";
import { suiteDigest, verifyRun } from "../integrity/run-digest.ts";
import { scoreCollectedTrace } from "../scoring/evaluate.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { StoreDeps } from "./deps.ts";
import type { Store } from "./store.ts";
import { fixtureById } from "./workspace-slice.ts";

/** Imports larger than this are refused before parsing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type Notice = { kind: "error" | "info"; text: string };

export interface ExportFile {
  fileName: string;
  text: string;
}

export interface IoSlice {
  notice: Notice | null;
  dismissNotice(): void;
  exportRun(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
  exportSuite(options: { includeDiagnostics: boolean }): Promise<ExportFile | null>;
  /** Validates, re-scores and loads a file. On any error the workspace stays exactly as it was. */
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
    return {
      notice: null,
      dismissNotice: () => set({ notice: null }),
      async exportRun({ includeDiagnostics }) {
        const run = get().run;
        if (!run?.scored) return null;
        const file = await toExport(run.scored, run.kind, includeDiagnostics);
        return { fileName: `finbound-${run.fixtureId}-${run.candidate}.json`, text: `${JSON.stringify(file, null, 2)}\n` };
      },
      async exportSuite({ includeDiagnostics }) {
        const { runs } = get().suite;
        if (runs.length === 0) return null;
        const file = await exportSuite(
          runs.flatMap((run) => {
            const fixture = fixtureById(get(), run.fixture);
            return fixture ? [{ run, fixture, kind: "scripted" as const }] : [];
          }),
          { includeDiagnostics, sha256: deps.sha256Hex, nowIso: deps.nowIso() },
        );
        return { fileName: `finbound-suite-${runs.length}-runs.json`, text: `${JSON.stringify(file, null, 2)}\n` };
      },
      async importText(fileName, text) {
        if (text.length > MAX_IMPORT_BYTES) return fail(fileName, `the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
        let json: unknown;
        try {
          json = dropPrototypeKeys(JSON.parse(text));
        } catch (error) {
          return fail(fileName, `not valid JSON (${error instanceof Error ? error.message : "parse error"})`);
        }
        const format = Array.isArray(json) ? COLLECTED_TRACE_FORMAT : typeof json === "object" && json !== null ? (json as { format?: unknown }).format : undefined;
        if (format === SCORED_RUN_FORMAT) return importRun(fileName, json);
        if (format === SCORED_SUITE_FORMAT) return importSuite(fileName, json);
        if (format === COLLECTED_TRACE_FORMAT) return importTraces(fileName, text);
        return fail(fileName, `unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT}, ${SCORED_SUITE_FORMAT} or ${COLLECTED_TRACE_FORMAT}`);
      },
    };

    async function importRun(fileName: string, json: unknown): Promise<boolean> {
      const parsed = ScoredRunExport.safeParse(json);
      if (!parsed.success) return fail(fileName, `not a valid ${SCORED_RUN_FORMAT} file: ${describeIssues(parsed.error)}`);
      const file = parsed.data;
      const fixture = fixtureById(get(), file.fixture.id);
      if (!fixture) return fail(fileName, `field "fixture.id": unknown fixture ${JSON.stringify(file.fixture.id)}`);
      const verification = await verifyRun(file, deps.sha256Hex);
      if (!verification.ok && verification.status !== "unsealed") return fail(fileName, `rejected, not verified: ${verification.message}`);
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
        imported: { fileName, differences: rescored.differences, eventsMatch: rescored.eventsMatch, fixtureMatches, verified: verification.ok },
      });
      set({ view: "run", notice: { kind: "info", text: `${fileName}: ${verification.ok ? "verified" : "NOT sealed (no integrity block)"}, imported and re-scored — ${rescored.differences.length === 0 ? "the recomputed verdicts match the file" : `${rescored.differences.length} verdict(s) differ from the file`}` } });
      return true;
    }

    async function importSuite(fileName: string, json: unknown): Promise<boolean> {
      const parsed = ScoredSuiteExport.safeParse(json);
      if (!parsed.success) return fail(fileName, `not a valid ${SCORED_SUITE_FORMAT} file: ${describeIssues(parsed.error)}`);
      const runs: ScoredRun[] = [];
      let differing = 0;
      const suite = parsed.data;
      if (suite.integrity && suite.integrity.digest !== (await suiteDigest(suite.runs, deps.sha256Hex))) {
        return fail(fileName, "rejected, not verified: the suite digest does not match: a run was added, removed, reordered or edited after export");
      }
      for (const [i, file] of parsed.data.runs.entries()) {
        const verification = await verifyRun(file, deps.sha256Hex);
        if (!verification.ok && verification.status !== "unsealed") return fail(fileName, `rejected, not verified: run ${i}: ${verification.message}`);
        const fixture = fixtureById(get(), file.fixture.id);
        if (!fixture) return fail(fileName, `field "runs[${i}].fixture.id": unknown fixture ${JSON.stringify(file.fixture.id)}`);
        const rescored = await rescoreExport(file, fixture);
        if (rescored.differences.length > 0) differing += 1;
        runs.push(rescored.run);
      }
      get().loadSuite(runs);
      set({ view: "suite", notice: { kind: "info", text: `${fileName}: ${runs.length} run(s) imported and re-scored; ${differing === 0 ? "all verdicts match the file" : `${differing} run(s) differ from the file`}` } });
      return true;
    }

    async function importTraces(fileName: string, text: string): Promise<boolean> {
      const parsed = parseCollectedTraceFile(text);
      if (!parsed.ok) return fail(fileName, parsed.message);
      const runs: ScoredRun[] = [];
      for (const [i, trace] of parsed.traces.entries()) {
        const scored = await scoreCollectedTrace(trace, get().fixtures, { includeDiagnostics: true });
        if (!scored.ok) return fail(fileName, `${parsed.traces.length > 1 ? `trace ${i}: ` : ""}field "fixture": ${scored.message}`);
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
        get().loadSuite(runs);
        set({ view: "suite", notice: { kind: "info", text: `${fileName}: ${runs.length} collected traces scored` } });
      }
      return true;
    }
  };
