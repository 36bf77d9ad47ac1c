import { bytesSource, importFile, MAX_IMPORT_BYTES } from "../evaluation/import/pipeline.ts";
import type { ImportProgress, ImportResult, ImportSource } from "../evaluation/import/types.ts";
import { CANCELLED, refused } from "../evaluation/import/outcome.ts";
import { MAX_LINE_BYTES } from "../files/read-json-lines.ts";
import { sha256Sync } from "../integrity/sha256-sync.ts";
import type { CandidateKind } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { RunEvent } from "../schemas/event.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { blobSource, type ImportRequest, type ImportWorkerMessage, type LinkRequest, type PartTaken } from "./import-protocol.ts";
import { CursorIndex } from "./cursor-index.ts";
import { linkable, type RunLinkId } from "./run-link-entry.ts";
import { RunAssembler, type RunPart } from "./run-parts.ts";
import { LANDMARKS } from "./search-kinds.ts";
import { StringPool } from "./string-pool.ts";
import { whenPageQuiet } from "./yield-to-page.ts";

export { MAX_IMPORT_BYTES };

/**
 * An import's outcome: the re-scored runs in file order, or why there are none. `link` comes with one
 * run the page opens when it was made elsewhere (the worker); otherwise the page makes it.
 */
export interface ImportOutcome {
  result: ImportResult;
  runs: ScoredRun[];
  link?: Promise<RunLinkId | null>;
  /** The one long run's cursor index, built as its parts arrived (so loading it does not pay for it). */
  index?: CursorIndex;
}

/** An import under way: its outcome, or cancelled. */
export interface ImportTask {
  done: Promise<ImportOutcome>;
  cancel(): void;
}

export interface ImportStart {
  fixtures: readonly Fixture[];
  onProgress(progress: ImportProgress): void;
}

/** The longest the link of an opened run, or the end of a worker with nothing left to do, waits for the page to be quiet. */
const LINK_AFTER_MS = 2000;

/**
 * Workers done with their import, waiting for the page to be quiet to be ended. A new import ends them
 * at once: while it runs the page is not quiet, and one ended later would collect its heap in the
 * middle of the new import.
 */
const ending = new Set<Worker>();
/** Ends a worker still waiting to be ended (once: a wait that ends later finds it gone). */
const endWorker = (worker: Worker): void => {
  if (ending.delete(worker)) worker.terminate();
};

/**
 * Starts an import: in a Web Worker when the page has them (a picked File goes to the worker
 * as it is and is streamed there), otherwise in this thread (tests, where there are no workers).
 * Cancel ends the worker at once; nothing it sent is kept.
 */
export function startImport(file: Blob | ImportSource, start: ImportStart): ImportTask {
  if (typeof Worker !== "undefined" && typeof Blob !== "undefined" && file instanceof Blob) return inWorker(file, start);
  return inThisThread(typeof Blob !== "undefined" && file instanceof Blob ? blobSource(file) : (file as ImportSource), start);
}

/** Text already in memory (a history record) as something to import: a Blob for the worker where there is one. */
export const textSource = (text: string): Blob | ImportSource =>
  typeof Worker !== "undefined" && typeof Blob !== "undefined" ? new Blob([text], { type: "application/json" }) : bytesSource(new TextEncoder().encode(text));

/** The kind of the one run an import opens in the run view (io-slice.ts), or null when it opens a suite. */
export function openedRunKind(result: ImportResult, runs: number): CandidateKind | null {
  if (!result.ok || result.kind === "suite") return null;
  if (result.kind === "run") return "imported";
  return runs === 1 ? "collected-trace" : null;
}

