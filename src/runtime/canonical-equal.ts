import { isWellFormed } from "./json-shape.ts";

/**
 * Whether two values have the same canonical JSON (canonicalJson(a) === canonicalJson(b)) without
 * writing either: the import's replay comparison asks this of every event, and building two texts
 * to compare them cost as much as hashing the file. False wherever canonicalJson would
 * throw for either side (NaN, Infinity, a lone surrogate, a bigint): such a value equals nothing;
 * so does a function (canonicalJson writes one as the bare word undefined, which no JSON holds).
 *
 * What canonical JSON ignores is ignored here too: the order of keys, a key whose value is
 * undefined or a symbol (an array writes those as null), -0 against 0; an object's toJSON stands in for it.
 */
export function canonicallyEqual(a: unknown, b: unknown): boolean {
  if (hasToJson(a)) return canonicallyEqual((a as { toJSON(): unknown }).toJSON(), b);
  if (hasToJson(b)) return canonicallyEqual(a, (b as { toJSON(): unknown }).toJSON());
  if (a === null || b === null) return a === b;
  const type = typeof a;
  if (type !== typeof b) return false;
  switch (type) {
    case "string":
      return a === b && isWellFormed(a as string);
    case "number":
      // Finite numbers have the same shortest form exactly when they are equal (0 and -0 both write 0).
      return a === b && Number.isFinite(a);
    case "boolean":
      return a === b;
    case "object":
      break;
    default:
      return false;
  }
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  return arrays ? sameItems(a as readonly unknown[], b as readonly unknown[]) : sameMembers(a as Record<string, unknown>, b as Record<string, unknown>);
}

/** An object whose toJSON stands in for it, as in canonicalJson. */
const hasToJson = (value: unknown): boolean => typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function";

/** Written in an object: not undefined or a symbol (canonicalJson leaves those keys out). */
const written = (value: unknown): boolean => value !== undefined && typeof value !== "symbol";

/** An array writes undefined or a symbol as null. */
const asItem = (value: unknown): unknown => (written(value) ? value : null);

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!canonicallyEqual(asItem(a[i]), asItem(b[i]))) return false;
  return true;
}

function sameMembers(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let members = 0;
  for (const key of Object.keys(a)) {
    const value = a[key];
    if (!written(value)) continue;
    if (!isWellFormed(key) || !Object.hasOwn(b, key) || !canonicallyEqual(value, b[key])) return false;
    members += 1;
  }
  for (const key of Object.keys(b)) if (written(b[key])) members -= 1;
  return members === 0;
}
