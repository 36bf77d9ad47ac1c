import type { z } from "zod";
import { describeIssues } from "../schemas/describe-issues.ts";
import { dropPrototypeKeys, UNTOUCHED_KEYS } from "../schemas/prototype-keys.ts";
import { countedParse, inspectJson } from "../runtime/json-shape.ts";
import { parsedMembers } from "./json-members.ts";
import { locateJsonError, type JsonSyntaxError } from "./json-syntax.ts";
import { firstInvalidUtf8Byte } from "./utf8.ts";

/**
 * The one way every file is read (contract §8a): fixtures, collected traces, exports, history records.
 * The CLI and the workbench call the same functions, so they refuse the same files in the same words.
 */

/** The default size limit: far above any export this project writes, far below what a tab can hold. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** A decision's body nests at most 64 levels (MAX_JSON_DEPTH) and sits 6 deep in a suite (history adds one): room to spare. */
export const MAX_FILE_DEPTH = 96;
/**
 * The largest file read whole as one JSON value, whatever limit a caller sets. Reading holds the
 * bytes, their text (up to twice the bytes: text with ₹ in it is stored two bytes a character) and
 * the parsed value, about four times the file at the peak; and V8 holds no string longer than
 * 2^29 − 24 characters. A JSONL suite is read a line at a time and has no such bound.
 */
export const MAX_JSON_FILE_BYTES = 256 * 1024 * 1024;

export interface FileLimits {
  /** Larger files are refused before anything else is looked at. Default DEFAULT_MAX_FILE_BYTES. */
  maxBytes?: number;
  /** Deeper nesting is refused before parsing. Default MAX_FILE_DEPTH. */
  maxDepth?: number;
}

export type FileProblemCode = "too_large" | "too_large_for_json" | "empty" | "not_utf8" | "byte_order_mark" | "not_json" | "duplicate_key" | "too_deep" | "invalid";

/** A file refused, with the words both the CLI and the workbench show after the file's name. */
export interface FileProblem {
  ok: false;
  code: FileProblemCode;
  message: string;
}

export type JsonFileRead =
  | {
      ok: true;
      /** The value with prototype keys dropped (`__proto__`, `constructor`, `prototype`), except under `events`. */
      value: unknown;
      /** The value exactly as parsed from the text: seals are verified on this, and nothing else. */
      parsed: unknown;
    }
  | FileProblem;

const problem = (code: FileProblemCode, message: string): FileProblem => ({ ok: false, code, message });

/** A file over the limit; also for refusing one by its size before reading it at all. */
export const tooLarge = (maxBytes: number): FileProblem => problem("too_large", `the file is larger than ${maxBytes} bytes`);

/** A file over MAX_JSON_FILE_BYTES that is not JSON Lines: no limit a caller sets lets it be read, so the refusal names the way that works. */
export const tooLargeForJson = (): FileProblem =>
  problem(
    "too_large_for_json",
    `the file is larger than ${MAX_JSON_FILE_BYTES} bytes (${MAX_JSON_FILE_BYTES / (1024 * 1024)} MiB), the most one JSON value is read whole: write the suite as JSON Lines (npm run eval -- --format jsonl), which is read a line at a time`,
  );

