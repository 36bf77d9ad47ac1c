import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_MAX_FILE_BYTES, describeFileProblem, MAX_FILE_DEPTH, readJsonFile, readJsonText, tooLarge, validateJson, type JsonFileRead } from "../../src/files/read-json-file.ts";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
/** A refusal as a test asserts it: its code and where, never its words. */
const refusal = (r: JsonFileRead): unknown => (r.ok ? r : { code: r.code, at: r.at });
const nested = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("reading a JSON file from its bytes", () => {
  it("reads one JSON value and keeps the value exactly as parsed beside the cleaned one", () => {
    const r = readJsonFile(utf8('{"a": [1, "₹ 33,45,563.94"], "b": null}'));
    expect(r).toEqual({ ok: true, value: { a: [1, "₹ 33,45,563.94"], b: null }, parsed: { a: [1, "₹ 33,45,563.94"], b: null } });
  });

  it("ignores prototype keys everywhere but inside events, which stay as written for the seal", () => {
    const r = readJsonFile(utf8('{"__proto__": {"x": 1}, "fixture": {"constructor": 1, "id": "f"}, "events": [{"arguments": {"__proto__": {"y": 2}}}]}'));
    if (!r.ok) throw new Error(r.message);
    expect(Object.keys(r.value as object)).toEqual(["fixture", "events"]);
    expect((r.value as { fixture: object }).fixture).toEqual({ id: "f" });
    expect(Object.keys((r.value as { events: { arguments: object }[] }).events[0]!.arguments)).toEqual(["__proto__"]);
    expect(Object.keys(r.parsed as object)).toEqual(["__proto__", "fixture", "events"]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("refuses a file over the size limit before looking at its content, naming the limit", () => {
    expect(refusal(readJsonFile(utf8('{"a": "0123456789"}'), { maxBytes: 10 }))).toEqual({ code: "too_large", at: {} });
    expect(readJsonFile(bytes([0xff, 0xfe, 0xfd]), { maxBytes: 2 })).toMatchObject({ code: "too_large" });
    expect(readJsonFile(utf8("1234567890"), { maxBytes: 10 })).toMatchObject({ ok: true });
    expect(tooLarge(5 * 1024 * 1024).message).toBe("the file is larger than 5242880 bytes");
    expect(DEFAULT_MAX_FILE_BYTES).toBe(64 * 1024 * 1024);
  });

  it("says an empty file is empty", () => {
    for (const text of ["", "  \n\t"]) expect(refusal(readJsonFile(utf8(text)))).toEqual({ code: "empty", at: {} });
  });

  it("refuses a byte-order mark in the same words wherever the file comes from", () => {
    const expected = { ok: false, code: "byte_order_mark", at: {}, message: "the file starts with a byte-order mark (save it as UTF-8 without one)" };
    expect(readJsonFile(bytes([0xef, 0xbb, 0xbf], "{}"))).toEqual(expected);
    expect(readJsonText("\uFEFF{}")).toEqual(expected);
    // A BOM anywhere else is an ordinary character inside a string.
    expect(readJsonText('{"a": "\uFEFF"}')).toMatchObject({ ok: true, value: { a: "\uFEFF" } });
  });

  it.each([
    ["a lone continuation byte", bytes('{"a": "', [0x80], '"}'), 7],
    ["a byte that never occurs in UTF-8", bytes('{"a": "x', [0xff], '"}'), 8],
    ["an overlong slash", bytes('["', [0xc0, 0xaf], '"]'), 2],
    ["an overlong three-byte form", bytes('["', [0xe0, 0x80, 0xaf], '"]'), 2],
    ["an encoded surrogate", bytes('["', [0xed, 0xa0, 0x80], '"]'), 2],
    ["a code point above U+10FFFF", bytes('["', [0xf4, 0x90, 0x80, 0x80], '"]'), 2],
    ["a sequence cut short", bytes('["', [0xe2, 0x82], '"]'), 2],
    ["a sequence cut short by the end of the file", bytes('"₹', [0xe2, 0x82]), 4],
    ["Latin-1 text after multi-byte characters", bytes('{"₹": "caf', [0xe9], '"}'), 12],
  ])("refuses invalid UTF-8 (%s) naming the byte, never reading a replacement character", (_what, file, offset) => {
    expect(refusal(readJsonFile(file))).toEqual({ code: "not_utf8", at: { byte: offset } });
    expect(describeFileProblem({ code: "not_utf8" }, { byte: offset })).toBe(`the file is not valid UTF-8 (byte ${offset})`);
  });

  it("accepts a real U+FFFD written in the file, and every other well-formed character", () => {
    expect(readJsonFile(utf8('["\uFFFD", "𝟘", "\u{10FFFF}", "\uD7FF", "\uE000"]'))).toMatchObject({ ok: true, value: ["\uFFFD", "𝟘", "\u{10FFFF}", "\uD7FF", "\uE000"] });
  });

  it.each([
    ["at the top", '{"passed": true, "passed": false}', '"passed" at $', ["passed"]],
    ["nested in an object", '{"runs": [{"result": {"x": 1, "y": 2, "x": 3}}]}', '"x" at $.runs[0].result', ["runs", 0, "result", "x"]],
    ["in a later array element", '{"runs": [{"a": 1}, {"a": 1}, {"b": [1, 2, {"k": 1, "k": 1}]}]}', '"k" at $.runs[2].b[2]', ["runs", 2, "b", 2, "k"]],
    ["deep inside events", '{"runs": [{"events": [{"kind": "x"}, {"kind": "decision", "body": {"arguments": {"household": "HH-1001", "household": "HH-2002"}}}]}]}', '"household" at $.runs[0].events[1].body.arguments', ["runs", 0, "events", 1, "body", "arguments", "household"]],
    ["written with an escape", '{"a": 1, "\\u0061": 2}', '"a" at $', ["a"]],
    ["a prototype key", '{"o": {"__proto__": 1, "__proto__": 2}}', '"__proto__" at $.o', ["o", "__proto__"]],
    ["under a key that is not an identifier", '{"odd key": {"x": 1, "x": 2}}', '"x" at $["odd key"]', ["odd key", "x"]],
    ["after a nested value", '{"a": {"b": [1, {"c": 2}]}, "a": 3}', '"a" at $', ["a"]],
  ])("refuses a duplicate key %s, naming the key and where its object is", (_where, text, words, path) => {
    const r = readJsonFile(utf8(text));
    expect(refusal(r)).toEqual({ code: "duplicate_key", at: { path } });
    expect(!r.ok && r.message).toBe(`a key appears twice in one object (${words})`);
  });

  it("allows the same key in different objects", () => {
    expect(readJsonFile(utf8('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": {"b": {"a": [{"a": 0}]}}}'))).toMatchObject({ ok: true });
  });

  it("cuts a very long duplicate key short in the message", () => {
    const key = "k".repeat(10_000);
    const r = readJsonFile(utf8(`{"${key}": 1, "${key}": 2}`));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message.length).toBeLessThan(200);
  });

  it(`refuses nesting deeper than ${MAX_FILE_DEPTH} levels, or a chosen depth`, () => {
    expect(readJsonFile(utf8(nested(MAX_FILE_DEPTH)))).toMatchObject({ ok: true });
    expect(refusal(readJsonFile(utf8(nested(MAX_FILE_DEPTH + 1))))).toEqual({ code: "too_deep", at: {} });
    expect(readJsonFile(utf8(nested(100_000)))).toMatchObject({ code: "too_deep" });
    expect(refusal(readJsonFile(utf8('{"a": {"b": {}}}'), { maxDepth: 2 }))).toEqual({ code: "too_deep", at: {} });
  });

  it.each([
    ["a missing value", '{"a": }', "the file is not valid JSON (line 1, column 7: expected a value)"],
    ["a trailing comma", '{\n  "a": 1,\n}', "the file is not valid JSON (line 3, column 1: expected a key in double quotes)"],
    ["a missing colon", '{"a" 1}', "the file is not valid JSON (line 1, column 6: expected ':' after the key)"],
    ["a missing comma", "[1 2]", "the file is not valid JSON (line 1, column 4: expected ',' or ']')"],
    ["a bad escape", '["a\\x"]', "the file is not valid JSON (line 1, column 4: expected a valid escape after the backslash)"],
    ["a raw newline in a string", '["a\nb"]', "the file is not valid JSON (line 1, column 4: expected no control character inside a string)"],
    ["a single-quoted string", "{'a': 1}", "the file is not valid JSON (line 1, column 2: expected a key in double quotes)"],
    ["a file cut short", '{"a": [1, 2', "the file is not valid JSON: it ends before its value does"],
    ["an unclosed string", '{"a": "b', "the file is not valid JSON: it ends before its value does"],
    ["two values", '{"a": 1}\n{"a": 2}', "the file has text after its one JSON value (line 2, column 1)"],
    ["text after the value", "[1] // done", "the file has text after its one JSON value (line 1, column 5)"],
    ["NaN", '{"a": NaN}', "the file is not valid JSON (line 1, column 7: expected a value)"],
  ])("refuses %s with its line and column, in words no JavaScript engine chose", (_what, text, message) => {
    expect(readJsonFile(utf8(text))).toEqual({ ok: false, code: "not_json", at: {}, message });
  });

  it("validates against a schema and names the JSON path of the problem", () => {
    const Schema = z.strictObject({ runs: z.array(z.strictObject({ id: z.string() })) });
    const r = readJsonFile(utf8('{"runs": [{"id": "a"}, {"id": 7}]}'));
    if (!r.ok) throw new Error(r.message);
    const invalid = validateJson(r.value, Schema);
    expect(invalid).toMatchObject({ ok: false, code: "invalid", at: { path: ["runs", 1, "id"] } });
    expect(!invalid.ok && invalid.message).toBe('field "runs[1].id": Invalid input: expected string, received number');
    expect(validateJson({ runs: [] }, Schema)).toEqual({ ok: true, value: { runs: [] } });
  });

  it("makes every refusal's words from its code and details alone: a line of a JSON Lines file is `the line`", () => {
    expect(describeFileProblem({ code: "too_large", maxBytes: 10 })).toBe("the file is larger than 10 bytes");
    expect(describeFileProblem({ code: "too_large", maxBytes: 10 }, { line: 3 })).toBe("line 3: the line is larger than 10 bytes");
    expect(describeFileProblem({ code: "empty" })).toBe("the file is empty");
    expect(describeFileProblem({ code: "too_deep", maxDepth: 96 })).toBe("the file is nested deeper than 96 levels");
    expect(describeFileProblem({ code: "not_json", syntax: null }, { line: 2 })).toBe("line 2: the line is not valid JSON");
    expect(describeFileProblem({ code: "duplicate_key", key: "a", jsonPath: "$.b" }, { line: 4 })).toBe('line 4: a key appears twice in one object ("a" at $.b)');
  });
});
