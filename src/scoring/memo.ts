// A pure function of one string (or of several values, under a string key), remembered: a re-scored
// suite reads the same notes, holdings and messages run after run. The results are frozen, so no
// caller can change what the next one gets.

// Stryker disable all: remembering changes no answer (a mutant that forgets, or forgets sooner, is
// equivalent); tests/scoring/memo.test.ts holds what matters, that an answer cannot be changed.
const LIMIT = 10_000;

export function memoByString<T>(f: (text: string) => T): (text: string) => T {
  return memoByKey((text: string) => text, f);
}

/** The same for a pure function of several values, remembered under `keyOf`'s string for them, which must tell apart any two inputs whose answers differ. */
export function memoByKey<A extends unknown[], T>(keyOf: (...args: A) => string, f: (...args: A) => T): (...args: A) => T {
  const seen = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    let value = seen.get(key);
    if (value === undefined) {
      value = Object.freeze(f(...args)) as T;
      if (seen.size >= LIMIT) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}
