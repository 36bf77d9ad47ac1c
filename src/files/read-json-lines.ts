import { PROTOTYPE_KEYS } from "../schemas/prototype-keys.ts";
import { DEFAULT_MAX_FILE_BYTES, fileProblem, MAX_FILE_DEPTH, MAX_JSON_FILE_BYTES, parseJsonText, tooLarge, tooLargeForJson, type FileLimits, type FileProblem } from "./read-json-file.ts";
import { firstInvalidUtf8Byte, incompleteUtf8Tail } from "./utf8.ts";

/** One line of a JSONL file, read as the one reader reads a whole file. */
export interface JsonLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
  parsed: unknown;
  /**
   * Only with `repeats`: the line's text is the previous line's but for the whole number its
   * top-level object's last member holds, and this is that member's key. Its value and parsed are
   * then the previous line's objects copied with that member changed, sharing every other member.
   */
  repeatsBut?: string;
}

export type JsonLinesRead = { ok: true; lines: JsonLine[] } | FileProblem;

/** A line longer than this is refused when a file is read as a stream (the workbench's import): a sealed run's line is a few kB. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface LineLimits {
  /** Longer lines are refused, naming the line; their bytes are never held. Default: no bound. */
  maxLineBytes?: number;
  /** Deeper nesting in a line is refused before parsing. Default MAX_FILE_DEPTH. */
  maxDepth?: number;
  /**
   * Read a line that repeats the one before but for its last member's whole number (a trial's
   * count, say) from the line before, not parsed again (JsonLine.repeatsBut). Only for a caller that
   * changes no parsed value: the lines then share their objects.
   */
  repeats?: boolean;
}

const EMPTY: FileProblem = fileProblem({ code: "empty" });
const BOM = [0xef, 0xbb, 0xbf] as const;
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const notUtf8 = (byte: number): FileProblem => fileProblem({ code: "not_utf8" }, { byte });

/** The last member of a line's top-level object when it holds a plain whole number: `,"trial":12}`. */
interface LastNumber {
  /** Where its key's opening quote is: the text before it is what a repeat shares. */
  at: number;
  key: string;
  value: number;
}

/**
 * The text's last member when it is a key without escapes and a whole number of at most 15 digits
 * (exact as a double), written `"key":123}` at the very end after a `,` or `{`: then it is a member
 * of the top-level object, since a quote after a comma or a brace is never inside a string.
 */
