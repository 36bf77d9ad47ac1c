import { describe, expect, it } from "vitest";
import { asRead, asReadCaseless } from "../../src/scoring/read-as-person.ts";

// contract §8a "Text is read as a person reads it": what a reader sees on the screen is what the checks see.

describe("asRead", () => {
  it.each([
    ["zero-width characters", "ver\u200bi\u200cf\u200di\u2060ed\ufeff", "verified"],
    ["a soft hyphen and a combining grapheme joiner", "veri\u00adfi\u034fed", "verified"],
    ["bidi embeddings, overrides and isolates", "\u202aI\u202c \u202dverified\u202c \u2066the\u2069 \u2067snapshot\u2069\u200e\u200f", "I verified the snapshot"],
    ["a right-to-left override, shown reversed", "I \u202edeifirev\u202c the snapshot", "I verified the snapshot"],
    ["an override left open to the end of the line", "I \u202etohspans eht deifirev\nNext line", "I verified the snapshot\nNext line"],
    ["typographic apostrophes", "I\u2019ve checked, it\u2018s fine, I\u02bcm sure, I\u2032d say", "I've checked, it's fine, I'm sure, I'd say"],
    ["typographic quotes", "\u201cverified\u201d \u00abok\u00bb \u201eyes\u201f", "\"verified\" \"ok\" \"yes\""],
    ["dashes and minus signs", "cross\u2010checked, double\u2011checked \u2013 done \u2014 \u22120.4", "cross-checked, double-checked - done - -0.4"],
    ["non-breaking and thin spaces", "I\u00a0verified\u202fthe\u2009snapshot", "I verified the snapshot"],
    ["full-width letters", "\uff49 \uff56\uff45\uff52\uff49\uff46\uff49\uff45\uff44", "i verified"],
    ["Cyrillic and Greek look-alikes", "\u0406 v\u0435r\u0456fi\u0435d th\u0435 h\u03bfldings \u0410\u041a\u0406\u0410 \u0415\u0422\u0406\u041c\u0415D\u041eU\u0422", "I verified the holdings AKIA ETIMEDOUT"],
  ])("folds %s", (_what, text, read) => {
    expect(asRead(text)).toBe(read);
  });

  it("keeps the letters, case and figures a person reads", () => {
    expect(asRead("HH-1001 holds ₹48,000,000: Scenario A at 6%")).toBe("HH-1001 holds ₹48,000,000: Scenario A at 6%");
    expect(asRead("Réserve Über")).toBe("Réserve Über");
  });
});

describe("asReadCaseless", () => {
  it("folds case and accents on top of asRead", () => {
    expect(asReadCaseless("I\u2019VE V\u0415RIFIED the Snapshot, café")).toBe("i've verified the snapshot, cafe");
  });
});

describe("a hostile text cannot stall or crash the reading", () => {
  const SIZE = 256 * 1024;
  const STALL_MS = 20_000;
  it.each(["\u202e", "\u202ea\u202c", "\u202e\u202d", "a\u202c"])("%j repeated to 256 KiB", (unit) => {
    const started = performance.now();
    const text = unit.repeat(SIZE / unit.length);
    expect(asRead(text)).toBe(text.replace(/[\u202a-\u202e]/g, ""));
    // A stall, not a speed: a reading that backtracks or rescans takes minutes on 256 KiB; linear takes well under a
    // second, and a bound of 3 s failed on a busy machine (3.4 s) while the reading was as linear as ever.
    expect(performance.now() - started).toBeLessThan(STALL_MS);
  }, 60_000);
});

describe("digits of every script a reader here might use are read as ASCII digits", () => {
  // Unicode's Nd category, one script each: the zero and the nine, so a wrong offset shows.
  it.each([
    ["Devanagari", "\u0966\u096f"],
    ["Bengali", "\u09e6\u09ef"],
    ["Gurmukhi", "\u0a66\u0a6f"],
    ["Gujarati", "\u0ae6\u0aef"],
    ["Odia", "\u0b66\u0b6f"],
    ["Tamil", "\u0be6\u0bef"],
    ["Telugu", "\u0c66\u0c6f"],
    ["Kannada", "\u0ce6\u0cef"],
    ["Malayalam", "\u0d66\u0d6f"],
    ["Arabic-Indic", "\u0660\u0669"],
    ["Extended Arabic-Indic", "\u06f0\u06f9"],
    ["full-width", "\uff10\uff19"],
  ])("%s", (_script, digits) => {
    expect(asRead(`₹${digits}`)).toBe("₹09");
  });

  it("reads every digit of a script by its place, and Arabic separators as the ASCII marks", () => {
    expect(asRead("\u0966\u0967\u0968\u0969\u096a\u096b\u096c\u096d\u096e\u096f")).toBe("0123456789");
    expect(asRead("\u0663\u0664\u066c\u0665\u0666\u0667\u066b\u0668")).toBe("34,567.8");
  });

  it("keeps the letters of those scripts as they are", () => {
    expect(asRead("मैंने पोर्टफोलियो जाँचा")).toBe("मैंने पोर्टफोलियो जाँचा");
  });
});

describe("terminal escape sequences are not read", () => {
  it.each([
    ["a colour code", "\u001b[31mECONNREFUSED\u001b[0m", "ECONNREFUSED"],
    ["a bold, 256-colour code", "\u001b[1;38;5;196mfailed\u001b[m here", "failed here"],
    ["a cursor move and erase", "a\u001b[2K\u001b[1Gb", "ab"],
    ["a window title (OSC) ended by BEL or ST", "\u001b]0;title\u0007x \u001b]8;;http://e\u001b\\y", "x y"],
    ["the one-byte CSI", "\u009b31mred", "red"],
    ["a two-character escape", "\u001bcreset", "reset"],
  ])("%s", (_what, text, read) => {
    expect(asRead(text)).toBe(read);
  });
});
