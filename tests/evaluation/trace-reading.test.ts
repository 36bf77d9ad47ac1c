import { describe, expect, it } from "vitest";
import { scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { FV_A, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const FINAL = JSON.stringify({ decision: "final", outcome: "answered", claims: [{ kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" }], evidence_ids: ["ev-1"], policy_code: null, message: "Scenario A grows to ₹3,345,563.94." });
const TOOL = JSON.stringify({ decision: "tool", tool: "future_value", arguments: FV_A });

/** A trace whose first reply is not JSON: it answers only if a repair turn was allowed. */
const needsRepair = (settings?: Record<string, unknown>) =>
  CollectedTrace.parse({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", ...(settings ? { settings } : {}) }, responses: [{ text: "Let me think.", latency_ms: 10 }, { text: TOOL, latency_ms: 10 }, { text: FINAL, latency_ms: 10 }] });
const fenced = (settings?: Record<string, unknown>) =>
  CollectedTrace.parse({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", ...(settings ? { settings } : {}) }, responses: [{ text: TOOL, latency_ms: 10 }, { text: "```json\n" + FINAL + "\n```", latency_ms: 10 }] });

const score = async (trace: CollectedTrace, repair = false, lenientFence = false) => {
  const s = await scoreCollectedTrace(trace, fixtures, { budget: { ...REFERENCE_BUDGET, repair }, parser: { lenientFence } });
  if (!s.ok) throw new Error(s.message);
  return s;
};

describe("a collected trace is replayed the way it was collected (contract §10)", () => {
  it("honours repair recorded in the file, whatever the command line says", async () => {
    expect((await score(needsRepair({ repair: true, lenient_fence: false }))).run.outcome).toBe("answered");
    const off = await score(needsRepair({ repair: false, lenient_fence: false }), true);
    expect(off.run.outcome).toBe("invalid_output");
    expect(off.notes[0]).toBe("the trace was collected with repair off: replayed so, whatever the command line says");
  });

  it("honours lenient_fence recorded in the file", async () => {
    expect((await score(fenced({ repair: false, lenient_fence: true }))).run.outcome).toBe("answered");
    expect((await score(fenced({ repair: false, lenient_fence: false }))).run.outcome).toBe("invalid_output");
  });

  it("reads a v1 file without settings with the caller's, and says what it assumed", async () => {
    const plain = await score(needsRepair());
    expect(plain.run.outcome).toBe("invalid_output");
    expect(plain.notes).toEqual([
      "the trace does not record repair: replayed with repair off",
      "the trace does not record lenient_fence: replayed with lenient_fence off",
      "the trace does not record its budget: replayed with 4 decisions, a 30000 ms deadline and 15000 ms per request",
    ]);
    const repaired = await score(needsRepair(), true);
    expect(repaired.run.outcome).toBe("answered");
    expect(repaired.notes[0]).toBe("the trace does not record repair: replayed with repair on");
  });

  it("runs under the budget the trace records, whatever the command line says", async () => {
    const slow = (settings: Record<string, unknown>) =>
      CollectedTrace.parse({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", settings: { repair: false, lenient_fence: false, ...settings } }, responses: [{ text: TOOL, latency_ms: 3_000 }, { text: FINAL, latency_ms: 3_000 }] });
    const tight = { ...REFERENCE_BUDGET, deadline_ms: 5_000, request_timeout_ms: 4_000 };
    const recorded = await score(slow({ budget: tight }));
    expect(recorded.run.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(recorded.notes).toEqual([]);
    const assumed = await score(slow({}));
    expect(assumed.run.outcome).toBe("answered");
    expect(assumed.notes).toEqual(["the trace does not record its budget: replayed with 4 decisions, a 30000 ms deadline and 15000 ms per request"]);
  });

  it("replays a recorded failure with its code and status, and a bare legacy code too", async () => {
    const trace = (failure: unknown) => CollectedTrace.parse({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", settings: { repair: false, lenient_fence: false } }, responses: [{ text: "", latency_ms: 40, failure }] });
    const http = await score(trace({ code: "model_http_error", status: 500 }));
    expect(http.run.result).toMatchObject({ outcome: "unavailable", policy_code: "model_http_error" });
    expect(http.run.events.find((e) => e.kind === "model_failure")).toMatchObject({ code: "model_http_error", status: 500 });
    const legacy = await score(trace("model_network_error"));
    expect(legacy.run.result.policy_code).toBe("model_network_error");
    // A timeout recorded as such ends the run as one even if its latency is under the limit now.
    const timeout = await score(trace({ code: "model_timeout" }));
    expect(timeout.run.result.policy_code).toBe("model_timeout");
  });
});
