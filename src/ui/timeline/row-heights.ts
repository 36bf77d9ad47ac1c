/**
 * Where each row of a long list starts, when only the rows that were ever on screen have been
 * measured: every other row counts as `estimate` px. A Fenwick tree of the measured rows'
 * differences from the estimate makes a row's offset, the total and the row at an offset
 * O(log n), and a measurement O(log n): nothing is ever re-measured or summed over all rows.
 */
export class RowHeights {
  readonly count: number;
  readonly estimate: number;
  /** Measured heights; 0 where a row has not been measured. */
  readonly #measured: Float64Array;
  /** Fenwick tree (1-based) of (height − estimate). */
  readonly #tree: Float64Array;
  readonly #topBit: number;

  constructor(count: number, estimate: number, from?: RowHeights) {
    this.count = count;
    this.estimate = estimate;
    this.#measured = new Float64Array(count);
    this.#tree = new Float64Array(count + 1);
    this.#topBit = count === 0 ? 0 : 2 ** Math.floor(Math.log2(count));
    // A list that grew keeps what was measured of its first rows.
    if (from && from.estimate === estimate) {
      const kept = Math.min(count, from.count);
      for (let i = 0; i < kept; i++) {
        const h = from.#measured[i] ?? 0;
        if (h > 0) this.set(i, h);
      }
    }
  }

  height(i: number): number {
    const h = this.#measured[i] ?? 0;
    return h > 0 ? h : this.estimate;
  }

  isMeasured(i: number): boolean {
    return (this.#measured[i] ?? 0) > 0;
  }

  /** Records row i's height; returns how much it changed (0 when it did not). */
  set(i: number, height: number): number {
    if (i < 0 || i >= this.count || !(height > 0)) return 0;
    const change = height - this.height(i);
    this.#measured[i] = height;
    if (change === 0) return 0;
    for (let j = i + 1; j <= this.count; j += j & -j) this.#tree[j] = (this.#tree[j] ?? 0) + change;
    return change;
  }

  /** The top of row i (i = count: the bottom of the last row). */
  offset(i: number): number {
    const n = Math.max(0, Math.min(i, this.count));
    let sum = n * this.estimate;
    for (let j = n; j > 0; j -= j & -j) sum += this.#tree[j] ?? 0;
    return sum;
  }

  get total(): number {
    return this.offset(this.count);
  }

  /** The row that contains offset y (the first row for y < 0, the last for y ≥ total). */
  indexAt(y: number): number {
    if (this.count === 0) return 0;
    let pos = 0;
    let acc = 0;
    for (let step = this.#topBit; step > 0; step >>= 1) {
      const next = pos + step;
      if (next > this.count) continue;
      const end = acc + step * this.estimate + (this.#tree[next] ?? 0);
      if (end <= y) {
        pos = next;
        acc = end;
      }
    }
    return Math.min(pos, this.count - 1);
  }
}
