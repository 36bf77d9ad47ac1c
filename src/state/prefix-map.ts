/** The number of elements of an ascending list that are ≤ limit. */
export function countAtOrBefore(list: ArrayLike<number>, limit: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] ?? Infinity) <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keys seen in a log, each with the event indices where it occurred: built once, then read as of
 * any position without copying. As of position c, a key maps to its last occurrence at or before c,
 * and keys iterate in the order of their first occurrence — what `new Map(prefix.map(…))` gives.
 */
export class PrefixMap<V> {
  readonly #valueAt: (index: number) => V;
  /** Keys in the order of their first occurrence, and where that was (ascending). */
  readonly #keys: string[] = [];
  readonly #first: number[] = [];
  /** A key's occurrences: one index, or all of them when it repeats. */
  readonly #at = new Map<string, number | number[]>();

  constructor(valueAt: (index: number) => V) {
    this.#valueAt = valueAt;
  }

  /** Records that `key` occurs at `index`; indices must be added in ascending order. */
  add(key: string, index: number): void {
    const seen = this.#at.get(key);
    if (seen === undefined) {
      this.#at.set(key, index);
      this.#keys.push(key);
      this.#first.push(index);
    } else if (typeof seen === "number") this.#at.set(key, [seen, index]);
    else seen.push(index);
  }

  firstIndex(key: string): number | undefined {
    const seen = this.#at.get(key);
    return typeof seen === "number" ? seen : seen?.[0];
  }

  /** The index of the last occurrence of `key` at or before `cursor`. */
  lastIndex(key: string, cursor: number): number | undefined {
    const seen = this.#at.get(key);
    if (seen === undefined) return undefined;
    if (typeof seen === "number") return seen <= cursor ? seen : undefined;
    const n = countAtOrBefore(seen, cursor);
    return n === 0 ? undefined : seen[n - 1];
  }

  asOf(cursor: number): ReadonlyMap<string, V> {
    return new PrefixView(this, cursor, countAtOrBefore(this.#first, cursor), this.#keys, this.#valueAt);
  }
}

class PrefixView<V> implements ReadonlyMap<string, V> {
  readonly #map: PrefixMap<V>;
  readonly #cursor: number;
  readonly #keys: readonly string[];
  readonly #valueAt: (index: number) => V;
  readonly size: number;

  constructor(map: PrefixMap<V>, cursor: number, size: number, keys: readonly string[], valueAt: (index: number) => V) {
    this.#map = map;
    this.#cursor = cursor;
    this.size = size;
    this.#keys = keys;
    this.#valueAt = valueAt;
  }

  get(key: string): V | undefined {
    const i = this.#map.lastIndex(key, this.#cursor);
    return i === undefined ? undefined : this.#valueAt(i);
  }

  has(key: string): boolean {
    return this.#map.lastIndex(key, this.#cursor) !== undefined;
  }

  *keys(): MapIterator<string> {
    for (let k = 0; k < this.size; k++) yield this.#keys[k] as string;
  }

  *values(): MapIterator<V> {
    for (const key of this.keys()) yield this.get(key) as V;
  }

  *entries(): MapIterator<[string, V]> {
    for (const key of this.keys()) yield [key, this.get(key) as V];
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
