import { describe, expect, it } from "vitest";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../../src/integrity/jsonl-suite.ts";
import { fixture } from "../support.ts";
import { makeStore, testDeps } from "./test-deps.ts";

/** What `eval --format jsonl --trials 2` writes for two fixtures. */
async function jsonlSuite(): Promise<string> {
  const { sha256Hex, nowIso } = testDeps();
  const lines: string[] = [];
  const plan = { fixtures: ["fv-scenario-a", "unauthorised-household"], candidates: ["reference"], trials: 2, shard: { index: 1, count: 1 } };
  const writer = new JsonlSuiteWriter(jsonlHeader(nowIso(), plan), (l) => lines.push(l), sha256Hex);
  for (const id of plan.fixtures) {
    for (const trial of [1, 2]) {
      const run = await evaluateScripted(fixture(id), "reference");
      if (run) writer.add(await exportRun({ ...run, trial }, fixture(id), "scripted", { includeDiagnostics: false, sha256: sha256Hex, nowIso: nowIso() }));
    }
  }
  await writer.end();
  return `${lines.join("\n")}\n`;
}

describe("the workbench imports JSONL as npm run verify and merge read it", () => {
  it("imports a JSONL suite: verified, every line re-scored", async () => {
    const store = makeStore();
    expect(await store.getState().importText("suite.jsonl", await jsonlSuite())).toBe(true);
    expect(store.getState().notice?.text).toMatch(/^suite\.jsonl: verified; sealed, unsigned; 4 run\(s\) imported and re-scored; all verdicts match the file$/);
  });

  it("imports a JSONL suite cut short, saying it is not sealed", async () => {
    const store = makeStore();
    const cut = (await jsonlSuite()).trim().split("\n").slice(0, 3).join("\n");
    expect(await store.getState().importText("cut.jsonl", cut)).toBe(true);
    expect(store.getState().notice?.text).toContain("NOT VERIFIED — not sealed: the file ends without its closing line");
  });

  it("refuses a JSONL suite with an edited line, leaving the workspace as it was", async () => {
    const store = makeStore();
    const before = store.getState().suite;
    const edited = (await jsonlSuite()).replace('"passed":true', '"passed":false');
    expect(await store.getState().importText("edited.jsonl", edited)).toBe(false);
    expect(store.getState().notice?.text).toMatch(/^Import failed — edited\.jsonl: rejected, not verified/);
    expect(store.getState().suite).toBe(before);
  });
});

describe("an imported suite keeps which trial each run was", () => {
  it("carries trial through re-scoring, so pass^k can be drawn again", async () => {
    const store = makeStore();
    expect(await store.getState().importText("suite.jsonl", await jsonlSuite())).toBe(true);
    expect(store.getState().suite?.runs.map((r) => r.trial)).toEqual([1, 2, 1, 2]);
  });
});
