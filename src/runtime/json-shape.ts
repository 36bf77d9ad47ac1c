/** Deeper replies are refused before parsing: nothing a decision needs is nested this far. */
export const MAX_JSON_DEPTH = 64;

export type JsonShape =
  | { ok: true }
  | { ok: false; code: "too_deep"; detail: string; depth: number }
  | {
      ok: false;
      code: "duplicate_keys";
      detail: string;
      /** The key that appears twice, as parsed. */
      key: string;
      /** Where the object holding it sits, as a JSONPath (`$.runs[0].result`). */
      path: string;
      /** The same place as the keys and indices leading to it (`["runs", 0, "result"]`). */
      segments: (string | number)[];
    };

interface Frame {
  object: boolean;
  keys: Set<string>;
  expectKey: boolean;
  /** The key (in an object) or index (in an array) of the value being read. */
  at: string | number;
}

/**
 * One linear pass over a JSON text, before JSON.parse: refuses nesting deeper than `maxDepth` (so
 * no later recursion can overflow the stack) and duplicate keys in any object at any depth (parsers
 * disagree on which one wins, and that ambiguity is an attack). Text that is not JSON at all is
 * left for JSON.parse to reject. The `detail` never quotes the text (a reply's detail is shown to
 * the candidate); `key` and `path` say where, for readers that may show them.
 */
export function inspectJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonShape {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = quoteEnd(text, i);
      if (end < 0) return { ok: true };
      const top = frames.at(-1);
      if (top?.object && top.expectKey) {
        let key: string;
        if (plainString(text, i, end)) {
          key = text.slice(i + 1, end);
        } else {
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            return { ok: true };
          }
        }
        if (top.keys.has(key)) return { ok: false, code: "duplicate_keys", detail: "a key appears twice in one object", key, path: jsonPath(frames.slice(0, -1)), segments: frames.slice(0, -1).map((f) => f.at) };
        top.keys.add(key);
        top.expectKey = false;
        top.at = key;
      }
      i = end;
    } else if (c === "{" || c === "[") {
      frames.push({ object: c === "{", keys: new Set(), expectKey: c === "{", at: c === "{" ? "" : 0 });
      if (frames.length > maxDepth) return { ok: false, code: "too_deep", detail: `the reply nests deeper than ${maxDepth} levels`, depth: maxDepth };
    } else if (c === "}" || c === "]") {
      frames.pop();
    } else if (c === ",") {
      const top = frames.at(-1);
      if (top?.object) top.expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
  }
  return { ok: true };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `$`, then `.key`, `["odd key"]` or `[index]` for each container the value sits in. */
function jsonPath(parents: readonly Frame[]): string {
  return parents.reduce((path, f) => (typeof f.at === "number" ? `${path}[${f.at}]` : IDENTIFIER.test(f.at) ? `${path}.${f.at}` : `${path}[${JSON.stringify(f.at)}]`), "$");
}

/** True when the string between the quotes at `start` and `end` holds no escape and no control character: it reads as it is written. */
function plainString(text: string, start: number, end: number): boolean {
  for (let j = start + 1; j < end; j++) {
    const code = text.charCodeAt(j);
    if (code < 0x20 || code === 0x5c) return false;
  }
  return true;
}

// Duplicate keys found by counting, the fast way to inspectJson's answer: in valid JSON
// each member of an object is written with exactly one colon outside strings, and JSON.parse keeps
// one property per distinct key, so the parsed value has as many properties as the text has members
// exactly when no object repeats a key. Counting needs no key strings and no sets. The file reader
// and the reply parser both take this path (countedParse); when the counts differ, or the text does
// not parse, inspectJson names the key and where it sits.

export type CountedParse<S> =
  /** Parsed, no key repeated, nesting within the bound. */
  | { agreed: true; parsed: unknown; shape: S }
  /**
   * Not known to be sound: deeper than the bound, a string that never ends, not JSON, or a key
   * repeated. inspectJson and JSON.parse say which; `notJson` when JSON.parse has already said (or
   * the text cannot start a JSON value), so it need not be asked again.
   */
  | { agreed: false; notJson?: true };

/**
 * Counts the text's members (writtenMembers), parses it, and counts the parsed value's with `walk`
 * (which may note more on the way, as the reply parser's unrepresentable values). `walk` is only
 * called on a value whose text nests at most `maxDepth` levels, so its recursion is bounded.
 */
