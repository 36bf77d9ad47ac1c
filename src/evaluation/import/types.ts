import type { Sha256Hex } from "../../integrity/seal.ts";
import type { SignatureCheck } from "../../integrity/signature.ts";
import type { FileProblemCode } from "../../files/read-json-file.ts";
import type { RefusalAt } from "../../files/refusal.ts";
import type { TraceProblemCode } from "../../candidates/collected-trace.ts";
import type { FileVerification, VerifyProblemCode } from "../../integrity/verify-file.ts";
import type { BudgetConfig } from "../../schemas/budget.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { VerdictDifference } from "../rescore.ts";

// What an import takes and gives: the pipeline (pipeline.ts), the streamed JSONL suite (jsonl-suite.ts)
// and the words an import ends with (outcome.ts) all speak these, so none of them imports another's types.

/** Why an import was refused: the file could not be read as one, a seal broke, a fixture is unknown, or it was cancelled. */
export const IMPORT_REFUSAL_CODES = ["unreadable", "broken_seal", "unknown_fixture", "cancelled"] as const;
export type ImportRefusalCode = (typeof IMPORT_REFUSAL_CODES)[number];

/**
 * The code of the refusal beneath an import's `code`: the reader's (`byte_order_mark`), a validator's
 * (`invalid_trace`, `unknown_format`), a seal's (`chain_broken`), or the import's own code again
 * (`unreadable` alone: the import failed beneath the pipeline, in its worker).
 */
export type ImportRefusalCause = FileProblemCode | TraceProblemCode | "unknown_format" | VerifyProblemCode | "unknown_fixture" | "cancelled" | "unreadable";

/** An import refused: `at` is where (a run, a line, a field), `cause` the code of what refused it. */
export interface ImportRefusal {
  ok: false;
  cancelled: boolean;
  code: ImportRefusalCode;
  cause: ImportRefusalCause;
  at: RefusalAt;
  message: string;
  /** What broke, when a seal did (`code` broken_seal). */
  verification?: FileVerification;
}

/** A run whose file states verdicts its replay does not give. */
export interface RunDifference {
  /** As `npm run verify` names a run: `run 3 (fv-scenario-a / reference)`, or `run` for a file of one. */
  run: string;
  differences: VerdictDifference[];
  /** The file's `passed` and the replay's, when they differ. */
  passed: { inFile: boolean; recomputed: boolean } | null;
  /** The file's result is not the one its replay assembles (its message, claims or calls edited). */
  resultDiffers: boolean;
  /** The fixture changed since the file was written: the difference may be the fixture's doing, not an edit. */
  fixtureChanged: boolean;
}

/** A file to import: its size is known before its bytes are read, which come in chunks. */
export interface ImportSource {
  size: number;
  chunks(): AsyncIterable<Uint8Array>;
}

export interface ImportProgress {
  bytesRead: number;
  bytesTotal: number;
  runsDone: number;
  /** Known for a file read whole; a JSONL suite's count is known only at its end. */
  runsTotal: number | null;
}

export interface ImportOptions {
  fixtures: readonly Fixture[];
  sha256: Sha256Hex;
  /** A file read whole (one JSON value, or collected traces) larger than this is refused. */
  maxWholeBytes: number;
  /** A JSONL suite is streamed; a longer line is refused. Default MAX_LINE_BYTES. */
  maxLineBytes?: number;
  onProgress?(progress: ImportProgress): void;
  /**
   * Every run re-scored, in file order; the caller keeps them (a result does not hold a suite's runs).
   * The import waits for a promise it returns: the worker sends a long run to the page part by part,
   * each when the page has taken the last (import.worker.ts).
   */
  onRun?(run: ScoredRun): void | Promise<void>;
  /** Asked between runs: true ends the import as cancelled. */
  cancelled?(): boolean;
  /** How many distinct replays are kept for runs alike (replays.ts); 0 replays every run. Default REPLAYS_KEPT. */
  replaysKept?: number;
  /** Only exports (`npm run verify`): collected traces are refused as an unknown format, as the export reader refuses them. */
  exportsOnly?: boolean;
  /** The fingerprint of the key the file must be signed by (`npm run verify -- --key`); any signer, or none, when absent. */
  signedBy?: string;
}

/** What re-scoring one exported run found. */
export interface RunImportReport {
  differences: VerdictDifference[];
  /** The file's `passed` is not the replay's. */
  passedDiffers: boolean;
  /** The file's result is not the one its replay assembles. */
  resultDiffers: boolean;
  eventsMatch: boolean;
  fixtureMatches: boolean;
  verified: boolean;
}

/** What an export was found to be, whatever its kind: its seals, its signature, and runs that state other verdicts than their replays. */
export interface ExportFindings {
  verification: FileVerification;
  signature: SignatureCheck;
  runs: number;
  /** Runs whose file states other verdicts (or `passed`) than their replay, the first of them described. */
  differing: number;
  firstDifference: RunDifference | null;
}

export type ImportResult =
  | ({ ok: true; kind: "run"; fixtureId: string; candidate: string; budget: BudgetConfig; report: RunImportReport } & ExportFindings)
  /** `replayed`: how many runs were replayed; the others were alike to one of them (replays.ts). */
  | ({ ok: true; kind: "suite"; replayed: number } & ExportFindings)
  | { ok: true; kind: "traces"; runs: number }
  | ImportRefusal;
