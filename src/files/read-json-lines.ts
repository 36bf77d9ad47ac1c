import { decodeFileText, MAX_FILE_DEPTH, parseJsonText, type FileLimits, type FileProblem } from "./read-json-file.ts";

/** One line of a JSONL file, read as the one reader reads a whole file. */
export interface JsonLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
  parsed: unknown;
}

export type JsonLinesRead = { ok: true; lines: JsonLine[] } | FileProblem;

/**
 * Reads a JSON Lines file (one JSON value per line) with the same rules as a JSON file: size, BOM,
 * strict UTF-8 for the whole; depth, duplicate keys and exactly one value per line. Blank lines are
 * skipped; a problem names its line ("line 3: a key appears twice …").
 */
export function readJsonLines(bytes: Uint8Array, limits: FileLimits = {}): JsonLinesRead {
  const decoded = decodeFileText(bytes, limits);
  if (!decoded.ok) return decoded;
  const lines: JsonLine[] = [];
  const texts = decoded.text.split("\n");
  for (const [i, raw] of texts.entries()) {
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (text.trim() === "") continue;
    const read = parseJsonText(text, limits.maxDepth ?? MAX_FILE_DEPTH);
    if (!read.ok) return { ...read, message: `line ${i + 1}: ${read.message.replace(/^the file /, "the line ")}` };
    lines.push({ line: i + 1, value: read.value, parsed: read.parsed });
  }
  if (lines.length === 0) return { ok: false, code: "empty", message: "the file is empty" };
  return { ok: true, lines };
}

/**
 * Whether a file is JSON Lines rather than one JSON value: its first line is a whole JSON object
 * (that `first` accepts, when given) and another line follows. A pretty-printed JSON file's first
 * line (`{`) is never a whole object.
 */
export function looksLikeJsonLines(bytes: Uint8Array, first: (value: unknown) => boolean = () => true): boolean {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return false;
  const head = new TextDecoder().decode(bytes.subarray(0, newline)).trim();
  if (!head.startsWith("{") || !head.endsWith("}")) return false;
  try {
    if (!first(JSON.parse(head))) return false;
  } catch {
    return false;
  }
  for (let i = newline + 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return true;
  }
  return false;
}
