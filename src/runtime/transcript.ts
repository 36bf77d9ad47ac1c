import type { TranscriptEntry } from "./candidate.ts";
import { freezeFresh } from "./freeze.ts";

/**
 * The conversation of one run, appended to and never edited. Each turn the candidate gets a
 * read-only view of it as it stands, not a copy, so a turn costs the same at step 4 and at step
 * 64,000: the view is an array for every reader (indexing, `length`, iteration, `map`, JSON) that
 * shows exactly the entries recorded before that turn and refuses every write.
 */
export class Transcript {
  readonly #entries: TranscriptEntry[] = [];

  /**
   * Records an entry the caller has just made and hands over: it is frozen in place, and its parts
   * become deep frozen copies (parts frozen already, a recorded observation's data, are shared).
   */
  append(entry: TranscriptEntry): void {
    this.#entries.push(freezeFresh(entry));
  }

  /** The entries recorded so far, as a read-only array that later appends do not change. */
  view(): readonly TranscriptEntry[] {
    return new Proxy(this.#entries, new BoundedTo(this.#entries.length));
  }
}

/**
 * Index keys below `length` exist; everything else in the live array is hidden; nothing can be written.
 * One small object per turn: the traps are the class's, shared by every view.
 */
class BoundedTo implements ProxyHandler<TranscriptEntry[]> {
  readonly #length: number;

  constructor(length: number) {
    this.#length = length;
  }

  #shown(key: string | symbol): boolean {
    if (typeof key !== "string") return true;
    const index = Number(key);
    return !(Number.isInteger(index) && index >= 0 && String(index) === key) || index < this.#length;
  }

  get(target: TranscriptEntry[], key: string | symbol, receiver: unknown): unknown {
    if (key === "length") return this.#length;
    return this.#shown(key) ? Reflect.get(target, key, receiver) : undefined;
  }

  has(target: TranscriptEntry[], key: string | symbol): boolean {
    return this.#shown(key) && Reflect.has(target, key);
  }

  getOwnPropertyDescriptor(target: TranscriptEntry[], key: string | symbol): PropertyDescriptor | undefined {
    if (!this.#shown(key)) return undefined;
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    return key === "length" && descriptor ? { ...descriptor, value: this.#length } : descriptor;
  }

  ownKeys(target: TranscriptEntry[]): (string | symbol)[] {
    return Reflect.ownKeys(target).filter((key) => this.#shown(key));
  }

  set(): boolean {
    return false;
  }

  defineProperty(): boolean {
    return false;
  }

  deleteProperty(): boolean {
    return false;
  }

  setPrototypeOf(): boolean {
    return false;
  }

  preventExtensions(): boolean {
    return false;
  }
}
