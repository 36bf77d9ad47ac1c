/**
 * A deep, frozen copy of JSON-like data. Used to record an attempt before anything is checked,
 * so later mutation of the caller's object changes nothing recorded. Own enumerable keys only,
 * defined (not assigned) so a `__proto__` key stays a plain key and never swaps the prototype.
 */
export function frozenCopy<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return Object.freeze(value.map(copy));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, {
      value: copy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: false,
      configurable: false,
    });
  }
  return Object.freeze(out);
}

/** A plain JSON object (not an array, not null, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
