import type { ImportProgress, ImportResult, ImportSource } from "../evaluation/import-pipeline.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";

/** What the page sends the import worker: the picked file itself (a Blob is passed, not copied). */
export interface ImportRequest {
  file: Blob;
  fixtures: readonly Fixture[];
  maxWholeBytes: number;
  maxLineBytes: number;
}

/** What the import worker sends back, in this order: progress and runs as they come, then one end. */
export type ImportWorkerMessage =
  | { type: "progress"; progress: ImportProgress }
  | { type: "runs"; runs: ScoredRun[] }
  | { type: "done"; result: ImportResult }
  | { type: "failed"; message: string };

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
