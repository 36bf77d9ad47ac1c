/**
 * The one canonical JSON: RFC 8785 (JCS). Two equal values always give the same text, so a hash of
 * it identifies content whatever the file's formatting. Throws for what JSON text cannot hold
 * (Infinity, NaN, a lone surrogate): the runtime refuses such replies, so its own records never do.
 *
 * Byte for byte what the `canonicalize` package (4.0.0) writes (tests/integrity/canonical.test.ts
 * checks it on generated values), in one pass without its per-value bookkeeping: every event of an
 * import is put in this form once, so its speed is the import's (issue 11).
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) throw new Error("value has no JSON form");
  return text;
}

export const RUNTIME_VERSION = "finbound-runtime/0.1.0";

const LONE_SURROGATE = /\p{Cs}/u;
const native = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
const wellFormed = native ? (s: string): boolean => native.call(s) : (s: string): boolean => !LONE_SURROGATE.test(s);

/** What JSON.stringify escapes in a well-formed string; most strings have none and are only quoted. */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

function string(s: string): string {
  if (!wellFormed(s)) throw new Error("Lone surrogate is not allowed");
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

function write(value: unknown): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return string(value);
    case "number":
      if (Number.isNaN(value)) throw new Error("NaN is not allowed");
      if (!Number.isFinite(value)) throw new Error("Infinity is not allowed");
      // ECMAScript's shortest round-trip form, as RFC 8785 §3.2.2.3 asks (JSON.stringify's too); -0 is written 0.
      return String(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      break;
    default:
      // undefined, a function, a symbol: no JSON form (a bigint throws, as JSON.stringify does).
      return JSON.stringify(value);
  }
  const object = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof object.toJSON === "function") return write(object.toJSON());
  if (Array.isArray(object)) {
    let out = "[";
    for (let i = 0; i < object.length; i++) {
      const item: unknown = object[i];
      out += `${i === 0 ? "" : ","}${write(item === undefined || typeof item === "symbol" ? null : item) ?? ""}`;
    }
    return `${out}]`;
  }
  // Keys in UTF-16 code-unit order (RFC 8785 §3.2.3), which is what sort() compares.
  let out = "{";
  let first = true;
  for (const key of Object.keys(object).sort()) {
    const item = object[key];
    if (item === undefined || typeof item === "symbol") continue;
    out += `${first ? "" : ","}${string(key)}:${write(item)}`;
    first = false;
  }
  return `${out}}`;
}
