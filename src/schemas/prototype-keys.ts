export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Keys whose values are recorded data, left exactly as parsed: an export's events are hash-chained. */
export const UNTOUCHED_KEYS: ReadonlySet<string> = new Set(["events"]);

/**
 * Removes `__proto__`, `constructor` and `prototype` keys from parsed JSON before validation, so a
 * file can never reach an object's prototype and such keys are ignored rather than refused. Values
 * under `skip` keys are left exactly as they are: an export's events are hash-chained, and what a
 * candidate wrote there (its arguments, say) is recorded data that verification must see unchanged.
 */
export function dropPrototypeKeys(value: unknown, skip: ReadonlySet<string> = UNTOUCHED_KEYS): unknown {
  if (Array.isArray(value)) return value.map((v) => dropPrototypeKeys(v, skip));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) continue;
    const v = (value as Record<string, unknown>)[key];
    Object.defineProperty(out, key, { value: skip.has(key) ? v : dropPrototypeKeys(v, skip), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
