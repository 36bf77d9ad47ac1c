import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inspectJson } from "../../src/runtime/json-shape.ts";

/**
 * An independent writer: serialises a value and, in the n-th non-empty object it writes (in
 * document order), repeats that object's first key at the end. It returns where it did so, as a
 * JSONPath, so the pre-parser's answer can be checked against a path computed another way.
 */
function withDuplicate(value: unknown, n: number): { text: string; at: { key: string; path: string } | null } {
  let seen = 0;
  let at: { key: string; path: string } | null = null;
  const step = (key: string | number): string => (typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
  const write = (v: unknown, path: string): string => {
    if (Array.isArray(v)) return `[${v.map((x, i) => write(x, path + step(i))).join(",")}]`;
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    const entries = Object.entries(v);
    const parts = entries.map(([k, x]) => `${JSON.stringify(k)}:${write(x, path + step(k))}`);
    if (entries.length > 0 && seen++ === n && at === null) {
      const [k, x] = entries[0]!;
      at = { key: k, path };
      parts.push(`${JSON.stringify(k)}:${JSON.stringify(x)}`);
    }
    return `{${parts.join(",")}}`;
  };
  const text = write(value, "$");
  return { text, at };
}

describe("the JSON pre-parser (inspectJson)", () => {
  it("finds a duplicate key in any object at any depth, and names the key and the object's path", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(12), (value, n) => {
        const { text, at } = withDuplicate(value, n);
        const shape = inspectJson(text, 1000);
        if (at === null) expect(shape).toEqual({ ok: true });
        else expect(shape).toMatchObject({ ok: false, code: "duplicate_keys", key: (at as { key: string }).key, path: (at as { path: string }).path });
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a reply's detail free of the key it found (the candidate sees the detail)", () => {
    const shape = inspectJson('{"decision": "final", "secret-looking key": 1, "secret-looking key": 2}');
    expect(shape).toMatchObject({ ok: false, detail: "a key appears twice in one object" });
  });

  it("counts depth in objects and arrays alike", () => {
    expect(inspectJson('{"a": [{"b": []}]}', 4)).toEqual({ ok: true });
    expect(inspectJson('{"a": [{"b": [{}]}]}', 4)).toMatchObject({ ok: false, code: "too_deep" });
  });
});
