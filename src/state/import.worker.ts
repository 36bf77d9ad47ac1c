// Imports run in a Web Worker: the file is streamed, read, verified and re-scored here, run by run,
// so the page's main thread only receives progress and the re-scored runs in batches.
import "./zod-jitless.ts";
import { importFile } from "../evaluation/import-pipeline.ts";
import { sha256Sync } from "../integrity/sha256-sync.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { blobSource, type ImportRequest, type ImportWorkerMessage } from "./import-protocol.ts";

const post = (message: ImportWorkerMessage): void => self.postMessage(message);

/** Runs go to the page in batches: one message per run would cost more to deliver than to score. */
const BATCH = 64;

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const { file, fixtures, maxWholeBytes, maxLineBytes } = event.data;
  let batch: ScoredRun[] = [];
  const flush = (): void => {
    if (batch.length > 0) post({ type: "runs", runs: batch });
    batch = [];
  };
  try {
    const result = await importFile(blobSource(file), {
      fixtures,
      sha256: sha256Sync,
      maxWholeBytes,
      maxLineBytes,
      onRun: (run) => {
        batch.push(run);
        if (batch.length >= BATCH) flush();
      },
      onProgress: (progress) => {
        flush();
        post({ type: "progress", progress });
      },
    });
    flush();
    post({ type: "done", result });
  } catch (error) {
    post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
