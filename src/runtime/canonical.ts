/**
 * Deterministic JSON: object keys sorted, no whitespace. Two equal values always give the same
 * text, so a hash of it identifies a fixture's content whatever the file's formatting.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(",")}}`;
}

export const RUNTIME_VERSION = "finbound-runtime/0.1.0";