export function countedParse<S extends { members: number }>(text: string, maxDepth: number, walk: (parsed: unknown) => S): CountedParse<S> {
  const written = writtenMembers(text, maxDepth);
  if (written < 0) return { agreed: false };
  // Prose or a Markdown fence: JSON.parse would throw, and an exception is dear next to a glance.
  if (!startsJsonValue(text)) return { agreed: false, notJson: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { agreed: false, notJson: true };
  }
  const shape = walk(parsed);
  return shape.members === written ? { agreed: true, parsed, shape } : { agreed: false };
}

/**
 * One pass over a JSON text before parsing: how many object members it writes (colons outside
 * strings), or -1 when it nests deeper than `maxDepth` or a string never ends (the caller then
 * asks inspectJson and JSON.parse why). Strings are skipped with indexOf, which is what makes
 * the pass cheap next to JSON.parse.
 */
export function writtenMembers(text: string, maxDepth: number): number {
  let members = 0;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (c === 0x22) {
      i = quoteEnd(text, i);
      if (i < 0) return -1;
    } else if (c === 0x3a) {
      members++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return -1;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return members;
}

/** Whether the text's first character after JSON's whitespace (space, tab, line feed, carriage return) can begin a JSON value. */
function startsJsonValue(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    // { [ " - 0–9 t f n
    return c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e;
  }
  return false;
}

/** Index of the quote closing the string that opens at `start` (one not escaped by an odd run of backslashes), or -1. */
function quoteEnd(text: string, start: number): number {
  let quote = start;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    if (quote < 0 || text.charCodeAt(quote - 1) !== 0x5c) return quote;
    let before = quote - 2;
    while (text.charCodeAt(before) === 0x5c) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
  }
}

/** A lone surrogate: with the `u` flag a well-formed pair is one code point, never of category Cs. */
const LONE_SURROGATES = /\p{Cs}/gu;

/** Whether a string holds no lone surrogate: it can then be written as UTF-8 and in RFC 8785. */
export const isWellFormed: (text: string) => boolean = (() => {
  const native = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
  const lone = new RegExp(LONE_SURROGATES.source, "u");
  return native ? (text: string): boolean => native.call(text) : (text: string): boolean => !lone.test(text);
})();

/** Text as it can be recorded and exported (UTF-8, RFC 8785): lone surrogates become U+FFFD. Most text has none, and is asked only. */
export const toWellFormed = (text: string): string => (isWellFormed(text) ? text : text.replace(LONE_SURROGATES, "\uFFFD"));

/** What JSON can hold in memory but an export cannot. */
export type Unrepresentable = "non_finite_number" | "invalid_unicode";

export interface ParsedShape {
  /** Own properties of every object in the value: the parsed side of writtenMembers' count. */
  members: number;
  /**
   * The first value (depth first, a key before its value) that JSON can hold in memory but an
   * export cannot: a number that overflowed to Infinity (`1e400`), or a string with a lone
   * surrogate (`"\ud800"`). Such a reply is refused, so every run can always be sealed and exported.
   */
  unfit: Unrepresentable | null;
}

/**
 * One walk over a parsed value, for the reply parser: its member count and what an export could not
 * hold; with `freeze`, each object and array is frozen on the way back up (the value is the parser's
 * own and shared with no one yet, so the walk that counts it also makes it deep frozen). Only for a
 * value whose text nests at most MAX_JSON_DEPTH levels.
 */
export function parsedShape(value: unknown, freeze = false): ParsedShape {
  const shape: ParsedShape = { members: 0, unfit: null };
  walk(value, shape, freeze);
  return shape;
}

/** parsedShape, freezing as it goes. */
export const frozenParsedShape = (value: unknown): ParsedShape => parsedShape(value, true);

function walk(value: unknown, shape: ParsedShape, freeze: boolean): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) shape.unfit ??= "non_finite_number";
  } else if (typeof value === "string") {
    if (!isWellFormed(value)) shape.unfit ??= "invalid_unicode";
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], shape, freeze);
    if (freeze) Object.freeze(value);
  } else if (value !== null && typeof value === "object") {
    // for-in makes no array of keys; a parsed object's prototype is Object.prototype, which has no enumerable key.
    for (const key in value) {
      shape.members += 1;
      if (!isWellFormed(key)) shape.unfit ??= "invalid_unicode";
      walk((value as Record<string, unknown>)[key], shape, freeze);
    }
    if (freeze) Object.freeze(value);
  }
}
