import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted, scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { rescoreExport } from "../../src/evaluation/rescore.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { FV_A, fixture, loadFixtures } from "../support.ts";

const NOW = "2026-11-30T00:00:00.000Z";
const FINAL = JSON.stringify({ decision: "final", outcome: "answered", claims: [{ kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" }], evidence_ids: ["ev-1"], policy_code: null, message: "Scenario A grows to ₹3,345,563.94." });
const TOOL = JSON.stringify({ decision: "tool", tool: "future_value", arguments: FV_A });

/** An export as parsed, as an import holds it. */
const parsed = async (run: Parameters<typeof exportRun>[0]): Promise<ScoredRunExport> =>
  JSON.parse(JSON.stringify(await exportRun(run, fixture(run.fixture), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW }))) as ScoredRunExport;

describe("re-scoring an export by replaying it", () => {
  it("compares the replay with the events it is given: the file's own when none are, none when they could not be hashed", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reference", { includeDiagnostics: true });
    if (!run) throw new Error("no reference run");
    const file = await parsed(run);
    const fx = fixture("fv-scenario-a");
    expect((await rescoreExport(file, fx)).eventsMatch).toBe(true);
    expect((await rescoreExport(file, fx, file.events)).eventsMatch).toBe(true);
    expect((await rescoreExport(file, fx, null)).eventsMatch).toBe(false);
    // The recorded events, not the file's validated ones, are what the replay must match.
    expect((await rescoreExport(file, fx, file.events.slice(0, -1))).eventsMatch).toBe(false);
    expect((await rescoreExport(file, fx, [...file.events, file.events.at(-1)])).eventsMatch).toBe(false);
    expect((await rescoreExport(file, fx, file.events.map((e, i) => (i === 1 ? { ...e, at_ms: e.at_ms + 1 } : e)))).eventsMatch).toBe(false);
  });

  it("carries the replay's diagnostics, which the workbench shows beside the verdicts", async () => {
    // The store is down: the runtime's diagnostic says why, in its own words.
    const run = await evaluateScripted(fixture("portfolio-unavailable"), "reference", { includeDiagnostics: true });
    if (!run) throw new Error("no reference run");
    expect(run.diagnostics?.length).toBeGreaterThan(0);
    const again = await rescoreExport(await parsed(run), fixture("portfolio-unavailable"));
    expect(again.run.diagnostics).toEqual(run.diagnostics);
  });

  it("re-scores a file with no events at all without failing: nothing was replayed, so nothing matches", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reference", { includeDiagnostics: true });
    if (!run) throw new Error("no reference run");
    const file = { ...(await parsed(run)), events: [] };
    const again = await rescoreExport(file, fixture("fv-scenario-a"), []);
    expect(again.eventsMatch).toBe(false);
    expect(again.differences.length).toBeGreaterThan(0);
  });

  it("replays a run recorded with the lenient fence with it: its fenced final answer still reads", async () => {
    const trace = CollectedTrace.parse({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", settings: { repair: false, lenient_fence: true } }, responses: [{ text: TOOL, latency_ms: 10 }, { text: "```json\n" + FINAL + "\n```", latency_ms: 10 }] });
    const scored = await scoreCollectedTrace(trace, loadFixtures(), {});
    if (!scored.ok) throw new Error(scored.message);
    expect(scored.run.outcome).toBe("answered");
    const file = await parsed(scored.run);
    const again = await rescoreExport(file, fixture("fv-scenario-a"), file.events);
    expect(again.run.outcome).toBe("answered");
    expect(again).toMatchObject({ eventsMatch: true, differences: [] });
  });
});
