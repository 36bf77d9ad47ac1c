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
    return new Proxy(this.#entries, boundedTo(this.#entries.length));
  }
}

const refuse = (): boolean => false;

/** Index keys below `length` exist; everything else in the live array is hidden; nothing can be written. */
function boundedTo(length: number): ProxyHandler<TranscriptEntry[]> {
  const shown = (key: string | symbol): boolean => {
    if (typeof key !== "string") return true;
    const index = Number(key);
    return !(Number.isInteger(index) && index >= 0 && String(index) === key) || index < length;
  };
  return {
    get(target, key, receiver) {
      if (key === "length") return length;
      return shown(key) ? Reflect.get(target, key, receiver) : undefined;
    },
    has: (target, key) => shown(key) && Reflect.has(target, key),
    getOwnPropertyDescriptor(target, key) {
      if (!shown(key)) return undefined;
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return key === "length" && descriptor ? { ...descriptor, value: length } : descriptor;
    },
    ownKeys: (target) => Reflect.ownKeys(target).filter(shown),
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  };
}
