import { describe, expect, it } from "vitest";
import { utf8Parts } from "../../src/ui/io/download.ts";

describe("a download's text, encoded in slices", () => {
  it("is the text's UTF-8, byte for byte, even when a slice boundary falls inside a surrogate pair", async () => {
    const slice = 1 << 22;
    // "😀" is a surrogate pair: its high half is the slice's last character.
    const text = `${"a".repeat(slice - 1)}😀${"é".repeat(1000)}${"b".repeat(slice)}`;
    const parts = await utf8Parts(text);
    expect(parts.length).toBeGreaterThan(1);
    const bytes = Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array)));
    expect(bytes.equals(Buffer.from(text, "utf8"))).toBe(true);
    expect(await utf8Parts("short")).toEqual(["short"]);
  });

  it("text in parts is encoded a batch of whole parts at a time, never joined whole, and is the parts' UTF-8 in order", async () => {
    const slice = 1 << 22;
    const texts = ["<head>😀", "é".repeat(slice - 10), "a".repeat(slice), "b", "😀tail"];
    const parts = await utf8Parts(texts);
    // The first three parts reach the slice together; the last two are the rest.
    expect(parts.length).toBe(2);
    const bytes = Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array)));
    expect(bytes.equals(Buffer.from(texts.join(""), "utf8"))).toBe(true);
    expect(await utf8Parts([])).toEqual([]);
  });
});
