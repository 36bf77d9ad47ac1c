import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countAtOrBefore, nextFrom, PrefixMap } from "../../src/state/run/prefix-map.ts";

describe("an ascending list of event indices", () => {
  it("counts the entries at or before a limit, and finds the next one either way from any event", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(200)), fc.integer({ min: -5, max: 205 }), (values, from) => {
        const list = Int32Array.from([...values].sort((a, b) => a - b));
        expect(countAtOrBefore(list, from)).toBe(values.filter((v) => v <= from).length);
        expect(nextFrom(list, from, 1)).toBe([...list].find((v) => v > from));
        expect(nextFrom(list, from, -1)).toBe([...list].reverse().find((v) => v < from));
      }),
    );
  });
});

describe("a prefix map as of a position", () => {
  const keys = [undefined, "a", undefined, undefined, "b", "a", undefined];
  const map = () => new PrefixMap<string>({ length: () => keys.length, keyAt: (i) => keys[i], valueAt: (i) => `event ${i}` });

  it("is the same object for positions with no key between them, and a new one past a key", () => {
    const prefix = map();
    const atTwo = prefix.asOf(2);
    expect(prefix.asOf(3)).toBe(atTwo);
    expect(prefix.asOf(1)).toBe(atTwo);
    const atFour = prefix.asOf(4);
    expect(atFour).not.toBe(atTwo);
    expect([...atFour.entries()]).toEqual([["a", "event 1"], ["b", "event 4"]]);
  });

  it("answers as a map of the prefix would, wherever it was made among the positions it stands for", () => {
    const prefix = map();
    for (let cursor = -1; cursor < keys.length; cursor++) {
      const expected = new Map(keys.flatMap((k, i) => (k !== undefined && i <= cursor ? [[k, `event ${i}`] as const] : [])));
      expect([...prefix.asOf(cursor).entries()]).toEqual([...expected.entries()]);
      expect(prefix.asOf(cursor).size).toBe(expected.size);
    }
  });
});
