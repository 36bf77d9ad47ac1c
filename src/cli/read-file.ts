import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { DEFAULT_MAX_FILE_BYTES, MAX_JSON_FILE_BYTES } from "../files/read-json-file.ts";
import { MAX_LINE_BYTES, refusedBySize } from "../files/read-json-lines.ts";
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
 * A file over the limit, or one JSON value too large to read whole, is refused by its size, in the
 * reader's words, before more than its head is read.
 */
export function readFileBytes(file: string, maxBytes: number): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw unreadable(file);
  }
  if (size > Math.min(maxBytes, MAX_JSON_FILE_BYTES)) {
    const refused = refusedBySize(size, readHead(file), maxBytes);
    if (refused) throw refusalError(file, refused);
  }
  try {
    return readFileSync(file);
  } catch {
    throw unreadable(file);
  }
}

/** A file's first line and more, as much as the import pipeline looks at to tell JSON Lines from one JSON value. */
function readHead(file: string): Uint8Array {
  let fd: number | null = null;
  try {
    fd = openSync(file, "r");
    const head = new Uint8Array(MAX_LINE_BYTES);
    return head.subarray(0, readSync(fd, head, 0, MAX_LINE_BYTES, 0));
  } catch {
    throw unreadable(file);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** A file the system would not let us read (missing, a folder, no permission): `unreadable_file`, as a fixture folder's file is. */
const unreadable = (file: string): UsageError => new UsageError(`${file}: cannot read the file`, "unreadable_file", { file });
