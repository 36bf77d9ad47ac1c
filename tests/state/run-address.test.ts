import { describe, expect, it } from "vitest";
import { runAddress, type AddressedState } from "../../src/state/links/run-address.ts";
import type { LoadedRun } from "../../src/state/run/run-slice.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const fx = fixtures[0]!;
const scripted = Object.keys(fx.candidates)[0]!;

const run = (patch: Partial<LoadedRun>): LoadedRun =>
  ({ key: 1, fixtureId: fx.id, candidate: scripted, kind: "scripted", status: "done", budget: {}, events: [], scored: null, imported: null, ...patch }) as LoadedRun;
const state = (patch: Partial<AddressedState>): AddressedState => ({ run: null, cursor: 4, fixtureId: fx.id, candidate: scripted, fixtures, runOrigins: new Map(), ...patch });

describe("the address names exactly the run shown", () => {
  it("names a scripted replay by fixture and candidate, with the cursor", () => {
    expect(runAddress(state({ run: run({}) }))).toEqual({ kind: "replay", fixture: fx.id, candidate: scripted, cursor: 4 });
  });

  it("names the picker's choice, without a cursor, when no run or another scripted run is shown", () => {
    expect(runAddress(state({}))).toEqual({ kind: "replay", fixture: fx.id, candidate: scripted });
    expect(runAddress(state({ run: run({ fixtureId: fixtures[1]!.id }) }))).toEqual({ kind: "replay", fixture: fx.id, candidate: scripted });
  });

  it("never names a model's trial by the scripted candidate the picker fell back to: its link, or nothing until it has one", () => {
    const trial = run({ kind: "http", candidate: "simulated:reference" });
    expect(runAddress(state({ run: trial, candidate: "reference" }))).toEqual({ kind: "none" });
    expect(runAddress(state({ run: trial, candidate: "reference", runOrigins: new Map([[1, { linkId: "run-ab" }]]) }))).toEqual({ kind: "link", linkId: "run-ab", cursor: 4 });
  });

  it("names an import, an MCP session, an attack-matrix cell and a stopped run only by a link", () => {
    for (const shown of [run({ kind: "imported" }), run({ kind: "mcp" }), run({ fixtureId: "mx-holdings-hh1001-x-doc-adviser-hh1002", candidate: "reference" }), run({ stoppedByUser: true })]) {
      expect(runAddress(state({ run: shown }))).toEqual({ kind: "none" });
    }
  });

  it("keeps naming the link a run was opened from", () => {
    expect(runAddress(state({ run: run({}), runOrigins: new Map([[1, { source: "link", linkId: "run-cd" }]]) }))).toEqual({ kind: "link", linkId: "run-cd", cursor: 4 });
  });
});
