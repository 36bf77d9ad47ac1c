import canonicalize from "canonicalize";

/**
 * The one canonical JSON: RFC 8785 (JCS). Two equal values always give the same text, so a hash of
 * it identifies content whatever the file's formatting. Throws for what JSON text cannot hold
 * (Infinity, a lone surrogate): the runtime refuses such replies, so its own records never do.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("value has no JSON form");
  return text;
}

export const RUNTIME_VERSION = "finbound-runtime/0.1.0";
