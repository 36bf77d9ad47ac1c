import { bytesSource } from "../../evaluation/import/bytes-source.ts";
import type { ImportProgress, ImportResult, ImportSource } from "../../evaluation/import/types.ts";
import { CANCELLED, refused } from "../../evaluation/import/outcome.ts";
import { MAX_JSON_FILE_BYTES } from "../../files/read-json-file.ts";
import { MAX_LINE_BYTES } from "../../files/read-json-lines.ts";
import type { ScoredRunExport, ScoredSuiteExport } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { RunLinkId } from "../links/run-link-entry.ts";
import type { CursorIndex } from "../run/cursor-index.ts";

// What an import is to the store: something to read, a task that can be cancelled, and its outcome.
// The browser runs it in a Web Worker (src/app/workers/import-client.ts, injected as
// StoreDeps.startImport); where there is none (Node, tests) it runs here, on this thread.

/** An export kept as a value (a history entry's file, a link's run): opened without being written out and read back. */
export interface StoredExport {
  stored: ScoredRunExport | ScoredSuiteExport;
}

/** What an import reads: a picked file (a Blob), a stream of bytes, or a stored export. */
export type ImportInput = Blob | ImportSource | StoredExport;

export const isStored = (input: ImportInput): input is StoredExport => "stored" in input;

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

export type StartImport = (input: ImportInput, start: ImportStart) => ImportTask;

/** The one outcome of a cancelled import: nothing it read is kept. */
export const CANCELLED_IMPORT: ImportOutcome = { result: CANCELLED, runs: [] };

/** An import that ended without a result of its own (the worker failed, a part could not be taken). */
export const failedImport = (error: unknown): ImportOutcome => ({ result: refused(`could not be read: ${error instanceof Error ? error.message : String(error)}`), runs: [] });

/** A Blob (a picked File) read as a stream of chunks, never whole. */
export function blobSource(blob: Blob): ImportSource {
  return {
    size: blob.size,
    async *chunks() {
      const reader = blob.stream().getReader();
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
      } finally {
        reader.releaseLock();
      }
    },
  };
}

/** Text already in memory (pasted, or written by a test) as bytes to import. */
export const textSource = (text: string): ImportSource => bytesSource(new TextEncoder().encode(text));

/**
 * The import on this thread: the same pipeline the worker runs, loaded when first used (the browser
 * imports in a worker, so the pipeline stays out of the page's first load). Cancel stops it between runs.
 */
export const importInThisThread: StartImport = (input, start) => {
  const runs: ScoredRun[] = [];
  let stop = false;
  const reading = Promise.all([import("../../evaluation/import/pipeline.ts"), import("../../integrity/sha256-sync.ts")]).then(([{ importFile, importStored }, { sha256Sync }]) => {
    const options = {
      fixtures: start.fixtures,
      sha256: sha256Sync,
      maxWholeBytes: MAX_JSON_FILE_BYTES,
      maxLineBytes: MAX_LINE_BYTES,
      onRun: (run: ScoredRun) => void runs.push(run),
      onProgress: start.onProgress,
      cancelled: () => stop,
    };
    return isStored(input) ? importStored(input.stored, options) : importFile(input instanceof Blob ? blobSource(input) : input, options);
  });
  const done = reading.then(
    (result): ImportOutcome => (stop ? CANCELLED_IMPORT : { result, runs: result.ok ? runs : [] }),
    failedImport,
  );
  return { done, cancel: () => void (stop = true) };
};
