import { z } from "zod";
import type { ImportProgress, ImportResult } from "../../evaluation/import/types.ts";
import type { CandidateKind } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { RunLinkId } from "../../state/links/run-link-entry.ts";
import type { RunPart } from "../../state/run/run-parts.ts";
import type { StoredExport } from "../../state/io/import-task.ts";
import { doneMessage, FailedMessage, progressMessage } from "./protocol.ts";

/** What the page sends the import worker: the picked file itself (a Blob is passed, not copied), or a stored export as a value. */
export interface ImportRequest {
  type: "import";
  input: { file: Blob } | StoredExport;
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

const count = z.number().int().nonnegative();
const ImportProgressSchema: z.ZodType<ImportProgress> = z.strictObject({ bytesRead: count, bytesTotal: count, runsDone: count, runsTotal: count.nullable() });

// The runs and the result are checked for the shape the page reads, not field by field: they come
// from this app's pipeline, which validated the file they were read from, and a deep check of 10,000
// runs would cost the page seconds. (The suite and matrix workers' few runs are validated whole.)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const RunShape = z.custom<ScoredRun>((v) => isObject(v) && typeof v.fixture === "string" && typeof v.candidate === "string" && Array.isArray(v.events) && isObject(v.result), "a scored run");
const ResultShape = z.custom<ImportResult>((v) => isObject(v) && typeof v.ok === "boolean" && (v.ok ? typeof v.kind === "string" : typeof v.code === "string" && typeof v.message === "string"), "an import result");
const PartShape = z.custom<RunPart>((v) => isObject(v) && (v.part === "head" ? isObject(v.run) : v.part === "events" ? Array.isArray(v.events) : v.part === "calls" ? Array.isArray(v.calls) : v.part === "end"), "a part of a run");

/** Every message of the import worker, read through this by the page (protocol.ts's, and the import's own). */
export const ImportWorkerMessageSchema: z.ZodType<ImportWorkerMessage> = z.union([
  z.discriminatedUnion("type", [
    progressMessage(ImportProgressSchema),
    doneMessage(ResultShape),
    FailedMessage,
    z.strictObject({ type: z.literal("runs"), runs: z.array(RunShape) }),
    z.strictObject({ type: z.literal("link"), link: z.strictObject({ linkId: z.string(), exportedAt: z.string() }).nullable() }),
  ]),
  z.intersection(z.looseObject({ type: z.literal("run-part") }), PartShape),
]);
