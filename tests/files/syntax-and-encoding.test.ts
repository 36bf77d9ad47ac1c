import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateJsonError } from "../../src/files/json-syntax.ts";
import { firstInvalidUtf8Byte } from "../../src/files/utf8.ts";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const decodes = (bytes: Uint8Array): boolean => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("the UTF-8 check agrees with the platform's strict decoder", () => {
  it("on arbitrary bytes, and the offset it names is where the well-formed prefix ends", () => {
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xa0, 0x9f, 0x90, 0x8f));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 24 }), (list) => {
        const bytes = Uint8Array.from(list);
        const at = firstInvalidUtf8Byte(bytes);
        expect(at === -1).toBe(decodes(bytes));
        if (at >= 0) expect(decodes(bytes.subarray(0, at))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("on every well-formed string", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => {
      expect(firstInvalidUtf8Byte(new TextEncoder().encode(s))).toBe(-1);
    }));
  });
});

describe("the syntax locator finds an error exactly when JSON.parse refuses", () => {
  const near = fc.oneof(
    fc.json(),
    fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
    fc.tuple(fc.json(), fc.integer({ min: 0, max: 40 }), fc.constantFrom(",", "}", "]", ":", '"', "\\", "{", "[", "x", " ", "\n", "-", "0", ".", "e")).map(([j, at, c]) => `${j.slice(0, at)}${c}${j.slice(at)}`),
  );
  it("on JSON with one character inserted or removed", () => {
    fc.assert(
      fc.property(near, (text) => {
        const error = locateJsonError(text);
        if (parses(text)) expect(error).toBeNull();
        else expect(error).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