/** Shown keys are cut short: a hostile file can make one as long as itself. */
const shown = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max)}…` : text);

const syntaxMessage = (error: JsonSyntaxError | null): FileProblem => {
  if (!error) return problem("not_json", "the file is not valid JSON");
  switch (error.kind) {
    case "empty":
      return problem("empty", "the file is empty");
    case "ends_early":
      return problem("not_json", "the file is not valid JSON: it ends before its value does");
    case "more_than_one_value":
      return problem("not_json", `the file has text after its one JSON value (line ${error.line}, column ${error.column})`);
    case "unexpected":
      return problem("not_json", `the file is not valid JSON (line ${error.line}, column ${error.column}: expected ${error.expected})`);
  }
};

const BOM = [0xef, 0xbb, 0xbf] as const;
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads one JSON file from its bytes, in this order: the size limit, a byte-order mark (refused:
 * JSON has none, RFC 8259 §8.1), strict UTF-8 (an invalid byte is an error, never U+FFFD), nesting
 * depth and duplicate keys at any depth (inspectJson, before parsing), exactly one JSON value.
 * Expected failures are values with a `code`; nothing here throws for a bad file.
 */
export function readJsonFile(bytes: Uint8Array, limits: FileLimits = {}): JsonFileRead {
  const decoded = decodeFileText(bytes, limits);
  return decoded.ok ? parseJsonText(decoded.text, limits.maxDepth ?? MAX_FILE_DEPTH) : decoded;
}

/** The checks after decoding, for one JSON value: depth, duplicate keys, exactly one value. */
export function parseJsonText(text: string, maxDepth: number = MAX_FILE_DEPTH): JsonFileRead {
  // The fast path: one cheap pass, the parse, one walk (countedParse). It accepts exactly what the
  // full checks below accept (tests/files/json-members.test.ts); anything else is left to them to name.
  const counted = countedParse(text, maxDepth, (parsed) => parsedMembers(parsed, UNTOUCHED_KEYS));
  if (counted.agreed) return { ok: true, value: counted.shape.prototypeKeys ? dropPrototypeKeys(counted.parsed) : counted.parsed, parsed: counted.parsed };
  return inspectThenParse(text, maxDepth);
}

/** The full checks, in the order a refusal names them: depth and duplicate keys (with the key and its path), then syntax. */
function inspectThenParse(text: string, maxDepth: number): JsonFileRead {
  const shape = inspectJson(text, maxDepth);
  if (!shape.ok && shape.code === "too_deep") return problem("too_deep", `the file is nested deeper than ${maxDepth} levels`);
  if (!shape.ok) return problem("duplicate_key", `a key appears twice in one object (${shown(JSON.stringify(shape.key))} at ${shown(shape.path, 200)})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return syntaxMessage(locateJsonError(text));
  }
  return { ok: true, value: mayHavePrototypeKeys(text) ? dropPrototypeKeys(parsed) : parsed, parsed };
}

/**
 * Whether a JSON text could hold a key named `__proto__`, `constructor` or `prototype`: spelled out
 * in quotes, or written with a \u escape. When it cannot, the parsed value is already clean and
 * is not copied (a copy of a 10,000-run suite costs as much as parsing it).
 */
const mayHavePrototypeKeys = (text: string): boolean =>
  text.includes('"__proto__"') || text.includes('"constructor"') || text.includes('"prototype"') || text.includes("\\u");

/** The bytes decoded as strict UTF-8 after the size and byte-order-mark checks, or why not. */
export function decodeFileText(bytes: Uint8Array, limits: FileLimits = {}): { ok: true; text: string } | FileProblem {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (bytes.length > maxBytes) return tooLarge(maxBytes);
  if (bytes.length === 0) return problem("empty", "the file is empty");
  if (BOM.every((b, i) => bytes[i] === b)) return problem("byte_order_mark", "the file starts with a byte-order mark (save it as UTF-8 without one)");
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return problem("not_utf8", `the file is not valid UTF-8 (byte ${Math.max(0, firstInvalidUtf8Byte(bytes))})`);
  }
}

/** A text already in memory (a history record, a string handed to an import) is read as its UTF-8 bytes. */
export const readJsonText = (text: string, limits: FileLimits = {}): JsonFileRead => readJsonFile(new TextEncoder().encode(text), limits);

/** Validates a read value against a schema; a failure names the JSON path of each problem. */
export function validateJson<S extends z.ZodType>(value: unknown, schema: S): { ok: true; value: z.infer<S> } | FileProblem {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : problem("invalid", describeIssues(parsed.error));
}
