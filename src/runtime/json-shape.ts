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
      const end = stringEnd(text, i);
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
        if (top.keys.has(key)) return { ok: false, code: "duplicate_keys", detail: "a key appears twice in one object", key, path: jsonPath(frames.slice(0, -1)) };
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

/** Index of the quote closing the string that opens at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === '"') return j;
  }
  return -1;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** Text as it can be recorded and exported (UTF-8, RFC 8785): lone surrogates become U+FFFD. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATES, "\uFFFD");

/**
 * A parsed value that JSON can hold in memory but an export cannot: a number that overflowed to
 * Infinity (`1e400`), or a string with a lone surrogate (`"\ud800"`). Such a reply is refused, so
 * every run can always be sealed and exported.
 */
export function unrepresentable(value: unknown): "non_finite_number" | "invalid_unicode" | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : "non_finite_number";
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? "invalid_unicode" : null;
  if (value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    if (LONE_SURROGATE.test(k)) return "invalid_unicode";
    const found = unrepresentable(v);
    if (found) return found;
  }
  return null;
}
