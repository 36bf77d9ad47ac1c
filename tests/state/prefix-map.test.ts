import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countAtOrBefore, nextFrom } from "../../src/state/run/prefix-map.ts";

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
