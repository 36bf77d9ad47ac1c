import { readJsonFile } from "../files/read-json-file.ts";
import { JsonLinesReader, MAX_LINE_BYTES, type JsonLine } from "../files/read-json-lines.ts";
import { isClosingLine } from "../integrity/jsonl-suite.ts";
import { sealRun, type Unsealed } from "../integrity/run-digest.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import { parsedRunsOf } from "../integrity/verify-file.ts";
import { MAX_IMPORT_BYTES } from "../evaluation/import/pipeline.ts";

// The floor under any verifying import: the file read through the one reader, and every
// event and every run's digest input put in canonical JSON and hashed, as sealing a run does, with
// no validation, no comparison with the stated seal and no re-scoring. An import cannot be faster
// without reading less strictly or hashing less, so its ratio to a bare JSON.parse says how much of
// a speed target any import that verifies seals can reach.

/** Reads `bytes` as the import does (a JSONL suite line by line, each sealed as it is read) and seals every run again; the number of runs. */
export async function importFloor(bytes: Uint8Array, jsonl: boolean, sha256: Sha256Hex): Promise<number> {
  if (!jsonl) {
    const runs = wholeFileRuns(bytes);
    for (const run of runs) await sealRun(run as Unsealed, sha256);
    return runs.length;
  }
  // Streamed as the import streams it, so no more lines are held at once than the import holds.
  const reader = new JsonLinesReader({ maxLineBytes: MAX_LINE_BYTES });
  let runs = 0;
  let header = true;
  const seal = async (lines: readonly JsonLine[]): Promise<void> => {
    for (const line of lines) {
      // The first line read is the header (blank lines before it are skipped, so it need not be line 1).
      if (header || isClosingLine(line)) {
        header = false;
        continue;
      }
      await sealRun(line.parsed as Unsealed, sha256);
      runs += 1;
    }
  };
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) await seal(reader.push(bytes.subarray(at, at + CHUNK_BYTES)));
  const last = reader.end();
  if (last.problem) throw new Error(last.problem.message);
  await seal(last.lines);
  return runs;
}

/** The chunk size the bench's import reads in (bench-import.ts). */
export const CHUNK_BYTES = 64 * 1024;

function wholeFileRuns(bytes: Uint8Array): unknown[] {
  const read = readJsonFile(bytes, { maxBytes: MAX_IMPORT_BYTES });
  if (!read.ok) throw new Error(read.message);
  return Array.isArray((read.parsed as { runs?: unknown }).runs) ? parsedRunsOf(read.parsed) : [read.parsed];
}
