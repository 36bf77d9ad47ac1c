import type { StateCreator } from "zustand";
import { chainEvents, chainHeadOf, type Sha256Hex } from "../../integrity/seal.ts";
import type { RunEvent } from "../../schemas/event.ts";
import { annotationsOf, type AttachedAnnotation } from "../../evaluation/annotations.ts";
import { readJsonFile, validateJson } from "../../files/read-json-file.ts";
import { AnnotationsFile, type Annotation, type AnnotationMark } from "../../schemas/annotation.ts";
import { annotationsFileOf, createTextAnnotationsStore, memoryTextStorage, type AnnotationsStore } from "./annotations-store.ts";
import type { StoreDeps } from "../deps.ts";
import type { ExportFile } from "../io/io-slice.ts";
import type { LoadedRun } from "../run/run-slice.ts";
import type { Store } from "../store.ts";

export type { AttachedAnnotation };

export interface AnnotationsState {
  status: "loading" | "ready";
  items: Annotation[];
  /** The last author named, offered for the next annotation. */
  author: string;
}

export interface AnnotationDraft {
  check: string;
  mark: AnnotationMark;
  reason: string;
  author: string;
}

export interface AnnotationsSlice {
  annotations: AnnotationsState;
  /** The current run's events head (see runAnnotations), or undefined when there is no finished run. */
  runEventsHead(): Promise<string | undefined>;
  loadAnnotations(): Promise<void>;
  /** Marks a verdict of the current run; returns why not when the draft or the run cannot be annotated. */
  annotateVerdict(draft: AnnotationDraft): Promise<{ ok: true } | { ok: false; message: string }>;
  removeAnnotation(id: string): Promise<void>;
  /** Every annotation as one `finbound.annotations/v1` file, beside (never inside) the sealed exports. */
  exportAnnotations(): ExportFile;
  /** Adds a file's annotations (same id: the file's wins). A refused file changes nothing. */
  importAnnotations(fileName: string, file: Pick<Blob, "arrayBuffer">): Promise<boolean>;
}

/**
 * The current run's annotations, each with the verdict it has now and whether that changed. Matched by
 * the events' chain head (`eventsHead`, undefined while it is being computed): an export, an import or
 * a re-score of the run keeps its notes, another run of the same fixture and candidate does not get them.
 */
export function runAnnotations(run: LoadedRun | null, items: readonly Annotation[], eventsHead?: string): AttachedAnnotation[] {
  if (!run?.scored) return [];
  const { fixture, candidate, trial, verdicts } = run.scored;
  return annotationsOf({ fixture, candidate, trial, digest: null, eventsHead, verdicts }, items);
}

// One head per event log: a log is immutable once its run has finished, so its identity is the key.
const heads = new WeakMap<readonly RunEvent[], Promise<string>>();

/** The head of the hash chain over a finished run's events, computed once per log. */
export function eventsHeadOf(events: readonly RunEvent[], sha256: Sha256Hex): Promise<string> {
  let head = heads.get(events);
  if (!head) {
    head = chainEvents(events, sha256).then(chainHeadOf);
    heads.set(events, head);
  }
  return head;
}

let sequence = 0;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const createAnnotationsSlice =
  (deps: StoreDeps): StateCreator<Store, [], [], AnnotationsSlice> =>
  (set, get) => {
    const store: AnnotationsStore = deps.annotations ?? createTextAnnotationsStore(memoryTextStorage, deps.nowIso);
    let loading: Promise<void> | null = null;
    /** Keeps the change only when it was saved: a failed save leaves the annotations as they were. */
    const commit = async (items: Annotation[], author: string): Promise<boolean> => {
      await loading;
      try {
        await store.save(items, author);
      } catch (error) {
        set({ notice: { kind: "error", text: `Annotations not saved: ${messageOf(error)}` } });
        return false;
      }
      set({ annotations: { status: "ready", items, author } });
      return true;
    };
    const headOfCurrentRun = async (): Promise<string | undefined> => {
      const run = get().run;
      return run?.scored ? eventsHeadOf(run.scored.events, deps.sha256Hex) : undefined;
    };
    return {
      annotations: { status: "loading", items: [], author: "" },
      runEventsHead: headOfCurrentRun,
      loadAnnotations() {
        // Loaded once per page: the annotations in the store are then the ones saved.
        if (loading) return loading;
        loading = (async () => {
          try {
            const { annotations, author, problem } = await store.load();
            set({ annotations: { status: "ready", items: annotations, author } });
            if (problem) set({ notice: { kind: "error", text: problem } });
          } catch (error) {
            set({ annotations: { ...get().annotations, status: "ready" }, notice: { kind: "error", text: `Annotations could not be read: ${messageOf(error)}` } });
          }
        })();
        return loading;
      },
      async annotateVerdict(draft) {
        const run = get().run;
        const verdict = run?.scored?.verdicts.find((v) => v.check === draft.check);
        if (!run?.scored || !verdict) return { ok: false, message: "Only a finished run's verdicts can be annotated." };
        const reason = draft.reason.trim();
        const author = draft.author.trim();
        if (!reason) return { ok: false, message: "Say why." };
        if (!author) return { ok: false, message: "Say who." };
        const at = deps.nowIso();
        const { fixture, candidate, trial } = run.scored;
        const eventsHead = await eventsHeadOf(run.scored.events, deps.sha256Hex);
        const annotation: Annotation = {
          id: `note-${Date.parse(at).toString(36)}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          target: { fixture, candidate, ...(trial === undefined ? {} : { trial }), run_digest: null, run_events_head: eventsHead, check: verdict.check },
          verdict: { status: verdict.status, explanation: verdict.explanation },
          mark: draft.mark,
          reason,
          author,
          at,
        };
        const saved = await commit([...get().annotations.items, annotation], author);
        return saved ? { ok: true } : { ok: false, message: "The annotation could not be saved." };
      },
      async removeAnnotation(id) {
        const { items, author } = get().annotations;
        await commit(items.filter((a) => a.id !== id), author);
      },
      exportAnnotations() {
        const items = get().annotations.items;
        return { fileName: `finbound-annotations-${items.length}.json`, text: `${JSON.stringify(annotationsFileOf(items, deps.nowIso()), null, 2)}\n` };
      },
      async importAnnotations(fileName, file) {
        const read = readJsonFile(new Uint8Array(await file.arrayBuffer()));
        const parsed = read.ok ? validateJson(read.value, AnnotationsFile) : read;
        if (!parsed.ok) {
          set({ notice: { kind: "error", text: `Import failed — ${fileName}: ${parsed.message}` } });
          return false;
        }
        const incoming = new Map(parsed.value.annotations.map((a) => [a.id, a]));
        const { items, author } = get().annotations;
        const merged = [...items.filter((a) => !incoming.has(a.id)), ...incoming.values()];
        if (!(await commit(merged, author))) return false;
        set({ notice: { kind: "info", text: `${fileName}: ${incoming.size} annotation(s) imported` } });
        return true;
      },
    };
  };
