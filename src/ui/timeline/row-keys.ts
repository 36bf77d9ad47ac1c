/**
 * Keys for the rows of a virtual list, so that a row leaving the rendered range is reused by one
 * entering it: React then updates the leaving row's elements in place instead of removing them and
 * making new ones. Made anew, a jump's rows were DOM nodes the browser keeps until its next full
 * collection, which marks the whole page (a million events loaded: 112 MB) while the list is moving.
 * A row staying in range keeps its key. Only a jump (a range that shares no row with the last one)
 * reuses keys: an entering row takes a key freed by a leaving row of the same kind where there is one
 * (its body has the same elements), else any freed key, else a new one. A range that moved by a few
 * rows makes its entering rows anew: given the key of a row leaving at the other end, React kept that
 * row in place and moved every other row before it.
 */
export class RowKeys {
  /** Each position of the last range's key and the kind of its row. */
  #rows = new Map<number, Row>();
  /** The map before last, cleared and filled again by the next call: a step allocates no map. */
  #spare = new Map<number, Row>();
  /** The last range: its positions are the map's keys. */
  #first = 0;
  #last = -1;
  #next = 0;

  /**
   * The keys of positions `first`..`last` (the key of position p at index p − first). `kindAt`
   * names a position's kind; `pinned`, a position whose row is never given to another: the row that
   * holds the focus, which leaves the list with its event rather than show another under the focus.
   */
  keysFor(first: number, last: number, kindAt: (position: number) => string, pinned: number | null): number[] {
    const before = this.#rows;
    const after = this.#spare;
    after.clear();
    // A jump frees every row it left; a move frees none (the rows leaving are removed).
    const freed = last < this.#first || first > this.#last ? freedRows(before, pinned) : NONE_FREED;
    const keys: number[] = [];
    for (let p = first; p <= last; p++) {
      const kind = kindAt(p);
      const kept = before.get(p);
      // A row staying keeps its key (and its record), though its position may hold another event now (kinds hidden or shown).
      const row = kept ?? { key: freed.get(kind)?.pop() ?? anyFreed(freed) ?? this.#next++, kind };
      row.kind = kind;
      after.set(p, row);
      keys.push(row.key);
    }
    this.#rows = after;
    this.#spare = before;
    this.#first = first;
    this.#last = last;
    return keys;
  }
}

interface Row {
  key: number;
  kind: string;
}

const NONE_FREED: ReadonlyMap<string, number[]> = new Map();

/** The keys of every row but the pinned one, by kind. */
function freedRows(rows: ReadonlyMap<number, Row>, pinned: number | null): Map<string, number[]> {
  const freed = new Map<string, number[]>();
  for (const [p, row] of rows) {
    if (p === pinned) continue;
    const list = freed.get(row.kind);
    if (list) list.push(row.key);
    else freed.set(row.kind, [row.key]);
  }
  return freed;
}

function anyFreed(freed: ReadonlyMap<string, number[]>): number | undefined {
  for (const list of freed.values()) {
    const key = list.pop();
    if (key !== undefined) return key;
  }
  return undefined;
}