function lastNumber(text: string): LastNumber | null {
  let i = text.length - 1;
  if (text.charCodeAt(i) !== 0x7d) return null;
  const end = i;
  while (i > 0 && isDigit(text.charCodeAt(i - 1))) i--;
  const digits = end - i;
  if (digits === 0 || digits > 15 || (digits > 1 && text.charCodeAt(i) === 0x30)) return null;
  if (text.charCodeAt(i - 1) !== 0x3a || text.charCodeAt(i - 2) !== 0x22) return null;
  const open = text.lastIndexOf('"', i - 3);
  if (open < 1) return null;
  const before = text.charCodeAt(open - 1);
  if (before !== 0x2c && before !== 0x7b) return null;
  const key = text.slice(open + 1, i - 2);
  if (key.includes("\\")) return null;
  return { at: open, key, value: Number(text.slice(i, end)) };
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The parts as one array (no copy when there is one part, or one after an empty one). */
export const concatBytes = (parts: readonly Uint8Array[], length: number): Uint8Array => {
  if (parts.length === 1) return parts[0] as Uint8Array;
  if (parts.length === 2 && parts[0]?.length === 0) return parts[1] as Uint8Array;
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
  readonly #repeats: boolean;
  /** The last line read, for `repeats`: its text before its last member, and that member. */
  #previous: { text: string; last: LastNumber; value: Record<string, unknown>; parsed: Record<string, unknown> } | null = null;

  constructor(limits: LineLimits = {}) {
    this.#maxLineBytes = limits.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.#maxDepth = limits.maxDepth ?? MAX_FILE_DEPTH;
    this.#repeats = limits.repeats === true;
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
    const last = chunk.lastIndexOf(0x0a);
    for (let nl = chunk.indexOf(0x0a); nl >= 0 && !this.#fileProblem; nl = chunk.indexOf(0x0a, from)) {
      // No line carried over: the chunk's whole lines are decoded at once (one decode, not one a line).
      if (this.#length === 0 && !this.#overlong && this.#wholeLines(chunk.subarray(from, last), out)) {
        from = last + 1;
        this.#lineStart = this.#offset + from;
        break;
      }
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
    this.#readLine(line, raw, out);
  }

  /**
   * Lines that end within one chunk, decoded together; false (and nothing read) when they are longer
   * than the bound or not UTF-8: then they are read line by line, which names the line or the byte.
   * A newline byte is never part of a longer UTF-8 sequence, so the text splits where the bytes do.
   */
  #wholeLines(bytes: Uint8Array, out: JsonLine[]): boolean {
    if (bytes.length > this.#maxLineBytes) return false;
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return false;
    }
    for (let at = 0; ; ) {
      const nl = text.indexOf("\n", at);
      const line = this.#line;
      this.#line += 1;
      this.#readLine(line, text.slice(at, nl < 0 ? text.length : nl), out);
      if (nl < 0) return true;
      at = nl + 1;
    }
  }

  /** A line's text, decoded: skipped when blank or after a line's problem, else parsed (or read as a repeat). */
  #readLine(line: number, raw: string, out: JsonLine[]): void {
    if (this.#lineProblem) return;
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (text.trim() === "") return;
    if (this.#repeats) {
      const repeat = this.#repeat(text, line);
      if (repeat) {
        this.#lines += 1;
        out.push(repeat);
        return;
      }
    }
    const read = parseJsonText(text, this.#maxDepth, { line });
    if (!read.ok) {
      this.#lineProblem = read;
      return;
    }
    this.#lines += 1;
    out.push({ line, value: read.value, parsed: read.parsed });
    if (this.#repeats) this.#remember(text, read.value, read.parsed);
  }

  /**
   * The line as a repeat of the one before, or null. The same text before a last member of the same
   * key is the same object, keys, nesting and all, so it passed every check the line before passed;
   * and a whole number written as digits is what JSON.parse makes of them.
   */
  #repeat(text: string, line: number): JsonLine | null {
    const previous = this.#previous;
    if (previous === null || text.length < previous.last.at) return null;
    const last = lastNumber(text);
    if (last === null || last.at !== previous.last.at || last.key !== previous.last.key || text.slice(0, last.at) !== previous.text) return null;
    const value = { ...previous.value };
    value[last.key] = last.value;
    // Most often the value is the parsed object itself (no prototype key was dropped): one copy serves both.
    const parsed = previous.parsed === previous.value ? value : { ...previous.parsed };
    parsed[last.key] = last.value;
    this.#previous = { ...previous, last, value, parsed };
    return { line, value, parsed, repeatsBut: last.key };
  }

  #remember(text: string, value: unknown, parsed: unknown): void {
    this.#previous = null;
    const last = lastNumber(text);
    // The member is the object's own and kept in the value (a prototype key is dropped from it).
    if (last === null || PROTOTYPE_KEYS.has(last.key) || !isRecord(value) || !isRecord(parsed) || value[last.key] !== last.value || parsed[last.key] !== last.value) return;
    this.#previous = { text: text.slice(0, last.at), last, value, parsed };
  }
}

/**
 * Reads a JSON Lines file (one JSON value per line) with the same rules as a JSON file: size, BOM,
 * strict UTF-8 for the whole; depth, duplicate keys and exactly one value per line. Blank lines are
 * skipped; a problem names its line ("line 3: a key appears twice …").
 */
export function readJsonLines(bytes: Uint8Array, limits: FileLimits & Pick<LineLimits, "repeats"> = {}): JsonLinesRead {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (bytes.length > maxBytes) return tooLarge(maxBytes);
  const reader = new JsonLinesReader({ maxDepth: limits.maxDepth ?? MAX_FILE_DEPTH, repeats: limits.repeats === true });
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
