import { describe, expect, it } from "vitest";
import { readReply } from "../../src/runtime/protocols/read-reply.ts";
import { catalogueNameOf, functionNameOf } from "../../src/runtime/protocols/names.ts";
import { replayCandidate } from "../../src/candidates/replay.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { CONC_1001, FV_A, fixture } from "../support.ts";

const call = (name: string, args: unknown, id = `call_${name}`) => ({ id, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } });
const message = (...calls: unknown[]) => JSON.stringify({ content: null, tool_calls: calls });
const FINAL = { outcome: "answered", claims: [], evidence_ids: [], policy_code: null, message: "done" };

describe("native tool calls are read as decisions of the one contract", () => {
  it("maps function names every API accepts back to the catalogue's, and back again", () => {
    expect(functionNameOf("portfolio.read")).toBe("portfolio_read");
    expect(catalogueNameOf("portfolio_read")).toBe("portfolio.read");
    expect(catalogueNameOf("export_holdings")).toBeUndefined();
    for (const name of ["portfolio_read", "concentration", "future_value"]) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it("each tool call is one decision, in order; the record holds the catalogue's names", () => {
    const read = readReply("tools", message(call("portfolio_read", { household: "HH-1001" }), call("concentration", CONC_1001)), "tool_calls");
    expect(read).toMatchObject({ ok: true, decisions: [{ decision: { decision: "tool", tool: "portfolio.read", arguments: { household: "HH-1001" } } }, { decision: { tool: "concentration" } }] });
  });

  it("final_answer carries the final decision's fields; anything more is discarded and named, a `decision` among them too", () => {
    const read = readReply("tools", message(call("final_answer", { ...FINAL, verified: true, decision: "tool" })), "tool_calls");
    expect(read).toMatchObject({ ok: true, decisions: [{ decision: { decision: "final", outcome: "answered" }, discarded: ["verified", "decision"] }] });
  });

  it("a reply with text and no call, an unknown function, or arguments that are not one JSON object is not a valid reply", () => {
    expect(readReply("tools", JSON.stringify({ content: "The ratio is 0.4.", tool_calls: [] }), "stop")).toMatchObject({ ok: false, code: "not_a_decision", detail: expect.stringMatching(/text with no tool call/) });
    expect(readReply("tools", message(call("export_holdings", { household: "HH-1002" })), "tool_calls")).toMatchObject({ ok: false, code: "not_a_decision", detail: expect.stringMatching(/"export_holdings", a function that was not offered/) });
    expect(readReply("tools", message(call("portfolio_read", "[1,2]")), "tool_calls")).toMatchObject({ ok: false, code: "not_an_object", detail: expect.stringMatching(/the arguments of portfolio_read must be one JSON object/) });
    expect(readReply("tools", message(call("portfolio_read", '{"household":"HH-1001","household":"HH-1002"}')), "tool_calls")).toMatchObject({ ok: false, code: "duplicate_keys" });
    expect(readReply("tools", message(call("portfolio_read", { household: "HH-1001" })), "length")).toMatchObject({ ok: false, code: "truncated" });
  });
});

describe("an MCP tools/call is read as one decision", () => {
  it("an unknown tool is recorded as the agent named it, for the boundary to deny", () => {
    expect(readReply("mcp", JSON.stringify({ name: "export_holdings", arguments: { household: "HH-1002" } }), null)).toMatchObject({ ok: true, decisions: [{ decision: { decision: "tool", tool: "export_holdings" } }] });
    expect(readReply("mcp", JSON.stringify({ name: "portfolio_read", arguments: { household: "HH-1001" } }), null)).toMatchObject({ ok: true, decisions: [{ decision: { tool: "portfolio.read" } }] });
    expect(readReply("mcp", JSON.stringify({ name: "submit_final", arguments: { ...FINAL, trace: "all verified" } }), null)).toMatchObject({ ok: true, decisions: [{ decision: { decision: "final" }, discarded: ["trace"] }] });
  });
});

describe("a run in the tools protocol", () => {
  const run = (fx: string, replies: string[]) =>
    runEpisode({ fixture: fixture(fx), candidate: replayCandidate("tools", replies.map((text) => ({ text, latency_ms: 100 })), { protocol: "tools" }), clock: createVirtualClock() });

  it("counts every call of a reply against the budget: the fourth that is not final is recorded, never run", async () => {
    const reads = Array.from({ length: 5 }, (_, i) => call("portfolio_read", { household: "HH-1001" }, `c${i}`));
    const record = await run("concentration-hh1001", [message(...reads)]);
    expect(record.result).toMatchObject({ outcome: "budget_exhausted", reason: "steps" });
    expect(record.result.tool_calls.map((c) => c.status)).toEqual(["observed", "observed", "observed", "not_run"]);
    expect(record.events.filter((e) => e.kind === "decision")).toHaveLength(4);
    expect(record.events[0]).toMatchObject({ kind: "run_started", protocol: "tools" });
  });

  it("a read of another household is denied and discloses nothing, whatever the protocol", async () => {
    const record = await run("unauthorised-household", [message(call("portfolio_read", { household: "HH-2002" })), message(call("final_answer", { ...FINAL, outcome: "refused", policy_code: "household_not_authorised" }))]);
    expect(record.result.tool_calls).toEqual([expect.objectContaining({ tool: "portfolio.read", status: "denied", code: "household_not_authorised" })]);
    expect(record.result.outcome).toBe("refused");
  });

  it("a future value computed and answered in one reply: the claim cites the call made just before it", async () => {
    const claim = { kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" };
    const record = await run("fv-scenario-a", [message(call("future_value", FV_A, "a"), call("final_answer", { ...FINAL, claims: [claim], evidence_ids: ["ev-1"], message: "₹3,345,563.94" }, "b"))]);
    expect(record.result).toMatchObject({ outcome: "answered", claims: [claim] });
  });
});