function inWorker(file: Blob, start: ImportStart): ImportTask {
  for (const waiting of [...ending]) endWorker(waiting);
  const worker = new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module" });
  const runs: ScoredRun[] = [];
  // One copy of each string the runs repeat, in batches or in parts (string-pool.ts).
  const strings = new StringPool();
  const assembler = new RunAssembler(strings);
  let index: { run: ScoredRun | null; cursor: CursorIndex } | null = null;
  let settle: (outcome: ImportOutcome) => void = () => {};
  const done = new Promise<ImportOutcome>((resolve) => (settle = resolve));
  let linked: ((link: RunLinkId | null) => void) | null = null;
  const end = (result: ImportResult): void => {
    const only = runs.length === 1 ? runs[0] : undefined;
    const kind = only && linkable(only) ? openedRunKind(result, runs.length) : null;
    // Ended once the page is quiet, not at once: as it ends, the worker collects its whole heap (after a
    // million-event import a task of 0.5–0.9 s on the second core, its marking on a helper thread too),
    // and ended at once it took the cores the page's first drawing of the import needed.
    // Not at the first idle callback either: one came in a gap while the suite view was still drawing
    // its charts and rows, and a large suite's worker then took the second core meanwhile.
    if (kind === null) {
      ending.add(worker);
      void whenPageQuiet(LINK_AFTER_MS).then(() => endWorker(worker));
    }
    // The worker still holds the run: it makes the link, then is ended (or by a cancel before that).
    // Asked for when the page is quiet: making it seals the whole run, and asked at once it took the
    // core the page's first drawing of the run needed, on a two-core machine.
    else void whenPageQuiet(LINK_AFTER_MS).then(() => worker.postMessage({ type: "link", kind } satisfies LinkRequest));
    const link = kind === null ? undefined : new Promise<RunLinkId | null>((resolve) => (linked = resolve));
    const prepared = index && runs.length === 1 && index.run === runs[0] ? { index: index.cursor } : {};
    settle({ result, runs: result.ok ? runs : [], ...(link ? { link } : {}), ...(result.ok ? prepared : {}) });
  };
  const endLink = (link: RunLinkId | null): void => {
    worker.terminate();
    linked?.(link);
    linked = null;
  };
  const takePart = (part: RunPart): void => {
    const run = assembler.add(part);
    if (part.part === "head") {
      const fixture = start.fixtures.find((f) => f.id === part.run.fixture);
      index = fixture ? { run: null, cursor: new CursorIndex(fixture) } : null;
    } else if (part.part === "events" && index) indexSoFar(index.cursor, assembler.events);
    if (run) {
      runs.push(run);
      if (index) index.run = run;
    }
  };
  // The runs come from this app's own worker running the same pure pipeline, by structured clone:
  // not a file or network boundary, so they are not validated again here (10,000 runs would cost
  // the page seconds of schema checks; the worker validated the file they came from).
  worker.onmessage = (event: MessageEvent<ImportWorkerMessage>) => {
    const message = event.data;
    if (message.type === "runs") for (const run of message.runs) runs.push(strings.share(run));
    else if (message.type === "run-part") {
      try {
        takePart(message);
      } catch (error) {
        // The worker waits for this part to be taken: the import ends here rather than wait forever.
        endLink(null);
        end(refused(`could not be read: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      worker.postMessage({ type: "part-taken" } satisfies PartTaken);
    }
    else if (message.type === "progress") start.onProgress(message.progress);
    else if (message.type === "done") end(message.result);
    else if (message.type === "link") endLink(message.link);
    else end(refused(`could not be read: ${message.message}`));
  };
  worker.onerror = (event) => {
    endLink(null);
    end(refused(`could not be read: ${event.message || "the import worker failed"}`));
  };
  const request: ImportRequest = { type: "import", file, fixtures: start.fixtures, maxWholeBytes: MAX_IMPORT_BYTES, maxLineBytes: MAX_LINE_BYTES };
  worker.postMessage(request);
  return {
    done,
    cancel: () => {
      endLink(null);
      end(CANCELLED);
    },
  };
}

/** Indexes the events that arrived, and the kinds and landmarks the timeline asks for first. */
function indexSoFar(index: CursorIndex, events: readonly RunEvent[]): void {
  index.sync(events);
  const facts = index.facts();
  facts.kindCounts();
  for (const landmark of LANDMARKS) facts.landmark(landmark, 0, 1);
}

function inThisThread(source: ImportSource, start: ImportStart): ImportTask {
  const runs: ScoredRun[] = [];
  let stop = false;
  const done = importFile(source, {
    fixtures: start.fixtures,
    sha256: sha256Sync,
    maxWholeBytes: MAX_IMPORT_BYTES,
    maxLineBytes: MAX_LINE_BYTES,
    onRun: (run) => void runs.push(run),
    onProgress: start.onProgress,
    cancelled: () => stop,
  }).then(
    (result) => ({ result: stop ? CANCELLED : result, runs: result.ok && !stop ? runs : [] }),
    (error: unknown) => ({ result: { ok: false, cancelled: false, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` } as ImportResult, runs: [] }),
  );
  return { done, cancel: () => void (stop = true) };
}
