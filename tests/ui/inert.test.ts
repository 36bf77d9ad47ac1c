import { describe, expect, it } from "vitest";
import { dropPrototypeKeys } from "../../src/schemas/prototype-keys.ts";
import { visible } from "../../src/ui/shared/inert.ts";

describe("hostile text is shown inert", () => {
  it("makes bidirectional overrides and zero-width characters visible", () => {
    expect(visible("HH-1001\u200b")).toBe("HH-1001⟨U+200B⟩");
    expect(visible("price \u202Eevil\u202C")).toBe("price ⟨U+202E⟩evil⟨U+202C⟩");
    expect(visible("line\nnext\ttab")).toBe("line\nnext\ttab");
    expect(visible("₹3,345,563.94")).toBe("₹3,345,563.94");
    expect(visible("a\u2028b\u034fc")).toBe("a⟨U+2028⟩b⟨U+034F⟩c");
    expect(visible("hi\u{E0041}\u{E0042}")).toBe("hi⟨U+E0041⟩⟨U+E0042⟩");
  });
});

describe("prototype keys in an imported file", () => {
  it("are dropped everywhere but the hash-chained events, and never reach a prototype", () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"x":1}},"b":2},"events":[{"arguments":{"__proto__":{"k":1}}}]}') as unknown;
    const clean = dropPrototypeKeys(parsed) as Record<string, unknown>;
    expect(Object.keys(clean)).toEqual(["a", "events"]);
    expect(clean.a).toEqual({ b: 2 });
    expect(Object.keys((((clean.events as unknown[])[0] as Record<string, unknown>).arguments) as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
  });
});
