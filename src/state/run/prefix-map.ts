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

/** In an ascending list, the first entry after `from` (direction 1) or the last before it (-1); undefined when there is none. */
export function nextFrom(list: ArrayLike<number>, from: number, direction: 1 | -1): number | undefined {
  const before = countAtOrBefore(list, direction === 1 ? from : from - 1);
  return direction === 1 ? list[before] : list[before - 1];
}

/** Where a log's keys are: its length, the key at an index (if any) and the value there. */
export interface KeyedLog<V> {
  length(): number;
  keyAt(index: number): string | undefined;
  valueAt(index: number): V;
}

/**
 * Keys seen in a log, each with the event indices where it occurred: read as of any position
 * without copying. As of position c, a key maps to its last occurrence at or before c, and keys
 * iterate in the order of their first occurrence — what `new Map(prefix.map(…))` gives. Indexed
 * on first use and then as the log grows, so a log nobody looks up in costs nothing.
 */
export class PrefixMap<V> {
  readonly #log: KeyedLog<V>;
  #indexed = 0;
  /** Keys in the order of their first occurrence, and where that was (ascending). */
  readonly #keys: string[] = [];
  readonly #first: number[] = [];
  /** A key's occurrences: one index, or all of them when it repeats. */
  readonly #at = new Map<string, number | number[]>();
  /** Every occurrence of any key, ascending: two positions with as many before them see the same map. */
  readonly #occurrences: number[] = [];
  /** The last view made, and how many occurrences it sees. */
  #view: { seen: number; map: PrefixView<V> } | null = null;

  constructor(log: KeyedLog<V>) {
    this.#log = log;
  }

  /**
   * Indexes what the log appended since the last look. Every lookup does it first; a log that grows in
   * parts (an import) does it as each part arrives, so that the first lookup after the last part does
   * not index the whole log in one task.
   */
  catchUp(): void {
    const n = this.#log.length();
    for (let i = this.#indexed; i < n; i++) {
      const key = this.#log.keyAt(i);
      if (key !== undefined) this.#add(key, i);
    }
    this.#indexed = n;
  }

  #add(key: string, index: number): void {
    this.#occurrences.push(index);
    const seen = this.#at.get(key);
    if (seen === undefined) {
      this.#at.set(key, index);
      this.#keys.push(key);
      this.#first.push(index);
    } else if (typeof seen === "number") this.#at.set(key, [seen, index]);
    else seen.push(index);
  }

  firstIndex(key: string): number | undefined {
    this.catchUp();
    const seen = this.#at.get(key);
    return typeof seen === "number" ? seen : seen?.[0];
  }

  /** The index of the last occurrence of `key` at or before `cursor`. */
  lastIndex(key: string, cursor: number): number | undefined {
    this.catchUp();
    const seen = this.#at.get(key);
    if (seen === undefined) return undefined;
    if (typeof seen === "number") return seen <= cursor ? seen : undefined;
    const n = countAtOrBefore(seen, cursor);
    return n === 0 ? undefined : seen[n - 1];
  }

  /** How many keys first occurred at or before `cursor`, and the keys in that order. */
  keysAsOf(cursor: number): { count: number; keys: readonly string[] } {
    this.catchUp();
    return { count: countAtOrBefore(this.#first, cursor), keys: this.#keys };
  }

  valueAt(index: number): V {
    return this.#log.valueAt(index);
  }

  /** The map as of `cursor`: the same object as the last one asked for while no key occurred between the two positions. */
  asOf(cursor: number): ReadonlyMap<string, V> {
    this.catchUp();
    const seen = countAtOrBefore(this.#occurrences, cursor);
    if (this.#view?.seen !== seen) this.#view = { seen, map: new PrefixView(this, cursor) };
    return this.#view.map;
  }
}

class PrefixView<V> implements ReadonlyMap<string, V> {
  readonly #map: PrefixMap<V>;
  readonly #cursor: number;

  constructor(map: PrefixMap<V>, cursor: number) {
    this.#map = map;
    this.#cursor = cursor;
  }

  get size(): number {
    return this.#map.keysAsOf(this.#cursor).count;
  }

  get(key: string): V | undefined {
    const i = this.#map.lastIndex(key, this.#cursor);
    return i === undefined ? undefined : this.#map.valueAt(i);
  }

  has(key: string): boolean {
    return this.#map.lastIndex(key, this.#cursor) !== undefined;
  }

  *keys(): MapIterator<string> {
    const { count, keys } = this.#map.keysAsOf(this.#cursor);
    for (let k = 0; k < count; k++) yield keys[k] as string;
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
