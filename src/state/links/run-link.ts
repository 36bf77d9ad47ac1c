import type { StateCreator } from "zustand";
import { fixtureContentHash } from "../../integrity/export.ts";
import { RUNTIME_VERSION } from "../../runtime/canonical.ts";
import { CALCULATOR_VERSIONS } from "../../runtime/tools/catalogue.ts";
import type { BudgetConfig } from "../../schemas/budget.ts";
import type { ScoredRunExport } from "../../schemas/export.ts";
import type { StoreDeps } from "../deps.ts";
import { createMemoryHistory } from "../history/memory-history.ts";
import { keepForLink, linkable, linkEntryOf, type RunLinkId } from "./run-link-entry.ts";
import type { LoadedRun } from "../run/run-slice.ts";
import type { Store } from "../store.ts";
import { fixtureById } from "../workspace/workspace-slice.ts";

// A link names one run by the content hash of its sealed export (the id a history entry of it has)
// and an event: `?run=<id>&at=N`. Opening it re-imports the stored file (verified and re-scored) and
// never runs anything, so reloading a link adds no history entry. Runs linked but not in the history
// are kept in a separate store ("links"), not in the analyst's history.

export const RUN_PARAM = "run";

export type RunSource = "scripted" | "simulated" | "local model" | "mcp agent" | "import" | "collected trace" | "history" | "link";

export interface RunMetadata {
  source: RunSource;
  fixture: { id: string; contentHash: string };
  runtimeVersion: string;
  calculators: readonly string[];
  candidate: { name: string; kind: string; trial?: number | undefined };
  budget: BudgetConfig;
  /** Whether the run's seal verified: runs made here are sealed on export. */
  seal: "sealed on export" | "verified" | "not sealed";
  /** When the sealed export these facts (and the link) come from was written. */
  exportedAt: string;
  /** Null for a run too long to keep for a link (MAX_LINKED_EVENTS): share its exported file instead. */
  linkId: string | null;
}

export interface RunOrigin {
  source?: "history" | "link";
  linkId?: string;
  exportedAt?: string;
}

export type RunLinkState = { status: "idle" } | { status: "opening"; id: string } | { status: "missing"; id: string };

export interface RunLinkSlice {
  runLink: RunLinkState;
  /** The link id and how the run currently shown came to be, by run key. */
  runOrigins: ReadonlyMap<number, RunOrigin>;
  /** Marks the run now shown as opened from the history (the history slice calls it). */
  markRunOpenedFrom(source: "history" | "link", linkId?: string): void;
  /** The run now shown gets its link from elsewhere (the import worker, or its history entry as it is saved); null when that failed. */
  expectRunLink(link: Promise<RunLinkId | null>): void;
  /** The current run's facts and link id; keeps the run where the link can find it. Null when no finished run. */
  describeRun(): Promise<RunMetadata | null>;
  /** Opens the run a link names, at event `cursor` (0-based), or says that it is not there. */
  openRunLink(id: string, cursor?: number): Promise<boolean>;
}

export function sourceOf(run: LoadedRun, origin?: "history" | "link"): RunSource {
  if (origin) return origin;
  if (run.kind === "imported") return "import";
  if (run.kind === "collected-trace") return "collected trace";
  if (run.kind === "mcp") return "mcp agent";
  if (run.kind === "http") return run.candidate.startsWith("local:") ? "local model" : "simulated";
  return "scripted";
}

export const createRunLinkSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], RunLinkSlice> =>
  (set, get) => {
    const links = deps.runLinks ?? createMemoryHistory();
    /** A link made elsewhere for a run, by run key: only the newest run's is kept. */
    let expected: { key: number; link: Promise<RunLinkId | null> } | null = null;
    const remember = (key: number, patch: RunOrigin): void => {
      const origins = new Map(get().runOrigins);
      origins.set(key, { ...origins.get(key), ...patch });
      set({ runOrigins: origins });
    };
    async function findStored(id: string): Promise<ScoredRunExport | null> {
      const inHistory = get().history.entries.find((e) => e.id === id);
      if (inHistory?.kind === "run") return inHistory.file;
      const { entries } = await links.list();
      const linked = entries.find((e) => e.id === id);
      return linked?.kind === "run" ? linked.file : null;
    }
    return {
      runLink: { status: "idle" },
      runOrigins: new Map(),
      markRunOpenedFrom(source, linkId) {
        const run = get().run;
        if (run) remember(run.key, { source, ...(linkId ? { linkId } : {}) });
      },
      expectRunLink(link) {
        const run = get().run;
        if (run) expected = { key: run.key, link };
      },
      async describeRun() {
        const run = get().run;
        const fixture = fixtureById(get(), run?.fixtureId ?? null);
        const started = run?.events.find((e) => e.kind === "run_started");
        if (!run?.scored || !fixture || started?.kind !== "run_started") return null;
        const scored = run.scored;
        const origin = get().runOrigins.get(run.key);
        let { linkId, exportedAt } = origin ?? {};
        // A stopped run is not judged or kept, so nothing is stored for a link to it.
        if (linkId === undefined && linkable(run) && !run.stoppedByUser) {
          const made = expected?.key === run.key ? await expected.link : null;
          const link = made ?? (await keepForLink(await linkEntryOf(scored, fixture, run.kind, { sha256: deps.sha256Hex, nowIso: deps.nowIso() }), { history: deps.history, links }));
          remember(run.key, link);
          ({ linkId, exportedAt } = link);
        }
        const seal = run.imported ? (run.imported.verified ? "verified" : "not sealed") : "sealed on export";
        return {
          source: sourceOf(run, origin?.source),
          fixture: { id: fixture.id, contentHash: await fixtureContentHash(fixture, deps.sha256Hex) },
          runtimeVersion: RUNTIME_VERSION,
          calculators: CALCULATOR_VERSIONS,
          candidate: { name: scored.candidate, kind: run.kind, trial: scored.trial },
          budget: started.budget,
          seal,
          // A run opened from the history or a link: the export its link hashes is made as it is described.
          exportedAt: exportedAt ?? deps.nowIso(),
          linkId: linkId ?? null,
        };
      },
      async openRunLink(id, cursor) {
        set({ runLink: { status: "opening", id } });
        if (get().history.status === "loading") await get().loadHistory();
        let file: ScoredRunExport | null = null;
        try {
          file = await findStored(id);
        } catch {
          file = null;
        }
        if (!file) {
          set({ runLink: { status: "missing", id }, view: "run", notice: { kind: "error", text: `Run not found: the link names run ${id}, which is not saved in this browser. Nothing else was opened.` } });
          return false;
        }
        const opened = await get().openStored(`${file.fixture.id} / ${file.candidate.name} (link)`, file);
        if (!opened) return false;
        get().markRunOpenedFrom("link", id);
        if (cursor !== undefined) get().setCursor(cursor);
        set({ runLink: { status: "idle" } });
        return true;
      },
    };
  };
