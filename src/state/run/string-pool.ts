// Runs received by structured clone hold each string value as its own copy: a million events, or
// 10,000 runs, repeat a few dozen kinds, tools, replies, error details and verdict explanations, and
// those copies were over 40 % of the page's heap (the bench's 1,000,003-event run: 179 MB, 102 MB with
// them shared; its 10,000-run suite: 81 MB, 42 MB). The major garbage collection that follows such an
// import marks every one of them; with fewer, its pause no longer lands in the first jumps through the
// timeline. Strings are values, not objects: sharing one changes nothing code can observe.

/** Distinct strings kept per import: the repeated ones come early; unique ids beyond this are left as they are. */
export const MAX_POOLED = 4096;
/** Longer strings are left as they are: few repeat, and each would be held by the pool for the whole import. */
export const MAX_POOLED_LENGTH = 256;

/** One copy of each string the runs of an import repeat. */
export class StringPool {
  readonly #strings = new Map<string, string>();
  #shared = 0;

  /** How many distinct strings are kept. */
  get size(): number {
    return this.#strings.size;
  }

  /** How many strings were replaced by the copy already kept. */
  get shared(): number {
    return this.#shared;
  }

  /**
   * `value` with every string in it (at any depth) replaced by the copy already kept, in place:
   * only for a value just received, which nothing else holds yet. Frozen objects are left as they are.
   */
  share<T>(value: T): T {
    return this.#share(value) as T;
  }

  #share(value: unknown): unknown {
    if (typeof value === "string") return this.#string(value);
    // A frozen value was made in this thread (a run replayed here), not received: nothing to share.
    if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.#share(value[i]);
      return value;
    }
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) object[key] = this.#share(object[key]);
    return value;
  }

  #string(text: string): string {
    if (text.length > MAX_POOLED_LENGTH) return text;
    const kept = this.#strings.get(text);
    if (kept !== undefined) {
      this.#shared += 1;
      return kept;
    }
    if (this.#strings.size < MAX_POOLED) this.#strings.set(text, text);
    return text;
  }
}
