import { readJsonFile, type FileLimits, type FileProblem } from "../files/read-json-file.ts";
import { looksLikeJsonLines, readJsonLines } from "../files/read-json-lines.ts";
import type { ScoredRunExport, ScoredSuiteExport } from "../schemas/export.ts";
import { isJsonlSuiteHeader, validateJsonlSuite, verifyJsonlSuite, type JsonlSuite } from "./jsonl-suite.ts";
import type { Refusal } from "../files/refusal.ts";
import type { Sha256Hex } from "./seal.ts";
import { validateExport, verifyExportFile, type FileVerification } from "./verify-file.ts";

/** An export as read from its bytes: one run, a suite, or a JSONL suite, each with what was parsed. */
export type ExportFile =
  | { kind: "run"; file: ScoredRunExport; parsed: unknown }
  | { kind: "suite"; file: ScoredSuiteExport; parsed: unknown }
  | { kind: "jsonl"; suite: JsonlSuite };

export type ExportFileRead =
  | { ok: true; value: ExportFile }
  /** One JSON value that is no export: the value read, for a caller that reads other formats too (`npm run score`: collected traces). */
  | (Refusal<"unknown_format"> & { value: unknown })
  | FileProblem;

/**
 * Reads any export (`finbound.scored-run/v1`, `finbound.scored-suite/v1` or its JSONL form) through
 * the one reader: `npm run verify`, `npm run merge` and the workbench use this, so they refuse the
 * same files with the same words.
 */
export function readExportFile(bytes: Uint8Array, limits: FileLimits = {}): ExportFileRead {
  // A JSONL suite announces itself on its first line; any other file is read as one JSON value.
  if (looksLikeJsonLines(bytes, isJsonlSuiteHeader)) {
    const lines = readJsonLines(bytes, limits);
    if (!lines.ok) return lines;
    const suite = validateJsonlSuite(lines.lines);
    return suite.ok ? { ok: true, value: { kind: "jsonl", suite: suite.suite } } : suite;
  }
  const read = readJsonFile(bytes, limits);
  if (!read.ok) return read;
  const valid = validateExport(read.value);
  if (!valid.ok) return valid.code === "invalid" ? valid : { ...valid, value: read.value };
  return { ok: true, value: valid.kind === "run" ? { kind: "run", file: valid.file, parsed: read.parsed } : { kind: "suite", file: valid.file, parsed: read.parsed } };
}

/** Every seal in the file, checked on the file as parsed. */
export const verifyExport = (file: ExportFile, sha256: Sha256Hex): Promise<FileVerification> =>
  file.kind === "jsonl" ? verifyJsonlSuite(file.suite, sha256) : verifyExportFile(file.parsed, sha256);

/** The sealed runs of any export, in file order. */
export const runsOf = (file: ExportFile): ScoredRunExport[] => (file.kind === "run" ? [file.file] : file.kind === "suite" ? file.file.runs : file.suite.runs);
