import { describe, expect, it } from "vitest";
import { asRead, asReadCaseless } from "../../src/scoring/read-as-person.ts";

// contract §8a "Text is read as a person reads it": the rules of bidi reordering, line by line, one at a time.

const RLO = "\u202e"; // right-to-left override
const LRO = "\u202d"; // left-to-right override
const PDF = "\u202c"; // pop directional formatting

describe("a right-to-left override as a reader sees it", () => {
  it("reverses only up to its PDF; what follows the PDF is read in order", () => {
    expect(asRead(`I ${RLO}deifirev${PDF} the holdings`)).toBe("I verified the holdings");
  });

  it("a PDF with no override open is dropped, and the text after it kept", () => {
    expect(asRead(`I ${RLO}deifirev${PDF}${PDF} the holdings`)).toBe("I verified the holdings");
    expect(asRead(`${PDF}I ${RLO}deifirev`)).toBe("I verified");
  });

  it("moves an embedding nested inside an override as one piece, in its own order", () => {
    // RLO "ab" [LRO "cd" PDF] "ef" PDF: the override shows f e (cd) b a.
    expect(asRead(`${RLO}ab${LRO}cd${PDF}ef${PDF}!`)).toBe("fecdba!");
  });

  it("an override nested inside an override is reversed inside and moved as one piece", () => {
    expect(asRead(`${RLO}ab${RLO}cd${PDF}ef${PDF}`)).toBe("fedcba");
  });

  it("an override left open ends at the end of its line, whatever the line break", () => {
    for (const lineBreak of ["\n", "\r", "\r\n", "\u2028", "\u2029"]) {
      expect(asRead(`I ${RLO}deifirev${lineBreak}the holdings`), JSON.stringify(lineBreak)).toBe(`I verified${lineBreak}the holdings`);
    }
    // NEL (U+0085) also ends a line; NFKC keeps it, so the order is what is checked.
    expect(asRead(`${RLO}ba\u0085cd`)).toBe("ab\u0085cd");
  });

  it("an override never reaches back to an earlier line", () => {
    expect(asRead(`ab\n${RLO}cd`)).toBe("ab\ndc");
  });
});

describe("folding keeps what a person reads", () => {
  it("keeps ordinary spaces, letters outside the look-alike list and case", () => {
    expect(asRead("Ünïcode tëxt, Straße, ĳ")).toBe("Ünïcode tëxt, Straße, ij");
    expect(asRead("HOLDINGS holdings")).toBe("HOLDINGS holdings");
  });

  it("makes every kind of space a plain space, but keeps line breaks", () => {
    expect(asRead("a\u00a0b\u2003c\u3000d\ne")).toBe("a b c d\ne");
  });

  it("maps a look-alike letter to the Latin letter, leaving Latin letters alone", () => {
    expect(asRead("\u0440\u043ertf\u043eli\u043e")).toBe("portfolio");
    expect(asRead("abc")).toBe("abc");
  });
});

describe("asReadCaseless", () => {
  it("lower-cases and drops accents, and nothing else", () => {
    expect(asReadCaseless("ÉTÉ Café Ñandú")).toBe("ete cafe nandu");
    expect(asReadCaseless("I’ve VERIFIED")).toBe("i've verified");
  });

  it("recomposes what is left, so letters that are not accents stay whole", () => {
    // Hangul syllables decompose under NFD into jamo (not combining marks) and must come back whole.
    expect(asReadCaseless("한국")).toBe("한국");
  });
});
