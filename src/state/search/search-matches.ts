import { countAtOrBefore, nextFrom } from "../run/prefix-map.ts";

/** The events a search found, ascending; only the first `count` entries of `indices` are found ones. */
export interface Matches {
  readonly indices: Int32Array;
  readonly count: number;
}

export const NO_MATCHES: Matches = { indices: new Int32Array(0), count: 0 };

const found = (m: Matches): Int32Array => m.indices.subarray(0, m.count);

export function isMatch(m: Matches, index: number): boolean {
  const n = countAtOrBefore(found(m), index);
  return n > 0 && m.indices[n - 1] === index;
}

/** Which match the cursor is on (1-based), or 0 when it is on none; and how many lie before it. */
export function matchPosition(m: Matches, cursor: number): { ordinal: number; before: number } {
  const n = countAtOrBefore(found(m), cursor);
  const on = n > 0 && m.indices[n - 1] === cursor;
  return { ordinal: on ? n : 0, before: on ? n - 1 : n };
}

/** The match after the cursor (direction 1) or before it (-1), wrapping round; undefined when there is none. */
export function matchFrom(m: Matches, cursor: number, direction: 1 | -1): { index: number; wrapped: boolean } | undefined {
  if (m.count === 0) return undefined;
  const list = found(m);
  const next = nextFrom(list, cursor, direction);
  if (next !== undefined) return { index: next, wrapped: false };
  return { index: (direction === 1 ? list[0] : list[m.count - 1]) as number, wrapped: true };
}

/** A growing match list: appends in place, doubling its buffer; `view()` is what the store holds. */
export class MatchList {
  #indices = new Int32Array(64);
  #count = 0;

  push(index: number): void {
    if (this.#count === this.#indices.length) {
      const grown = new Int32Array(this.#indices.length * 2);
      grown.set(this.#indices);
      this.#indices = grown;
    }
    this.#indices[this.#count++] = index;
  }

  view(): Matches {
    return { indices: this.#indices, count: this.#count };
  }
}
