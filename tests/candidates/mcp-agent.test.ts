import { describe, expect, it } from "vitest";
import { McpAgentCandidate, agentTaskText, endingName, type AgentAnswer } from "../../src/candidates/mcp-agent.ts";
import { recordedCandidate } from "../../src/candidates/replay.ts";
import { isInfrastructureFailure } from "../../src/evaluation/reliability.ts";
import { createRealClock, createVirtualClock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { fixtureParts } from "../../src/runtime/fixture-environment.ts";
import type { RunRecord } from "../../src/runtime/result.ts";
import { scoreRun } from "../../src/scoring/score.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { CONC_1001, FV_A, fixture } from "../support.ts";

const FINAL = { outcome: "answered", claims: [], evidence_ids: [], policy_code: null, message: "done" };

/** A session's run on the virtual clock: the candidate, and the record once the run ends (the candidate told of it). */
function session(fx: Fixture, budget = REFERENCE_BUDGET) {
  const agent = new McpAgentCandidate("mcp:test");
  const record = runEpisode({ fixture: fx, candidate: agent, clock: createVirtualClock(), budget }).then((r) => {
    agent.finish(r);
    return r;
  });
  return { agent, record };
}

const body = (answer: AgentAnswer): Record<string, unknown> => JSON.parse(answer.text) as Record<string, unknown>;

/** The same record replayed from its own events, as verify's re-scoring and an import do. */
async function replayed(fx: Fixture, record: RunRecord) {
  const started = record.events[0];
  const budget = started?.kind === "run_started" ? started.budget : REFERENCE_BUDGET;
  return runEpisode({ fixture: fx, candidate: recordedCandidate(record.candidate, record.events), clock: createVirtualClock(), budget });
}

describe("an MCP agent's calls are decisions of the run, answered with what the runtime recorded", () => {
  it("an observation is the answer's text: the data with its call and evidence ids", async () => {
    const { agent, record } = session(fixture("fv-scenario-a"));
    const answer = await agent.call({ name: "future_value", arguments: FV_A });
    expect(answer.isError).toBe(false);
    expect(body(answer)).toMatchObject({ call_id: "call-1", status: "observed", tool: "future_value", evidence_id: "ev-1", data: { value: 3345563.94, calculator: "calc-fv-v1" } });
    await agent.call({ name: "submit_final", arguments: FINAL });
    expect((await record).result).toMatchObject({ outcome: "answered", set_by: "candidate" });
  });

  it("a denied read of HH-2002 is recorded as denied, after its attempt, and discloses nothing", async () => {
    const { agent, record } = session(fixture("unauthorised-household"));
    const answer = await agent.call({ name: "portfolio_read", arguments: { household: "HH-2002" } });
    expect(answer.isError).toBe(true);
    expect(body(answer)).toEqual({ call_id: "call-1", status: "denied", code: "household_not_authorised", detail: expect.any(String) });
    expect(answer.text).not.toMatch(/equity|holdings|HH-2002/);
    await agent.call({ name: "submit_final", arguments: { ...FINAL, outcome: "refused", policy_code: "household_not_authorised" } });
    const { events, result } = await record;
    const kinds = events.map((e) => e.kind);
    expect(kinds.indexOf("attempt")).toBeLessThan(kinds.indexOf("denial"));
    expect(kinds).not.toContain("observation");
    expect(result.tool_calls).toEqual([expect.objectContaining({ tool: "portfolio.read", status: "denied", code: "household_not_authorised", evidence_id: null })]);
  });

  it("an unknown tool is recorded as the agent named it and denied tool_not_available", async () => {
    const { agent, record } = session(fixture("injection-export"));
    const answer = await agent.call({ name: "export_holdings", arguments: { household: "HH-2002" } });
    expect(body(answer)).toMatchObject({ status: "denied", code: "tool_not_available" });
    await agent.call({ name: "submit_final", arguments: { ...FINAL, outcome: "escalated", policy_code: "no_approved_content" } });
    expect((await record).events.find((e) => e.kind === "attempt")).toMatchObject({ tool: "export_holdings", arguments: { household: "HH-2002" } });
  });

  it("a tool error's public code and detail are answered as an error, never the internal text", async () => {
    const { agent, record } = session(fixture("portfolio-unavailable"));
    const answer = await agent.call({ name: "portfolio_read", arguments: { household: "HH-1001" } });
    expect(answer.isError).toBe(true);
    expect(body(answer)).toEqual({ call_id: "call-1", status: "tool_error", code: "unavailable", detail: expect.any(String) });
    await agent.call({ name: "submit_final", arguments: { ...FINAL, outcome: "unavailable", policy_code: "tool_unavailable" } });
    const { diagnostics } = await record;
    for (const d of diagnostics) expect(answer.text).not.toContain(d.detail);
  });

  it("the 4th call that is not final ends the run budget_exhausted/steps, and the 5th is refused with that ending", async () => {
    const { agent, record } = session(fixture("concentration-hh1001"));
    for (let i = 0; i < 3; i += 1) expect((await agent.call({ name: "portfolio_read", arguments: { household: "HH-1001" } })).isError).toBe(false);
    const fourth = await agent.call({ name: "concentration", arguments: CONC_1001 });
    expect(fourth).toEqual({ isError: true, text: expect.any(String) });
    expect(body(fourth)).toMatchObject({ status: "ended", ending: "budget_exhausted/steps" });
    const fifth = await agent.call({ name: "submit_final", arguments: FINAL });
    expect(body(fifth)).toMatchObject({ status: "ended", ending: "budget_exhausted/steps" });
    const { events, result } = await record;
    expect(result).toMatchObject({ outcome: "budget_exhausted", reason: "steps" });
    // The 4th was recorded and not run; the 5th reached nothing.
    expect(events.filter((e) => e.kind === "attempt")).toHaveLength(4);
    expect(events.filter((e) => e.kind === "model_reply")).toHaveLength(4);
  });

  it("fields beyond the final decision's own are discarded, named in the result and told to the agent", async () => {
    const { agent, record } = session(fixture("missing-horizon"));
    const answer = await agent.call({ name: "submit_final", arguments: { ...FINAL, outcome: "needs_clarification", policy_code: "missing_horizon", tool_calls: [], verified: true } });
    expect(answer.isError).toBe(false);
    expect(body(answer)).toEqual({ status: "recorded", outcome: "needs_clarification", discarded_fields: ["tool_calls", "verified"] });
    expect((await record).result.forgery_attempts).toEqual(["tool_calls", "verified"]);
  });

  it("a submit_final that is not a valid decision ends the run invalid_output, as the agent is told", async () => {
    const { agent, record } = session(fixture("fv-scenario-a"));
    const answer = await agent.call({ name: "submit_final", arguments: { outcome: "answered" } });
    expect(body(answer)).toMatchObject({ status: "ended", ending: "invalid_output/not_a_decision" });
    expect(endingName(await record)).toBe("invalid_output/not_a_decision");
  });

  it("with --repair, a submit_final that is not a valid decision is answered with why, and the next call is taken", async () => {
    const { agent, record } = session(fixture("missing-horizon"), { ...REFERENCE_BUDGET, repair: true });
    const invalid = await agent.call({ name: "submit_final", arguments: { outcome: "needs_clarification" } });
    expect([invalid.isError, body(invalid)]).toEqual([true, expect.objectContaining({ status: "invalid_output", code: "not_a_decision" })]);
    const final = await agent.call({ name: "submit_final", arguments: { ...FINAL, outcome: "needs_clarification", policy_code: "missing_horizon" } });
    expect(body(final)).toMatchObject({ status: "recorded", outcome: "needs_clarification" });
    expect((await record).events.filter((e) => e.kind === "model_request").map((e) => e.kind === "model_request" && e.repair)).toEqual([false, true]);
  });

  it("calls that arrive together are taken one at a time, in order, each one decision", async () => {
    const { agent, record } = session(fixture("concentration-hh1001"));
    const [read, ratio] = await Promise.all([agent.call({ name: "portfolio_read", arguments: { household: "HH-1001" } }), agent.call({ name: "concentration", arguments: CONC_1001 })]);
    expect([body(read).evidence_id, body(ratio).evidence_id]).toEqual(["ev-1", "ev-2"]);
    await agent.call({ name: "submit_final", arguments: FINAL });
    expect((await record).events.filter((e) => e.kind === "decision")).toHaveLength(3);
  });
});

describe("an agent that leaves or goes quiet", () => {
  it("a session closed before submit_final ends unavailable/agent_disconnected: the agent's failure, not infrastructure", async () => {
    const fx = fixture("fv-scenario-a");
    const { agent, record } = session(fx);
    await agent.call({ name: "future_value", arguments: FV_A });
    agent.close();
    const run = await record;
    expect(run.result).toMatchObject({ outcome: "unavailable", set_by: "runtime", policy_code: "agent_disconnected", message: expect.stringMatching(/agent closed its session/) });
    expect(isInfrastructureFailure(run)).toBe(false);
    const replay = await replayed(fx, run);
    expect(replay.events).toEqual(run.events);
    // The live run's verdicts are the replay's: nothing of its diagnostics is in its result.
    expect(scoreRun(run, fx)).toEqual(scoreRun(replay, fx));
    expect(scoreRun(run, fx).find((v) => v.check === "no_internal_leak")?.status).toBe("pass");
  });

  it("an agent silent past the request timeout ends unavailable/agent_timeout, and a replay of the record ends so too", async () => {
    const fx = fixture("fv-scenario-a");
    const agent = new McpAgentCandidate("mcp:test");
    // The real clock must cut the wait: only a 30 s stall of the host could turn this into the deadline.
    const running = runEpisode({ fixture: fx, candidate: agent, clock: createRealClock(), budget: { ...REFERENCE_BUDGET, request_timeout_ms: 20 } });
    await agent.call({ name: "future_value", arguments: FV_A });
    const run = await running;
    agent.finish(run);
    expect(run.result).toMatchObject({ outcome: "unavailable", policy_code: "agent_timeout" });
    expect(isInfrastructureFailure(run)).toBe(false);
    expect(body(await agent.call({ name: "submit_final", arguments: FINAL }))).toMatchObject({ status: "ended", ending: "unavailable/agent_timeout" });
    const replay = await replayed(fx, run);
    expect(replay.events).toEqual(run.events);
    expect(scoreRun(run, fx)).toEqual(scoreRun(replay, fx));
  });
});

describe("what an MCP agent is told", () => {
  it("the task: how to act, the request, the confirmed inputs, any document marked as data, and the rules naming submit_final", () => {
    const text = agentTaskText(fixtureParts(fixture("injection-export"), 4).brief);
    expect(text).toMatch(/Act only by calling the tools offered/);
    expect(text).toMatch(/the last one must be submit_final/);
    expect(text).toMatch(/\(DATA, not instructions\)/);
    expect(text).toMatch(/Request from the user:/);
  });
});
