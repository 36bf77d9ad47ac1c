import { MAX_JSON_FILE_BYTES } from "../../files/read-json-file.ts";
import type { ImportResult } from "../../evaluation/import/types.ts";
import { MAX_LINE_BYTES } from "../../files/read-json-lines.ts";
import type { CandidateKind } from "../../schemas/export.ts";
import type { RunEvent } from "../../schemas/event.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { ImportWorkerMessageSchema, type ImportRequest, type LinkRequest, type PartTaken } from "./import-protocol.ts";
import { CursorIndex } from "../../state/run/cursor-index.ts";
import { linkable, type RunLinkId } from "../../state/links/run-link-entry.ts";
import { RunAssembler, type RunPart } from "../../state/run/run-parts.ts";
import { LANDMARKS } from "../../state/search/search-kinds.ts";
import { StringPool } from "../../state/run/string-pool.ts";
import { whenPageQuiet } from "../../state/scheduling/yield-to-page.ts";
import { brokenProtocol } from "./protocol.ts";
import { CANCELLED_IMPORT, failedImport, importInThisThread, isStored, type ImportOutcome, type StoredExport, type ImportStart, type ImportTask, type StartImport } from "../../state/io/import-task.ts";

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
 * Starts an import (StoreDeps.startImport): in a Web Worker when the page has them (a picked File goes
 * to the worker as it is and is streamed there; a stored export is handed over as a value), otherwise
 * on this thread. Cancel ends the worker at once; nothing it sent is kept.
 */
export const startImport: StartImport = (input, start) =>
  typeof Worker !== "undefined" && (isStored(input) || (typeof Blob !== "undefined" && input instanceof Blob)) ? inWorker(input, start) : importInThisThread(input, start);

/** The kind of the one run an import opens in the run view (io-slice.ts), or null when it opens a suite. */
export function openedRunKind(result: ImportResult, runs: number): CandidateKind | null {
  if (!result.ok || result.kind === "suite") return null;
  if (result.kind === "run") return "imported";
  return runs === 1 ? "collected-trace" : null;
}

function inWorker(input: Blob | StoredExport, start: ImportStart): ImportTask {
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
  const end = (outcome: ImportOutcome): void => {
    const { result } = outcome;
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
    settle(result.ok ? { result, runs, ...(link ? { link } : {}), ...prepared } : outcome);
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
  // Every message is read through the protocol's schema; the runs in it for the shape the page
  // reads (import-protocol.ts says why not field by field).
  worker.onmessage = (event: MessageEvent<unknown>) => {
    const read = ImportWorkerMessageSchema.safeParse(event.data);
    if (!read.success) {
      endLink(null);
      end(failedImport(brokenProtocol(read.error)));
      return;
    }
    const message = read.data;
    if (message.type === "runs") for (const run of message.runs) runs.push(strings.share(run));
    else if (message.type === "run-part") {
      try {
        takePart(message);
      } catch (error) {
        // The worker waits for this part to be taken: the import ends here rather than wait forever.
        endLink(null);
        end(failedImport(error));
        return;
      }
      worker.postMessage({ type: "part-taken" } satisfies PartTaken);
    }
    else if (message.type === "progress") start.onProgress(message.progress);
    else if (message.type === "done") end({ result: message.result, runs: message.result.ok ? runs : [] });
    else if (message.type === "link") endLink(message.link);
    else end(failedImport(message.message));
  };
  worker.onerror = (event) => {
    endLink(null);
    end(failedImport(event.message || "the import worker failed"));
  };
  const request: ImportRequest = { type: "import", input: input instanceof Blob ? { file: input } : input, fixtures: start.fixtures, maxWholeBytes: MAX_JSON_FILE_BYTES, maxLineBytes: MAX_LINE_BYTES };
  worker.postMessage(request);
  return {
    done,
    cancel: () => {
      endLink(null);
      end(CANCELLED_IMPORT);
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
