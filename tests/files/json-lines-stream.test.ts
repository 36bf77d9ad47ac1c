import { describe, expect, it } from "vitest";
import { readJsonFile, type FileProblem } from "../../src/files/read-json-file.ts";
import { JsonLinesReader, looksLikeJsonLines, readJsonLines, type JsonLine } from "../../src/files/read-json-lines.ts";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: (Uint8Array | number[])[]): Uint8Array => {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  arrays.reduce((at, a) => (out.set(a, at), at + a.length), 0);
  return out;
};

type Refused = Pick<FileProblem, "code" | "at" | "message">;

/** Reads bytes through the streaming reader in chunks of `size`: the lines, or the file's problem. */
function streamed(bytes: Uint8Array, size: number, maxLineBytes?: number): { lines: JsonLine[] } | Refused {
  const reader = new JsonLinesReader(maxLineBytes === undefined ? {} : { maxLineBytes });
  const lines: JsonLine[] = [];
  for (let at = 0; at < bytes.length; at += size) lines.push(...reader.push(bytes.subarray(at, at + size)));
  const end = reader.end();
  return end.problem ? { code: end.problem.code, at: end.problem.at, message: end.problem.message } : { lines: [...lines, ...end.lines] };
}

/** What reading the whole file at once gives, in the same shape. */
const whole = (bytes: Uint8Array): { lines: JsonLine[] } | Refused => {
  const read = readJsonLines(bytes);
  return read.ok ? { lines: read.lines } : { code: read.code, at: read.at, message: read.message };
};

const FILE = utf8(['{"format":"x","n":1}', "", '  {"text":"₹ 33,45,563.94 — 😀 नमस्ते","n":2}  ', '{"a":[1,2,{"b":null}]}\r', '{"last":"no newline after me"}'].join("\n"));

describe("reading JSON Lines as a stream of chunks", () => {
  it("gives the same lines whatever the chunk boundaries, even one byte at a time, as reading the file whole", () => {
    const expected = whole(FILE);
    expect(expected).toMatchObject({ lines: [{ line: 1 }, { line: 3 }, { line: 4 }, { line: 5 }] });
    for (const size of [1, 2, 3, 5, 7, 16, 64, FILE.length]) expect(streamed(FILE, size), `chunks of ${size}`).toEqual(expected);
  });

  it("joins a multi-byte character split across chunks (₹ is 3 bytes, 😀 is 4)", () => {
    const text = '{"m":"₹😀₹"}\n{"m":"é"}\n';
    const bytes = utf8(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const reader = new JsonLinesReader();
      const lines = [...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))];
      const end = reader.end();
      expect(end.problem, `cut at byte ${cut}`).toBeNull();
      expect([...lines, ...end.lines].map((l) => l.value)).toEqual([{ m: "₹😀₹" }, { m: "é" }]);
    }
  });

  it("names the first invalid UTF-8 byte by its offset in the file, as the whole-file reader does, even after a bad line", () => {
    const bad = concat(utf8('{"a":1}\n{"a":\n{"b":"'), [0xe2, 0x82], utf8('"}\n'));
    const offset = utf8('{"a":1}\n{"a":\n{"b":"').length;
    expect(whole(bad)).toMatchObject({ code: "not_utf8", at: { byte: offset } });
    for (const size of [1, 2, 4, 100]) expect(streamed(bad, size)).toEqual(whole(bad));
  });

  it("names the first line that is not one JSON value, and the empty file, in the whole-file reader's words", () => {
    const twice = utf8('{"a":1}\n{"a":1,"a":2}\n{"b":');
    expect(streamed(twice, 3)).toEqual(whole(twice));
    expect(streamed(twice, 3)).toMatchObject({ code: "duplicate_key", at: { line: 2, path: ["a"] } });
    const blank = utf8("\n  \r\n\t\n");
    expect(streamed(blank, 2)).toMatchObject({ code: "empty", at: {} });
    expect(streamed(new Uint8Array(0), 1)).toMatchObject({ code: "empty", at: {} });
  });

  it("refuses a byte-order mark even when it arrives a byte at a time", () => {
    const bom = concat([0xef, 0xbb, 0xbf], utf8('{"a":1}\n'));
    expect(streamed(bom, 1)).toMatchObject({ code: "byte_order_mark", at: {} });
    expect(streamed(bom, 1)).toEqual(whole(bom));
  });

  it("refuses a line longer than the bound, naming it, without holding it", () => {
    const long = utf8(`{"a":1}\n{"pad":"${"x".repeat(200)}"}\n{"b":2}\n`);
    expect(streamed(long, 16, 64)).toMatchObject({ code: "too_large", at: { line: 2 } });
    // An invalid byte later in the file is still the file's problem, as whole-file reading says.
    const after = concat(long, [0xff], utf8("\n"));
    expect(streamed(after, 16, 64)).toMatchObject({ code: "not_utf8", at: { byte: long.length } });
    // And one inside the over-long line itself, cut across chunks.
    const inside = concat(utf8(`{"pad":"${"x".repeat(100)}`), [0xf0, 0x9f, 0x98], utf8('"}\n'));
    expect(streamed(inside, 7, 64)).toMatchObject({ code: "not_utf8", at: { byte: utf8(`{"pad":"${"x".repeat(100)}`).length } });
    expect(streamed(inside, 7)).toEqual(whole(inside));
  });
});

describe("prototype keys (the one reader)", () => {
  it("drops a prototype key written with a \\u escape, as it drops one spelled out", () => {
    const read = readJsonFile(utf8('{"\\u005f_proto__":{"x":1},"constr\\u0075ctor":2,"ok":true}'));
    if (!read.ok) throw new Error(read.message);
    expect(Object.keys(read.value as object)).toEqual(["ok"]);
    expect(Object.keys(read.parsed as object)).toEqual(["__proto__", "constructor", "ok"]);
  });

  it("returns the parsed value itself when the text can hold no prototype key", () => {
    const read = readJsonFile(utf8('{"a":{"b":[1,2]}}'));
    expect(read.ok && read.value === read.parsed).toBe(true);
  });
});

describe("telling JSON Lines from one JSON value", () => {
  it("is JSON Lines when a whole object on the first line is followed by another line", () => {
    expect(looksLikeJsonLines(utf8('{"a":1}\n{"b":2}\n'))).toBe(true);
    expect(looksLikeJsonLines(utf8('{"a":1}\n{"b":2}'), (v) => (v as { a?: unknown }).a === 2)).toBe(false);
    expect(looksLikeJsonLines(utf8('{\n  "a": 1\n}\n'))).toBe(false);
    expect(looksLikeJsonLines(utf8('{"a":1}'))).toBe(false);
  });

  it("is one JSON value when nothing but white space follows the first line, without parsing that line", () => {
    let asked = 0;
    const first = (): boolean => (asked += 1) > 0;
    expect(looksLikeJsonLines(utf8('{"runs":[1,2,3]}\n'), first)).toBe(false);
    expect(looksLikeJsonLines(utf8('{"runs":[1,2,3]}\n \r\n\t'), first)).toBe(false);
    expect(asked).toBe(0);
  });
});
