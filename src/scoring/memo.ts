// A pure function of one string, remembered: a re-scored suite reads the same notes, holdings and
// messages run after run. The results are frozen, so no caller can change what the next one gets.

// Stryker disable all: remembering changes no answer (a mutant that forgets, or forgets sooner, is
// equivalent); tests/scoring/memo.test.ts holds what matters, that an answer cannot be changed.
const LIMIT = 10_000;

export function memoByString<T>(f: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let value = seen.get(text);
    if (value === undefined) {
      value = Object.freeze(f(text)) as T;
      if (seen.size >= LIMIT) seen.clear();
      seen.set(text, value);
    }
    return value;
  };
}
