import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWellFormed, toWellFormed } from "../../src/runtime/json-shape.ts";

/** Strings of UTF-16 code units, so lone surrogates (high, low, reversed pairs) come up often. */
const units = fc.array(fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0x20, max: 0x7e }), fc.constantFrom(0xd83d, 0xde00)), { maxLength: 24 }).map((codes) => String.fromCharCode(...codes));

describe("toWellFormed", () => {
  it("replaces each lone surrogate with U+FFFD and keeps every pair, as the code-point rule does", () => {
    fc.assert(
      fc.property(units, (text) => {
        const fixed = toWellFormed(text);
        expect(fixed).toBe(text.replace(/\p{Cs}/gu, "\uFFFD"));
        expect(isWellFormed(fixed)).toBe(true);
      }),
    );
  });

  it("gives back well-formed text as it is", () => {
    expect(toWellFormed("plain 😀 text")).toBe("plain 😀 text");
    expect(toWellFormed("a\ud800b\udc00")).toBe("a\ufffdb\ufffd");
  });
});
