import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonLinesReader, readJsonLines, type JsonLinesRead } from "../../src/files/read-json-lines.ts";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What a read gives, as plain data: the lines' numbers, values and parsed values, or the refusal. */
const outcome = (read: JsonLinesRead): unknown => (read.ok ? read.lines.map(({ line, value, parsed }) => ({ line, value, parsed })) : { code: read.code, at: read.at, message: read.message });

const read = (text: string, repeats: boolean): JsonLinesRead => readJsonLines(utf8(text), { repeats });

describe("JSON Lines that repeat the line before but for a last whole number (repeats)", () => {
  it("reads k trials alike once: the same values as parsing every line, each line a repeat but the first", () => {
    const trace = (trial: number) => JSON.stringify({ format: "x", replies: [{ text: '{"a":1,"trial":9}' }], trial });
    const text = [1, 2, 3, 10, 11].map(trace).join("\n");
    const lines = read(text, true);
    expect(outcome(lines)).toEqual(outcome(read(text, false)));
    expect(lines.ok && lines.lines.map((l) => l.repeatsBut ?? null)).toEqual([null, "trial", "trial", "trial", "trial"]);
    // A repeat shares what did not change, and is an object of its own.
    expect(lines.ok && lines.lines[1]?.value).not.toBe(lines.ok && lines.lines[0]?.value);
    expect(lines.ok && (lines.lines[1]?.value as { replies: unknown }).replies).toBe(lines.ok && (lines.lines[0]?.value as { replies: unknown }).replies);
  });

  it("parses a line that differs in anything but that number, or whose last member is not a plain whole number", () => {
    const cases: [string, string][] = [
      ['{"a":1,"trial":1}', '{"a":2,"trial":2}'],
      ['{"a":1,"trial":1}', '{"a":1,"round":2}'],
      ['{"a":1,"trial":1}', '{"a":1,"trial":-2}'],
      ['{"a":1,"trial":1}', '{"a":1,"trial":2.5}'],
      ['{"a":1,"trial":1}', '{"a":1,"trial": 2}'],
      ['{"a":1,"trial":1}', '{"a":1,"trial":"2"}'],
      ['{"a":1,"tr\\u0069al":1}', '{"a":1,"tr\\u0069al":2}'],
      ['{"a":1,"trial":1}', '{"a":1,"trial":1234567890123456}'],
    ];
    for (const [first, second] of cases) {
      const text = `${first}\n${second}`;
      const lines = read(text, true);
      expect(outcome(lines), second).toEqual(outcome(read(text, false)));
      expect(lines.ok && lines.lines[1]?.repeatsBut, second).toBeUndefined();
    }
  });

  it("refuses a line that only looks like a repeat in the words every line is refused in", () => {
    for (const second of ['{"a":1,"trial":02}', '{"a":1,"trial":2}}', '{"a":1,"a":1,"trial":2}', '{"a":1,"trial":2} {}']) {
      const text = `{"a":1,"trial":1}\n${second}`;
      const repeated = read(text, true);
      expect(repeated.ok, second).toBe(false);
      expect(outcome(repeated), second).toEqual(outcome(read(text, false)));
    }
  });

  it("keeps a prototype key out of the value and in the parsed value, as every line read", () => {
    const text = '{"__proto__":{"x":1},"trial":1}\n{"__proto__":{"x":1},"trial":2}\n{"a":1,"__proto__":3}\n{"a":1,"__proto__":4}';
    const lines = read(text, true);
    expect(outcome(lines)).toEqual(outcome(read(text, false)));
    expect(lines.ok && lines.lines.map((l) => l.repeatsBut ?? null)).toEqual([null, "trial", null, null]);
  });

  it("gives what parsing every line gives, for any lines, repeated or changed, and for any chunks", () => {
    const value = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    const line = fc.oneof(
      fc.tuple(value, fc.constantFrom("trial", "n", "", '"', "\\", "__proto__"), fc.nat()).map(([v, key, n]) => `${JSON.stringify(v).slice(0, -1)}${Object.keys(v).length > 0 ? "," : ""}${JSON.stringify(key)}:${n}}`),
      fc.string({ maxLength: 12 }),
    );
    // Lines and their repeats, with a character changed here and there.
    const file = fc
      .array(fc.tuple(line, fc.array(fc.nat({ max: 1000 }), { maxLength: 3 })), { minLength: 1, maxLength: 6 })
      .chain((groups) =>
        fc.tuple(
          fc.constant(groups.flatMap(([l, trials]) => [l, ...trials.map((t) => l.replace(/[0-9]+\}$/, `${t}}`))])),
          fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("}", "1", "0", ",", '"', " ", "\\")), { maxLength: 2 }),
        ),
      )
      .map(([lines, edits]) => {
        const edited = [...lines];
        for (const [at, pos, ch] of edits) {
          const i = at % edited.length;
          const l = edited[i] ?? "";
          edited[i] = l.slice(0, pos % (l.length + 1)) + ch + l.slice(pos % (l.length + 1) + 1);
        }
        return edited.join("\n");
      });
    fc.assert(
      fc.property(file, fc.integer({ min: 1, max: 40 }), (text, size) => {
        const expected = outcome(read(text, false));
        expect(outcome(read(text, true))).toEqual(expected);
        const reader = new JsonLinesReader({ repeats: true });
        const bytes = utf8(text);
        const lines = [];
        for (let at = 0; at < bytes.length; at += size) lines.push(...reader.push(bytes.subarray(at, at + size)));
        const end = reader.end();
        const streamed = end.problem ? { code: end.problem.code, at: end.problem.at, message: end.problem.message } : [...lines, ...end.lines].map(({ line, value, parsed }) => ({ line, value, parsed }));
        expect(streamed).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
