/**
 * A deep, frozen copy of JSON-like data. Used to record an attempt before anything is checked,
 * so later mutation of the caller's object changes nothing recorded. Own enumerable string keys
 * only; a `__proto__` key stays a plain key and never swaps the prototype.
 *
 * Parts that are deeply frozen already (a fixture frozen at load, an event's recorded data) are
 * shared, not copied: nobody can change them, so sharing is as good as copying, and a run pays for
 * copying only what is new (a reply's arguments, a calculator's output).
 */
export function frozenCopy<T>(value: T): T {
  return copy(value) as T;
}

/**
 * Freezes an object its caller has just built and shares with no one (an event being stamped, a
 * result being assembled) without copying it: its fields become deep frozen copies (shared when
 * they are deeply frozen already), then it is frozen in place. Never for an object someone else holds.
 */
export function freezeFresh<T extends object>(fresh: T): T {
  const fields = fresh as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (!isDeeplyFrozen(value)) fields[key] = copy(value);
  }
  return Object.freeze(fresh);
}

/**
 * Deep-freezes, in place, JSON the runtime has just parsed and handed to no one yet (a reply):
 * nobody else holds it, so freezing it is as good as a frozen copy, and the events that record
 * its parts then share them instead of copying them. Never for a value someone else holds.
 */
export function freezeParsed<T>(parsed: T): T {
  if (parsed === null || typeof parsed !== "object" || Object.isFrozen(parsed)) return parsed;
  const fields = parsed as Record<string, unknown>;
  for (const key of Object.keys(fields)) freezeParsed(fields[key]);
  return Object.freeze(parsed);
}

/**
 * True when `value` is a primitive, or plain data (plain objects and arrays) frozen all the way
 * down, so nothing can change it. Looked at each time rather than remembered: a mark on every copy
 * costs more than looking at the few parts that are shared (a snapshot, a recorded observation).
 */
export function isDeeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (!Object.isFrozen(value)) return false;
  if (Array.isArray(value)) {
    for (const item of value as readonly unknown[]) if (!isDeeplyFrozen(item)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) if (!isDeeplyFrozen((value as Record<string, unknown>)[key])) return false;
  return true;
}

function copy(value: unknown): unknown {
  if (isDeeplyFrozen(value)) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(copy));
  const source = value as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const field = copy(source[key]);
    // Assigning `__proto__` would swap the prototype; defining it keeps it a plain key.
    if (key === "__proto__") Object.defineProperty(fields, key, { value: field, enumerable: true, writable: true, configurable: true });
    else fields[key] = field;
  }
  return Object.freeze(fields);
}

/** A plain JSON object (not an array, not null, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
