import { isWellFormed } from "./json-shape.ts";

/**
 * The one canonical JSON: RFC 8785 (JCS). Two equal values always give the same text, so a hash of
 * it identifies content whatever the file's formatting. Throws for what JSON text cannot hold
 * (Infinity, NaN, a lone surrogate): the runtime refuses such replies, so its own records never do.
 *
 * Byte for byte what the `canonicalize` package (4.0.0) writes (tests/integrity/canonical.test.ts
 * checks it on generated values), in one pass without its per-value bookkeeping: every event of an
 * import is put in this form once, so its speed is the import's.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) throw new Error("value has no JSON form");
  return text;
}

/**
 * canonicalJson({ ...`object`'s own keys but `omit`, ...`extra` }) without building that object: a
 * run's digest binds every field of its export but the events and the seal, and copying each run to
 * leave two keys out cost an import a copy of the whole file.
 */
export function canonicalJsonWithout(object: Readonly<Record<string, unknown>>, omit: ReadonlySet<string>, extra: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(object).filter((k) => !omit.has(k) && !Object.hasOwn(extra, k));
  for (const key of Object.keys(extra)) keys.push(key);
  // A toJSON key (a function would stand in for the whole object): rare, so the object is built for canonicalJson.
  if (keys.includes("toJSON")) return canonicalJson(Object.fromEntries(keys.map((k) => [k, Object.hasOwn(extra, k) ? extra[k] : object[k]])));
  return `{${writeMembers(sortKeys(keys), object, extra)}}`;
}

export const RUNTIME_VERSION = "finbound-runtime/0.1.0";

/** What JSON.stringify would escape in a string (control characters too), and the surrogates that may be lone. */
// eslint-disable-next-line no-control-regex
const ESCAPED_OR_SURROGATE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A well-formed string as RFC 8785 writes it, which is JSON.stringify's escaping (§3.2.2.2). */
function string(s: string): string {
  // Most strings need no escape and hold no surrogate: quoted as they are, without asking twice.
  if (!ESCAPED_OR_SURROGATE.test(s)) return `"${s}"`;
  if (!isWellFormed(s)) throw new Error("Lone surrogate is not allowed");
  return JSON.stringify(s);
}

/**
 * A key as written before its value: an import writes the same few dozen keys millions of times,
 * so their quoted forms are remembered (a bounded cache: a hostile file's keys cannot grow it).
 */
function member(key: string): string {
  let text = members.get(key);
  if (text === undefined) {
    text = `${string(key)}:`;
    if (members.size < MEMBERS_LIMIT) members.set(key, text);
  }
  return text;
}
const MEMBERS_LIMIT = 4096;
const members = new Map<string, string>();

/** Keys in UTF-16 code-unit order (RFC 8785 §3.2.3), as sort() compares; an insertion sort, as an object has a few keys and often has them in order already. */
function sortKeys(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    if ((keys[j] as string) <= key) continue;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
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
  return `{${writeMembers(sortKeys(Object.keys(object)), object)}}`;
}

/** The members of `object` (an `extra` key's value instead, if it has that key) under `keys`, sorted already; a key whose value has no JSON form is left out. */
function writeMembers(keys: readonly string[], object: Readonly<Record<string, unknown>>, extra?: Readonly<Record<string, unknown>>): string {
  let out = "";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = extra !== undefined && Object.hasOwn(extra, key) ? extra[key] : object[key];
    if (item === undefined || typeof item === "symbol") continue;
    out += `${out === "" ? "" : ","}${member(key)}${write(item)}`;
  }
  return out;
}
