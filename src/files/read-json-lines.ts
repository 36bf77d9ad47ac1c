import { DEFAULT_MAX_FILE_BYTES, fileProblem, MAX_FILE_DEPTH, MAX_JSON_FILE_BYTES, parseJsonText, tooLarge, tooLargeForJson, type FileLimits, type FileProblem } from "./read-json-file.ts";
import { firstInvalidUtf8Byte, incompleteUtf8Tail } from "./utf8.ts";

/** One line of a JSONL file, read as the one reader reads a whole file. */
export interface JsonLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
  parsed: unknown;
}

export type JsonLinesRead = { ok: true; lines: JsonLine[] } | FileProblem;

/** A line longer than this is refused when a file is read as a stream (the workbench's import): a sealed run's line is a few kB. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface LineLimits {
  /** Longer lines are refused, naming the line; their bytes are never held. Default: no bound. */
  maxLineBytes?: number;
  /** Deeper nesting in a line is refused before parsing. Default MAX_FILE_DEPTH. */
  maxDepth?: number;
}

const EMPTY: FileProblem = fileProblem({ code: "empty" });
const BOM = [0xef, 0xbb, 0xbf] as const;
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const notUtf8 = (byte: number): FileProblem => fileProblem({ code: "not_utf8" }, { byte });

