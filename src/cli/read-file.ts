import { readFileSync, statSync } from "node:fs";
import { DEFAULT_MAX_FILE_BYTES, tooLarge } from "../files/read-json-file.ts";
import { refusalError, UsageError } from "./usage-error.ts";

export const MAX_BYTES_OPTION = { "max-bytes": { type: "string" } } as const;
export const MAX_BYTES_USAGE = `  --max-bytes N     refuse a file larger than N bytes (default ${DEFAULT_MAX_FILE_BYTES}, i.e. 64 MiB)`;

/** The --max-bytes flag: a positive whole number of bytes. */
export function maxBytesFrom(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_FILE_BYTES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--max-bytes must be a whole number of bytes ≥ 1 (got ${value})`);
  return n;
}

/**
 * A file's bytes for the one reader (src/files/read-json-file.ts), which decides what they mean.
 * A file over the limit is refused by its size, in the reader's words, before it is read at all.
 */
export function readFileBytes(file: string, maxBytes: number): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw unreadable(file);
  }
  if (size > maxBytes) throw refusalError(file, tooLarge(maxBytes));
  try {
    return readFileSync(file);
  } catch {
    throw unreadable(file);
  }
}

/** A file the system would not let us read (missing, a folder, no permission): `unreadable_file`, as a fixture folder's file is. */
const unreadable = (file: string): UsageError => new UsageError(`${file}: cannot read the file`, "unreadable_file", { file });
