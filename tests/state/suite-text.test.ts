import { describe, expect, it } from "vitest";
import { sealSuite } from "../../src/integrity/export.ts";
import { suiteTextParts } from "../../src/state/suite/suite-text.ts";
import { makeStore } from "./test-deps.ts";

describe("a suite's text, written run by run in parts", () => {
  it("is JSON.stringify(file, null, 2) and a newline, byte for byte, with a pause between slices", async () => {
    const store = makeStore();
    await store.getState().runSuite(null);
    const one = JSON.parse((await store.getState().exportSuite({ includeDiagnostics: false }))!.parts.join(""));
    // More runs than one slice holds, and a "$&" in a value, which a string replacement would expand.
    const runs = Array.from({ length: 450 }, (_, i) => one.runs[i % one.runs.length]);
    runs[7] = { ...runs[7], candidate: { ...runs[7].candidate, name: "costs $& and $1" } };
    const file = { ...one, runs };
    let pauses = 0;
    const parts = await suiteTextParts(file, async () => void (pauses += 1));
    const text = parts.join("");
    expect(text).toBe(`${JSON.stringify(file, null, 2)}\n`);
    expect(pauses).toBe(2);
    // In parts: the text before the runs, one per run, the text after them; never joined on the way to a download.
    expect(parts).toHaveLength(runs.length + 2);
    const empty = await sealSuite([], { sha256: async () => "0".repeat(64), nowIso: "2026-11-30T00:00:00.000Z" });
    expect((await suiteTextParts(empty, async () => {})).join("")).toBe(`${JSON.stringify(empty, null, 2)}\n`);
  });
});
