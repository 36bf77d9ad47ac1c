import { describe, expect, it } from "vitest";
import type { ImportSource } from "../../src/evaluation/import/types.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../../src/integrity/jsonl-suite.ts";
import { fixture } from "../support.ts";
import { makeStore, testDeps } from "./test-deps.ts";

/** A sealed JSONL suite of `n` runs, as `eval --format jsonl` writes it. */
async function jsonlSuite(n: number): Promise<Uint8Array> {
  const { sha256Hex, nowIso } = testDeps();
  const lines: string[] = [];
  const writer = new JsonlSuiteWriter(jsonlHeader(nowIso()), (l) => lines.push(l), sha256Hex);
  const run = await evaluateScripted(fixture("fv-scenario-a"), "reference");
  if (!run) throw new Error("no run");
  for (let trial = 1; trial <= n; trial++) writer.add(await exportRun({ ...run, trial }, fixture("fv-scenario-a"), "scripted", { includeDiagnostics: false, sha256: sha256Hex, nowIso: nowIso() }));
  await writer.end();
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** The file one line at a time, each after a turn of the event loop, as a slow disk would give it. */
function slowly(bytes: Uint8Array): ImportSource & { read: () => number } {
  let read = 0;
  return {
    size: bytes.length,
    read: () => read,
    async *chunks() {
      for (let at = 0; at < bytes.length; ) {
        const end = bytes.indexOf(0x0a, at) + 1 || bytes.length;
        await new Promise((resolve) => setTimeout(resolve, 1));
        read = end;
        yield bytes.subarray(at, end);
        at = end;
      }
    },
  };
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error("never happened");
};

describe("an import under way", () => {
  it("shows its progress, runs done and bytes read, and clears it when done", async () => {
    const store = makeStore();
    const bytes = await jsonlSuite(40);
    const seen: number[] = [];
    const unsubscribe = store.subscribe((s) => {
      const done = s.importing?.progress?.runsDone;
      if (done !== undefined && seen.at(-1) !== done) seen.push(done);
    });
    expect(await store.getState().importFile("suite.jsonl", slowly(bytes))).toBe(true);
    unsubscribe();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(store.getState().importing).toBeNull();
    expect(store.getState().suite.runs).toHaveLength(40);
    expect(store.getState().notice?.text).toMatch(/^suite\.jsonl: verified; sealed, unsigned; 40 run\(s\) imported and re-scored/);
  });

  it("Cancel stops it and leaves the workspace exactly as it was", async () => {
    const store = makeStore();
    store.getState().selectFixture("concentration-hh1001", "reference");
    await store.getState().startRun();
    await store.getState().runSuite("fv-scenario-a");
    store.getState().setCursor(2);
    const before = store.getState();
    const source = slowly(await jsonlSuite(40));
    const importing = store.getState().importFile("suite.jsonl", source);
    expect(store.getState().importing?.fileName).toBe("suite.jsonl");
    await until(() => source.read() > 0);
    store.getState().cancelImport();
    expect(await importing).toBe(false);
    const after = store.getState();
    expect(after.importing).toBeNull();
    expect(after.notice).toEqual({ kind: "info", text: "Import cancelled — suite.jsonl: nothing was loaded; the workspace is as it was" });
    expect(after.run).toBe(before.run);
    expect(after.suite).toBe(before.suite);
    expect(after.cursor).toBe(2);
    expect([after.fixtureId, after.candidate, after.view]).toEqual([before.fixtureId, before.candidate, before.view]);
    expect(source.read()).toBeLessThan(source.size);
  });

  it("a second import cancels the first, and only the second is loaded", async () => {
    const store = makeStore();
    const first = store.getState().importFile("first.jsonl", slowly(await jsonlSuite(30)));
    const second = store.getState().importFile("second.jsonl", slowly(await jsonlSuite(3)));
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(store.getState().suite.runs).toHaveLength(3);
    expect(store.getState().notice?.text).toMatch(/^second\.jsonl: verified; sealed, unsigned; 3 run\(s\)/);
  });
});
