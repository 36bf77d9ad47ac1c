import type { ImportProgress, ImportResult, ImportSource } from "../evaluation/import-pipeline.ts";
import type { CandidateKind } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { RunLinkId } from "./run-link-entry.ts";
import type { RunPart } from "./run-parts.ts";

/** What the page sends the import worker: the picked file itself (a Blob is passed, not copied). */
export interface ImportRequest {
  type: "import";
  file: Blob;
  fixtures: readonly Fixture[];
  maxWholeBytes: number;
  maxLineBytes: number;
}

/** After an import of one run, which the page shows as a run of this kind: make its link (run-link-entry.ts). */
export interface LinkRequest {
  type: "link";
  kind: CandidateKind;
}

/**
 * What the import worker sends back, in this order: progress and runs as they come (short runs in
 * batches, a long run in parts, each part one message), then one end; after a LinkRequest, the link.
 */
export type ImportWorkerMessage =
  | { type: "progress"; progress: ImportProgress }
  | { type: "runs"; runs: ScoredRun[] }
  | ({ type: "run-part" } & RunPart)
  | { type: "done"; result: ImportResult }
  | { type: "failed"; message: string }
  | { type: "link"; link: RunLinkId | null };

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
