import { bytesSource, importFile, MAX_IMPORT_BYTES, type ImportProgress, type ImportResult, type ImportSource } from "../evaluation/import-pipeline.ts";
import { MAX_LINE_BYTES } from "../files/read-json-lines.ts";
import { sha256Sync } from "../integrity/sha256-sync.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { blobSource, type ImportRequest, type ImportWorkerMessage } from "./import-protocol.ts";

export { MAX_IMPORT_BYTES };

/** An import under way: its outcome, with the re-scored runs in file order, or cancelled. */
export interface ImportTask {
  done: Promise<{ result: ImportResult; runs: ScoredRun[] }>;
  cancel(): void;
}

export interface ImportStart {
  fixtures: readonly Fixture[];
  onProgress(progress: ImportProgress): void;
}

const cancelled = (): ImportResult => ({ ok: false, cancelled: true, message: "cancelled" });

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

function inWorker(file: Blob, start: ImportStart): ImportTask {
  const worker = new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module" });
  const runs: ScoredRun[] = [];
  let settle: (outcome: { result: ImportResult; runs: ScoredRun[] }) => void = () => {};
  const done = new Promise<{ result: ImportResult; runs: ScoredRun[] }>((resolve) => (settle = resolve));
  const end = (result: ImportResult): void => {
    worker.terminate();
    settle({ result, runs: result.ok ? runs : [] });
  };
  // The runs come from this app's own worker running the same pure pipeline, by structured clone:
  // not a file or network boundary, so they are not validated again here (10,000 runs would cost
  // the page seconds of schema checks; the worker validated the file they came from).
  worker.onmessage = (event: MessageEvent<ImportWorkerMessage>) => {
    const message = event.data;
    if (message.type === "runs") for (const run of message.runs) runs.push(run);
    else if (message.type === "progress") start.onProgress(message.progress);
    else if (message.type === "done") end(message.result);
    else end({ ok: false, cancelled: false, message: `could not be read: ${message.message}` });
  };
  worker.onerror = (event) => end({ ok: false, cancelled: false, message: `could not be read: ${event.message || "the import worker failed"}` });
  const request: ImportRequest = { file, fixtures: start.fixtures, maxWholeBytes: MAX_IMPORT_BYTES, maxLineBytes: MAX_LINE_BYTES };
  worker.postMessage(request);
  return { done, cancel: () => end(cancelled()) };
}

function inThisThread(source: ImportSource, start: ImportStart): ImportTask {
  const runs: ScoredRun[] = [];
  let stop = false;
  const done = importFile(source, {
    fixtures: start.fixtures,
    sha256: sha256Sync,
    maxWholeBytes: MAX_IMPORT_BYTES,
    maxLineBytes: MAX_LINE_BYTES,
    onRun: (run) => runs.push(run),
    onProgress: start.onProgress,
    cancelled: () => stop,
  }).then(
    (result) => ({ result: stop ? cancelled() : result, runs: result.ok && !stop ? runs : [] }),
    (error: unknown) => ({ result: { ok: false, cancelled: false, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` } as ImportResult, runs: [] }),
  );
  return { done, cancel: () => void (stop = true) };
}
