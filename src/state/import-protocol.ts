import type { ImportProgress, ImportResult, ImportSource } from "../evaluation/import/types.ts";
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
 * The page has taken a part of a long run: the worker sends the next. One part is in flight at a
 * time, so the worker writing the next part and the page reading this one do not compete for a
 * core (on two cores, the page's garbage collector's helpers then wait for one), and the
 * message queue never holds the whole run a second time.
 */
export interface PartTaken {
  type: "part-taken";
}

/** Everything the page sends the import worker. */
export type ImportWorkerRequest = ImportRequest | LinkRequest | PartTaken;

/**
 * What the import worker sends back, in this order: progress and runs as they come (short runs in
 * batches, a long run in parts, each part one message sent when the page has taken the last
 * (PartTaken)), then one end; after a LinkRequest, the link.
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
