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

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * The one frozen empty list, for a field typed as a list that is most often empty (a result's claims,
 * a reply's discarded fields): shared by every record that holds it, never copied and never changed.
 */
export const frozenEmpty = <T>(): T[] => EMPTY as unknown as T[];

/**
 * Freezes an object its caller has just built and shares with no one (an event being stamped, a
 * result being assembled) without copying it: its fields become deep frozen copies (shared when
 * they are deeply frozen already), then it is frozen in place. Never for an object someone else holds.
 */
export function freezeFresh<T extends object>(fresh: T): T {
  const fields = fresh as Record<string, unknown>;
  // for-in makes no array of keys: the object is a plain one just built, and Object.prototype has no enumerable key.
  for (const key in fields) {
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
 * down, so nothing can change it. Mostly looked at each time (a mark on every copy costs more than
 * looking at small parts), but a large part found deeply frozen is remembered: a fixture's
 * snapshot or document is asked about at every event and turn that records it, in every run, and
 * stays deeply frozen for good (a frozen object's fields and prototype cannot change). That holds
 * for data properties, which is all JSON and the runtime's records have: a getter is read once.
 */
export function isDeeplyFrozen(value: unknown): boolean {
  return frozenSize(value) >= 0;
}

/**
 * `value`, remembered as deeply frozen however small: for a part a freeze has just made so (an
 * observation's recorded data), which is handed on and looked at again (the transcript, each turn).
 */
export function rememberDeeplyFrozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && isDeeplyFrozen(value)) deeplyFrozen.add(value);
  return value;
}

/** Objects of at least REMEMBERED_SIZE found deeply frozen; weak, so a mark never keeps one alive. */
const deeplyFrozen = new WeakSet<object>();
const REMEMBERED_SIZE = 32;

/** How many objects and arrays `value` holds (itself included) when it is deeply frozen plain data, else -1; a remembered one counts as 1. */
function frozenSize(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  // Asked before isFrozen, which is several times dearer than a look in the weak set.
  if (deeplyFrozen.has(value)) return 1;
  if (!Object.isFrozen(value)) return -1;
  let size = 1;
  if (Array.isArray(value)) {
    const items = value as readonly unknown[];
    for (let i = 0; i < items.length; i++) {
      const n = frozenSize(items[i]);
      if (n < 0) return -1;
      size += n;
    }
  } else {
    if (Object.getPrototypeOf(value) !== Object.prototype) return -1;
    // for-in makes no array of keys. Object.prototype has no enumerable key; were one added, it would at
    // worst make this answer "not frozen", and the caller copies: never a wrong "frozen".
    for (const key in value) {
      const n = frozenSize((value as Record<string, unknown>)[key]);
      if (n < 0) return -1;
      size += n;
    }
  }
  if (size >= REMEMBERED_SIZE) deeplyFrozen.add(value);
  return size;
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
