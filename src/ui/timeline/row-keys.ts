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
  /** Each rendered position's key and the kind of its row, as the last call left them. */
  #rows = new Map<number, { key: number; kind: string }>();
  #spare = new Map<number, { key: number; kind: string }>();
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
    const freed = new Map<string, number[]>();
    let jumped = true;
    for (const p of before.keys()) {
      if (p >= first && p <= last) {
        jumped = false;
        break;
      }
    }
    for (const [p, row] of before) {
      if (p >= first && p <= last) {
        // The position may hold another event now (kinds hidden or shown): the row keeps its key.
        row.kind = kindAt(p);
        after.set(p, row);
      } else if (jumped && p !== pinned) {
        const list = freed.get(row.kind);
        if (list) list.push(row.key);
        else freed.set(row.kind, [row.key]);
      }
    }
    const keys: number[] = [];
    for (let p = first; p <= last; p++) {
      const kept = after.get(p);
      if (kept) {
        keys.push(kept.key);
        continue;
      }
      const kind = kindAt(p);
      const key = freed.get(kind)?.pop() ?? anyFreed(freed) ?? this.#next++;
      after.set(p, { key, kind });
      keys.push(key);
    }
    this.#rows = after;
    this.#spare = before;
    return keys;
  }
}

function anyFreed(freed: Map<string, number[]>): number | undefined {
  for (const list of freed.values()) {
    const key = list.pop();
    if (key !== undefined) return key;
  }
  return undefined;
}
