import type { z } from "zod";
import { describeIssues } from "../schemas/describe-issues.ts";
import { dropPrototypeKeys, UNTOUCHED_KEYS } from "../schemas/prototype-keys.ts";
import { countedParse, inspectJson } from "../runtime/json-shape.ts";
import { parsedMembers } from "./json-members.ts";
import { locateJsonError, type JsonSyntaxError } from "./json-syntax.ts";
import type { Refusal, RefusalAt } from "./refusal.ts";
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

/** Every code the reader refuses with (docs/refusals.md lists each; a test checks it does). */
export const FILE_PROBLEM_CODES = ["too_large", "too_large_for_json", "empty", "not_utf8", "byte_order_mark", "not_json", "duplicate_key", "too_deep", "invalid"] as const;
export type FileProblemCode = (typeof FILE_PROBLEM_CODES)[number];

/** What a refusal knows beside its code: its words are made from this alone (describeFileProblem). */
export type FileProblemDetail =
  | { code: "too_large"; maxBytes: number }
  | { code: "too_large_for_json" }
  | { code: "empty" }
  /** The byte is `at.byte`. */
  | { code: "not_utf8" }
  | { code: "byte_order_mark" }
  | { code: "not_json"; syntax: Exclude<JsonSyntaxError, { kind: "empty" }> | null }
  | { code: "duplicate_key"; key: string; jsonPath: string }
  | { code: "too_deep"; maxDepth: number }
  | { code: "invalid"; issues: string };

/**
 * A file refused, with the words both the CLI and the workbench show after the file's name. `at.line`:
 * the line of a JSON Lines file; `at.path`: the field of a duplicate key or of a schema's first issue.
 */
export type FileProblem = Refusal<FileProblemCode>;

/** Shown keys are cut short: a hostile file can make one as long as itself. */
const shown = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The words of a file's refusal: "the file …", or "line 3: the line …" for a line of a JSON Lines file. */
export function describeFileProblem(detail: FileProblemDetail, at: RefusalAt = {}): string {
  const subject = at.line === undefined ? "the file" : "the line";
  const words = ((): string => {
    switch (detail.code) {
      case "too_large":
        return `${subject} is larger than ${detail.maxBytes} bytes`;
      case "too_large_for_json":
        return `${subject} is larger than ${MAX_JSON_FILE_BYTES} bytes (${MAX_JSON_FILE_BYTES / (1024 * 1024)} MiB), the most one JSON value is read whole: write the suite as JSON Lines (npm run eval -- --format jsonl), which is read a line at a time`;
      case "empty":
        return `${subject} is empty`;
      case "not_utf8":
        return `${subject} is not valid UTF-8 (byte ${at.byte ?? 0})`;
      case "byte_order_mark":
        return `${subject} starts with a byte-order mark (save it as UTF-8 without one)`;
      case "not_json": {
        const e = detail.syntax;
        if (!e) return `${subject} is not valid JSON`;
        if (e.kind === "ends_early") return `${subject} is not valid JSON: it ends before its value does`;
        if (e.kind === "more_than_one_value") return `${subject} has text after its one JSON value (line ${e.line}, column ${e.column})`;
        return `${subject} is not valid JSON (line ${e.line}, column ${e.column}: expected ${e.expected})`;
      }
      case "duplicate_key":
        return `a key appears twice in one object (${shown(JSON.stringify(detail.key))} at ${shown(detail.jsonPath, 200)})`;
      case "too_deep":
        return `${subject} is nested deeper than ${detail.maxDepth} levels`;
      case "invalid":
        return detail.issues;
    }
  })();
  return at.line === undefined ? words : `line ${at.line}: ${words}`;
}

/** A refusal from its detail and place, in the words describeFileProblem gives them. */
export const fileProblem = (detail: FileProblemDetail, at: RefusalAt = {}): FileProblem => ({ ok: false, code: detail.code, at, message: describeFileProblem(detail, at) });

export type JsonFileRead =
  | {
      ok: true;
      /** The value with prototype keys dropped (`__proto__`, `constructor`, `prototype`), except under `events`. */
      value: unknown;
      /** The value exactly as parsed from the text: seals are verified on this, and nothing else. */
      parsed: unknown;
    }
  | FileProblem;

/** A file over the limit (a line of a JSON Lines file, with `at.line`); also for refusing one by its size before reading it at all. */
export const tooLarge = (maxBytes: number, at: RefusalAt = {}): FileProblem => fileProblem({ code: "too_large", maxBytes }, at);

/** A file over MAX_JSON_FILE_BYTES that is not JSON Lines: no limit a caller sets lets it be read, so the refusal names the way that works. */
export const tooLargeForJson = (): FileProblem => fileProblem({ code: "too_large_for_json" });

const syntaxProblem = (error: JsonSyntaxError | null, at: RefusalAt): FileProblem =>
  error?.kind === "empty" ? fileProblem({ code: "empty" }, at) : fileProblem({ code: "not_json", syntax: error }, at);

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

/** The checks after decoding, for one JSON value: depth, duplicate keys, exactly one value. `at`: where the text is (a line of a JSON Lines file). */
export function parseJsonText(text: string, maxDepth: number = MAX_FILE_DEPTH, at: RefusalAt = {}): JsonFileRead {
  // The fast path: one cheap pass, the parse, one walk (countedParse). It accepts exactly what the
  // full checks below accept (tests/files/json-members.test.ts); anything else is left to them to name.
  const counted = countedParse(text, maxDepth, (parsed) => parsedMembers(parsed, UNTOUCHED_KEYS));
  if (counted.agreed) return { ok: true, value: counted.shape.prototypeKeys ? dropPrototypeKeys(counted.parsed) : counted.parsed, parsed: counted.parsed };
  return inspectThenParse(text, maxDepth, at);
}

/** The full checks, in the order a refusal names them: depth and duplicate keys (with the key and its path), then syntax. */
function inspectThenParse(text: string, maxDepth: number, at: RefusalAt): JsonFileRead {
  const shape = inspectJson(text, maxDepth);
  if (!shape.ok && shape.code === "too_deep") return fileProblem({ code: "too_deep", maxDepth }, at);
  if (!shape.ok) return fileProblem({ code: "duplicate_key", key: shape.key, jsonPath: shape.path }, { ...at, path: [...shape.segments, shape.key] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return syntaxProblem(locateJsonError(text), at);
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
  if (bytes.length === 0) return fileProblem({ code: "empty" });
  if (BOM.every((b, i) => bytes[i] === b)) return fileProblem({ code: "byte_order_mark" });
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return fileProblem({ code: "not_utf8" }, { byte: Math.max(0, firstInvalidUtf8Byte(bytes)) });
  }
}

/** A text already in memory (a history record, a string handed to an import) is read as its UTF-8 bytes. */
export const readJsonText = (text: string, limits: FileLimits = {}): JsonFileRead => readJsonFile(new TextEncoder().encode(text), limits);

/** Validates a read value against a schema; a failure names the JSON path of each problem. */
export function validateJson<S extends z.ZodType>(value: unknown, schema: S): { ok: true; value: z.infer<S> } | FileProblem {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return fileProblem({ code: "invalid", issues: describeIssues(parsed.error) }, { path: (parsed.error.issues[0]?.path ?? []).filter((k): k is string | number => typeof k !== "symbol") });
}
