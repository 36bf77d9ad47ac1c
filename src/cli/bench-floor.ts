import { readJsonFile } from "../files/read-json-file.ts";
import { JsonLinesReader, MAX_LINE_BYTES } from "../files/read-json-lines.ts";
import { isClosingLine } from "../integrity/jsonl-suite.ts";
import { sealRun, type Unsealed } from "../integrity/run-digest.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import { parsedRunsOf } from "../integrity/verify-file.ts";
import { MAX_IMPORT_BYTES } from "../evaluation/import-pipeline.ts";

// The floor under any verifying import (issue 11): the file read through the one reader, and every
// event and every run's digest input put in canonical JSON and hashed, as sealing a run does, with
// no validation, no comparison with the stated seal and no re-scoring. An import cannot be faster
// without reading less strictly or hashing less, so its ratio to a bare JSON.parse says how much of
// a speed target any import that verifies seals can reach.

/** Reads `bytes` as the import does (a JSONL suite line by line) and seals every run again; the number of runs. */
export async function importFloor(bytes: Uint8Array, jsonl: boolean, sha256: Sha256Hex): Promise<number> {
  const runs = jsonl ? runLines(bytes) : wholeFileRuns(bytes);
  for (const run of runs) await sealRun(run as Unsealed, sha256);
  return runs.length;
}

function wholeFileRuns(bytes: Uint8Array): unknown[] {
  const read = readJsonFile(bytes, { maxBytes: MAX_IMPORT_BYTES });
  if (!read.ok) throw new Error(read.message);
  return Array.isArray((read.parsed as { runs?: unknown }).runs) ? parsedRunsOf(read.parsed) : [read.parsed];
}

/** The run lines of a JSONL suite: every line but the header and the closing line. */
function runLines(bytes: Uint8Array): unknown[] {
  const reader = new JsonLinesReader({ maxLineBytes: MAX_LINE_BYTES });
  const lines = [...reader.push(bytes)];
  const last = reader.end();
  if (last.problem) throw new Error(last.problem.message);
  lines.push(...last.lines);
  return lines.slice(1).filter((line) => !isClosingLine(line)).map((line) => line.parsed);
}