/** The parts as one array (no copy when there is one part). */
export const concatBytes = (parts: readonly Uint8Array[], length: number): Uint8Array => {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * Reads a JSON Lines file chunk by chunk, with the rules of a whole JSON file: BOM, strict UTF-8,
 * then per line depth, duplicate keys and exactly one value. Blank lines are skipped; a problem
 * names its line ("line 3: a key appears twice …"). A file-level problem (not UTF-8) anywhere
 * beats a line's problem, as when the whole file is decoded first: after the first bad line the
 * rest is only checked to be UTF-8. Only the line being read is held, so memory is bounded by
 * `maxLineBytes` and the size of a chunk, whatever the size of the file.
 */
export class JsonLinesReader {
  readonly #maxLineBytes: number;
  readonly #maxDepth: number;
  /** The file's first bytes, held until there are three (a byte-order mark) or the file ends. */
  #start: Uint8Array | null = new Uint8Array(0);
  /** Absolute offset of the next byte pushed. */
  #offset = 0;
  #line = 1;
  #lineStart = 0;
  #parts: Uint8Array[] = [];
  #length = 0;
  /** The current line is over the bound: its bytes are only checked to be UTF-8, never kept. */
  #overlong = false;
  #tail: Uint8Array = new Uint8Array(0);
  /** Absolute offset just past the last byte scanned. */
  #scannedTo = 0;
  #lineProblem: FileProblem | null = null;
  #fileProblem: FileProblem | null = null;
  #lines = 0;

  constructor(limits: LineLimits = {}) {
    this.#maxLineBytes = limits.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.#maxDepth = limits.maxDepth ?? MAX_FILE_DEPTH;
  }

  /** The lines the chunk completes, in order. Once the file has a problem, none. */
  push(chunk: Uint8Array): JsonLine[] {
    if (this.#fileProblem || chunk.length === 0) return [];
    if (this.#start) {
      const start = concatBytes([this.#start, chunk], this.#start.length + chunk.length);
      if (start.length < BOM.length) {
        this.#start = start.slice();
        return [];
      }
      this.#start = null;
      if (BOM.every((b, i) => start[i] === b)) {
        this.#fileProblem = fileProblem({ code: "byte_order_mark" });
        return [];
      }
      chunk = start;
    }
    const out: JsonLine[] = [];
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0 && !this.#fileProblem; nl = chunk.indexOf(0x0a, from)) {
      this.#append(chunk.subarray(from, nl), this.#offset + from);
      this.#endLine(out);
      from = nl + 1;
      this.#lineStart = this.#offset + from;
    }
    if (!this.#fileProblem) this.#append(chunk.subarray(from), this.#offset + from);
    this.#offset += chunk.length;
    return out;
  }

  /** The last line, and the file's problem if it has one. */
  end(): { lines: JsonLine[]; problem: FileProblem | null } {
    if (this.#start) {
      const start = this.#start;
      this.#start = new Uint8Array(0);
      if (start.length === 0) return { lines: [], problem: EMPTY };
      this.#start = null;
      const out = this.push(start);
      return this.#finish(out);
    }
    return this.#finish([]);
  }

  #finish(out: JsonLine[]): { lines: JsonLine[]; problem: FileProblem | null } {
    if (!this.#fileProblem) this.#endLine(out);
    const problem = this.#fileProblem ?? this.#lineProblem ?? (this.#lines === 0 ? EMPTY : null);
    return { lines: problem ? [] : out, problem };
  }

  #append(part: Uint8Array, at: number): void {
    if (part.length === 0) return;
    if (!this.#overlong && this.#length + part.length <= this.#maxLineBytes) {
      this.#parts.push(part);
      this.#length += part.length;
      return;
    }
    if (!this.#overlong) {
      this.#overlong = true;
      this.#lineProblem ??= tooLarge(this.#maxLineBytes, { line: this.#line });
      const kept = this.#parts;
      this.#parts = [];
      this.#length = 0;
      let keptAt = this.#lineStart;
      for (const p of kept) {
        this.#scan(p, keptAt);
        keptAt += p.length;
      }
    }
    this.#scan(part, at);
  }

  /** Checks an over-long line's bytes are UTF-8 as they pass, carrying a sequence cut by a chunk's end. */
  #scan(part: Uint8Array, at: number): void {
    if (this.#fileProblem) return;
    const data = concatBytes([this.#tail, part], this.#tail.length + part.length);
    const split = data.length - incompleteUtf8Tail(data);
    const bad = firstInvalidUtf8Byte(data.subarray(0, split));
    if (bad >= 0) this.#fileProblem = notUtf8(at - this.#tail.length + bad);
    this.#tail = data.slice(split);
    this.#scannedTo = at + part.length;
  }

  #endLine(out: JsonLine[]): void {
    const line = this.#line;
    this.#line += 1;
    if (this.#overlong) {
      // A sequence still open when its line ends is cut short: invalid at its first byte.
      if (this.#tail.length > 0) this.#fileProblem ??= notUtf8(this.#scannedTo - this.#tail.length);
      this.#overlong = false;
      this.#tail = new Uint8Array(0);
      return;
    }
    const bytes = concatBytes(this.#parts, this.#length);
    this.#parts = [];
    this.#length = 0;
    let raw: string;
    try {
      raw = decoder.decode(bytes);
    } catch {
      this.#fileProblem = notUtf8(this.#lineStart + Math.max(0, firstInvalidUtf8Byte(bytes)));
      return;
    }
    if (this.#lineProblem) return;
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (text.trim() === "") return;
    const read = parseJsonText(text, this.#maxDepth, { line });
    if (!read.ok) {
      this.#lineProblem = read;
      return;
    }
    this.#lines += 1;
    out.push({ line, value: read.value, parsed: read.parsed });
  }
}

/**
 * Reads a JSON Lines file (one JSON value per line) with the same rules as a JSON file: size, BOM,
 * strict UTF-8 for the whole; depth, duplicate keys and exactly one value per line. Blank lines are
 * skipped; a problem names its line ("line 3: a key appears twice …").
 */
export function readJsonLines(bytes: Uint8Array, limits: FileLimits = {}): JsonLinesRead {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (bytes.length > maxBytes) return tooLarge(maxBytes);
  const reader = new JsonLinesReader({ maxDepth: limits.maxDepth ?? MAX_FILE_DEPTH });
  const lines = reader.push(bytes);
  const last = reader.end();
  return last.problem ?? { ok: true, lines: [...lines, ...last.lines] };
}

/**
 * Whether a file is JSON Lines rather than one JSON value: its first line is a whole JSON object
 * (that `first` accepts, when given) and another line follows. A pretty-printed JSON file's first
 * line (`{`) is never a whole object. It looks no further than the first byte after the first
 * line that is not white space, so a stream's head is enough to decide.
 */
export function looksLikeJsonLines(bytes: Uint8Array, first: (value: unknown) => boolean = () => true): boolean {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return false;
  // Whether another line follows is asked first: a compact JSON file ending in a newline is one
  // line, and parsing that line here would parse the whole file twice.
  if (!hasContent(bytes, newline + 1)) return false;
  const head = new TextDecoder().decode(bytes.subarray(0, newline)).trim();
  if (!head.startsWith("{") || !head.endsWith("}")) return false;
  try {
    return first(JSON.parse(head));
  } catch {
    return false;
  }
}

/**
 * A file refused by its size alone, before it is read beyond its head (what `looksLikeJsonLines`
 * looks at): one JSON value too large to read whole, whatever `maxBytes` says, or any file over
 * `maxBytes`. JSON Lines is bound by `maxBytes` only.
 */
export function refusedBySize(size: number, head: Uint8Array, maxBytes: number): FileProblem | null {
  if (size > MAX_JSON_FILE_BYTES && !looksLikeJsonLines(head)) return tooLargeForJson();
  return size > maxBytes ? tooLarge(maxBytes) : null;
}

/** Whether any byte from `from` on is not JSON white space. */
export function hasContent(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return true;
  }
  return false;
}
