import { describe, expect, it } from "vitest";
import { replayCandidate } from "../../src/candidates/replay.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { Outcome } from "../../src/schemas/outcome.ts";
import { RunEvent } from "../../src/schemas/event.ts";
import type { Candidate } from "../../src/runtime/candidate.ts";
import { createVirtualClock } from "../../src/runtime/clock.ts";
import { isDeeplyFrozen } from "../../src/runtime/freeze.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import { streamEpisode } from "../../src/runtime/stream.ts";
import { FV_A, final, fixture, runReplies, tool } from "../support.ts";

const fv = fixture("fv-scenario-a");
const fvFinal = (ev: string, extra: Record<string, unknown> = {}) =>
  final("answered", {
    claims: [{ kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: ev }],
    evidence_ids: [ev],
    ...extra,
  });

describe("the decision loop", () => {
  it("answers through a tool and records every step as typed events", async () => {
    const run = await runReplies(fv, [tool("future_value", FV_A), fvFinal("ev-1")]);
    expect(run.result.outcome).toBe("answered");
    expect(run.events.map((e) => e.kind)).toEqual([
      "run_started", "model_request", "model_reply", "decision", "attempt", "observation",
      "model_request", "model_reply", "decision", "final", "run_finished",
    ]);
    for (const e of run.events) expect(RunEvent.safeParse(e).success).toBe(true);
    const observation = run.events.find((e) => e.kind === "observation");
    expect(observation).toMatchObject({ call_id: "call-1", evidence_id: "ev-1", step: 1, data: { value: 3345563.94 } });
  });

  it("runs a replay on the virtual clock whole inside the call, never yielding, and a candidate that makes it wait the same", async () => {
    const replies = [JSON.stringify(tool("future_value", FV_A)), JSON.stringify(fvFinal("ev-1"))];
    const kinds = (events: readonly RunEvent[]) => events.map((e) => e.kind);
    const seenNow: RunEvent[] = [];
    const replayed = runEpisode({ fixture: fv, candidate: replayCandidate("now", replies.map((text) => ({ text, latency_ms: 10 }))), clock: createVirtualClock(), onEvent: (e) => seenNow.push(e) });
    // Every reply was at hand and every tool ran at once: the whole run, to its last event, was taken inside the call.
    expect(seenNow.at(-1)?.kind).toBe("run_finished");
    let given = 0;
    const waiting: Candidate = {
      name: "later",
      next: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { value: { ok: true, text: replies[given++] ?? "", finishReason: "stop", usage: null }, durationMs: 10 };
      },
    };
    const seenLater: RunEvent[] = [];
    const waited = runEpisode({ fixture: fv, candidate: waiting, clock: createVirtualClock(), onEvent: (e) => seenLater.push(e) });
    expect(seenLater.at(-1)?.kind).toBe("model_request");
    const [now, later] = await Promise.all([replayed, waited]);
    expect(kinds(later.events)).toEqual(kinds(now.events));
    expect(later.result).toEqual(now.result);
  });

  it("stamps every event with its sequence, step and a time that never goes backwards", async () => {
    const run = await runReplies(fv, [{ text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 700 }, { text: JSON.stringify(fvFinal("ev-1")), latency_ms: 900 }]);
    run.events.forEach((e, i) => expect(e.seq).toBe(i));
    const times = run.events.map((e) => e.at_ms);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(run.events.at(-1)?.at_ms).toBe(1600);
    expect(run.events.find((e) => e.kind === "model_reply")).toMatchObject({ latency_ms: 700, at_ms: 700, step: 1 });
  });

  it("ends budget_exhausted (steps) when the 4th decision is not final, recording it but running nothing", async () => {
    const run = await runReplies(fv, Array.from({ length: 6 }, () => tool("future_value", FV_A)));
    expect(run.result).toMatchObject({ outcome: "budget_exhausted", reason: "steps", set_by: "runtime" });
    expect(run.events.filter((e) => e.kind === "observation")).toHaveLength(3);
    expect(run.result.tool_calls.map((c) => c.status)).toEqual(["observed", "observed", "observed", "not_run"]);
    expect(run.events.at(-1)).toMatchObject({ kind: "run_finished", decisions_used: 4 });
    expect(run.unusedReplies).toBe(2);
  });

  it("ends budget_exhausted (deadline) when the time budget runs out, in microseconds of real time", async () => {
    const slow = (d: unknown) => ({ text: JSON.stringify(d), latency_ms: 11_000 });
    const started = performance.now();
    const run = await runReplies(fv, [slow(tool("future_value", FV_A)), slow(tool("future_value", FV_A)), slow(fvFinal("ev-2"))]);
    // Waited for in real time, the three 11 s latencies would take 33 s: a bound far from both, so a busy machine cannot fail it.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(run.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(run.events.at(-1)?.at_ms).toBe(30_000);
    // The third request could wait only for the 8 s that were left, not its own 15 s.
    expect(run.events.filter((e) => e.kind === "model_request").map((e) => (e as { timeout_ms: number }).timeout_ms)).toEqual([15_000, 15_000, 8_000]);
  });

  it("a reply that arrives after the deadline is not a success, even a valid final decision", async () => {
    const run = await runReplies(fv, [{ text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 14_000 }, { text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 14_000 }, { text: JSON.stringify(fvFinal("ev-2")), latency_ms: 2_500 }]);
    expect(run.result.outcome).toBe("budget_exhausted");
    expect(run.result.claims).toEqual([]);
    expect(run.events.some((e) => e.kind === "final")).toBe(false);
  });

  it("checks the deadline again after each reply: a valid final that lands late is not a success", async () => {
    // A clock whose request 'completes' but lands past the deadline, as a real clock can when the
    // event loop is late: only the check after the reply stands between it and a success.
    let t = 0;
    const lateClock = {
      now: () => t,
      async within<T>(_limit: number, op: (signal: AbortSignal) => Promise<{ value: T }>) {
        const r = await op(new AbortController().signal);
        t += 31_000;
        return { status: "done" as const, value: r.value, elapsedMs: 31_000 };
      },
    };
    const candidate = replayCandidate("late", [{ text: JSON.stringify(fvFinal("ev-1")), latency_ms: 0 }]);
    const run = await runEpisode({ fixture: fv, candidate, clock: lateClock });
    expect(run.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(run.events.some((e) => e.kind === "final" || e.kind === "decision")).toBe(false);
  });

  it("names fields forged into a tool decision too", async () => {
    const forgedTool = { ...tool("future_value", FV_A), observation: { value: 1 }, evidence_id: "ev-9", verified: true };
    const run = await runReplies(fv, [forgedTool, fvFinal("ev-1")]);
    expect(run.result.forgery_attempts).toEqual(["observation", "evidence_id", "verified"]);
    expect(run.events.find((e) => e.kind === "decision")).toMatchObject({ discarded_fields: ["observation", "evidence_id", "verified"] });
  });

  it("checks the remaining time before each request", async () => {
    const run = await runReplies(fv, [tool("future_value", FV_A), fvFinal("ev-1")], { budget: { ...REFERENCE_BUDGET, deadline_ms: 50 } });
    expect(run.result).toMatchObject({ outcome: "budget_exhausted", reason: "deadline" });
    expect(run.events.filter((e) => e.kind === "model_reply")).toHaveLength(0);
  });

  it("a request that exceeds its own timeout (not the deadline) ends unavailable, set by the runtime", async () => {
    const run = await runReplies(fv, [{ text: JSON.stringify(fvFinal("ev-1")), latency_ms: 16_000 }]);
    expect(run.result).toMatchObject({ outcome: "unavailable", set_by: "runtime", policy_code: "model_timeout" });
    expect(run.events.find((e) => e.kind === "model_failure")).toMatchObject({ code: "model_timeout", at_ms: 15_000 });
  });

  it.each([
    ["not JSON", "I think the answer is 3.3 million", "not_json"],
    ["two objects", `${JSON.stringify(final("refused"))}${JSON.stringify(final("refused"))}`, "not_json"],
    ["an array", JSON.stringify([final("refused")]), "not_an_object"],
    ["trailing text", `${JSON.stringify(final("refused"))} Hope that helps!`, "not_json"],
    ["a Markdown fence", "```json\n" + JSON.stringify(final("refused")) + "\n```", "not_json"],
    ["an unknown decision", JSON.stringify({ decision: "think", thought: "hmm" }), "not_a_decision"],
    ["a final without its fields", JSON.stringify({ decision: "final", outcome: "answered" }), "not_a_decision"],
    ["an outcome only the runtime sets", JSON.stringify(final("budget_exhausted")), "runtime_outcome"],
    ["an empty reply", "   ", "empty_reply"],
  ])("a reply with %s ends invalid_output and is recorded", async (_name, text, code) => {
    const run = await runReplies(fv, [text]);
    expect(run.result).toMatchObject({ outcome: "invalid_output", set_by: "runtime" });
    expect(run.events.find((e) => e.kind === "invalid_output")).toMatchObject({ code });
    expect(run.events.find((e) => e.kind === "model_reply")).toMatchObject({ text });
  });

  it("treats a reply cut off at the token limit as invalid, never as a decision", async () => {
    const candidate: Candidate = {
      name: "truncated",
      next: async () => ({ value: { ok: true, text: JSON.stringify(final("refused")), finishReason: "length", usage: null } }),
    };
    const run = await runEpisode({ fixture: fv, candidate, clock: createVirtualClock() });
    expect(run.events.find((e) => e.kind === "invalid_output")).toMatchObject({ code: "truncated" });
  });

  it("does no silent repair by default; the opt-in repair costs a decision from the same budget", async () => {
    const replies = ["oops", tool("future_value", FV_A), fvFinal("ev-2")];
    const strict = await runReplies(fv, replies);
    expect(strict.result.outcome).toBe("invalid_output");
    const lenient = await runReplies(fv, replies, { budget: { ...REFERENCE_BUDGET, repair: true } });
    expect(lenient.result.outcome).toBe("answered");
    expect(lenient.events.filter((e) => e.kind === "model_request").map((e) => (e as { repair: boolean }).repair)).toEqual([false, true, false]);
    expect(lenient.events.at(-1)).toMatchObject({ decisions_used: 3 });
    const twice = await runReplies(fv, ["oops", "oops again", fvFinal("ev-1")], { budget: { ...REFERENCE_BUDGET, repair: true } });
    expect(twice.result.outcome).toBe("invalid_output");
  });

  it("keeps only the public fields of the final decision: a forged tool_calls never reaches the result", async () => {
    const forged = [{ call_id: "call-9", tool: "portfolio.read", arguments: { household: "HH-2002" }, status: "observed" }];
    const run = await runReplies(fv, [tool("future_value", FV_A), fvFinal("ev-1", { tool_calls: forged, verified: true, portfolio_writes: -1 })]);
    expect(run.result.tool_calls).toHaveLength(1);
    expect(run.result.tool_calls[0]).toMatchObject({ call_id: "call-1", tool: "future_value", status: "observed" });
    expect(run.result.portfolio_writes).toBe(0);
    expect(run.result.forgery_attempts).toEqual(["tool_calls", "verified", "portfolio_writes"]);
    expect(Object.keys(run.result)).not.toContain("verified");
  });

  it("gives a tool timeout to the candidate as unavailable, and the internal text only to the diagnostics", async () => {
    const fx = fixture("portfolio-unavailable");
    const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), final("unavailable", { policy_code: "tool_unavailable" })]);
    const error = run.events.find((e) => e.kind === "tool_error");
    expect(error).toMatchObject({ code: "unavailable", call_id: "call-1" });
    expect(error?.at_ms).toBe(100 + 2_000);
    expect(run.diagnostics).toHaveLength(1);
    expect(run.diagnostics[0]?.detail).toContain("ETIMEDOUT");
    expect(run.diagnostics[0]?.detail).toContain("/srv/finbound");
    const publicText = JSON.stringify({ events: run.events, result: run.result });
    expect(publicText).not.toContain("ETIMEDOUT");
    expect(publicText).not.toContain("/srv/");
  });

  it("turns a tool's internal fault into unavailable with the exception kept in the diagnostics", async () => {
    const fx = { ...fixture("concentration-hh1001"), tool_faults: { "portfolio.read": { internal_error: "SQLITE_CORRUPT: database disk image is malformed" } } };
    const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), final("unavailable")]);
    expect(run.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "unavailable" });
    expect(run.diagnostics[0]?.detail).toMatch(/^Error: SQLITE_CORRUPT/);
    expect(JSON.stringify(run.events)).not.toContain("SQLITE");
  });

  it("ends in exactly one of the seven outcomes, with one run_finished event last", async () => {
    for (const replies of [[], ["x"], [tool("nope", {})], [final("refused")]]) {
      const run = await runReplies(fv, replies);
      expect(Outcome.options).toContain(run.result.outcome);
      expect(run.events.filter((e) => e.kind === "run_finished")).toHaveLength(1);
      expect(run.events.at(-1)?.kind).toBe("run_finished");
    }
  });

  it("ends a run unavailable (runtime_fault) when the runtime itself throws, whether the run has waited or not", async () => {
    const replies = [JSON.stringify(tool("future_value", FV_A)), JSON.stringify(fvFinal("ev-1"))];
    const broken = (waits: boolean): Candidate => {
      let given = 0;
      return {
        name: waits ? "waits" : "never-waits",
        // Called by the loop itself at each step: a throw here stands for a bug of ours.
        nextStepAt: () => {
          if (given === 1) throw new Error("a bug in the loop");
          return undefined;
        },
        next: () => {
          const value = { ok: true as const, text: replies[given++] ?? "", finishReason: "stop", usage: null };
          return waits ? new Promise((resolve) => setTimeout(() => resolve({ value, durationMs: 10 }), 1)) : { value, durationMs: 10 };
        },
      };
    };
    for (const waits of [false, true]) {
      const run = await runEpisode({ fixture: fv, candidate: broken(waits), clock: createVirtualClock() });
      expect(run.result).toMatchObject({ outcome: "unavailable", set_by: "runtime", policy_code: "runtime_fault" });
      expect(run.diagnostics).toEqual([expect.objectContaining({ source: "runtime", detail: expect.stringContaining("a bug in the loop") })]);
      expect(run.events.at(-1)).toMatchObject({ kind: "run_finished", outcome: "unavailable" });
    }
  });

  it("reports a trace that runs out of replies as unavailable (trace_exhausted)", async () => {
    const run = await runReplies(fv, [tool("future_value", FV_A)]);
    expect(run.result).toMatchObject({ outcome: "unavailable", policy_code: "trace_exhausted" });
  });

  it("can be consumed live as an async iterator, event by event", async () => {
    const live = streamEpisode({ fixture: fv, candidate: replayCandidate("ref", [{ text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 1 }, { text: JSON.stringify(fvFinal("ev-1")), latency_ms: 1 }]), clock: createVirtualClock() });
    const seen: string[] = [];
    for await (const e of live.events) seen.push(e.kind);
    const record = await live.finished;
    expect(seen).toEqual(record.events.map((e) => e.kind));
    expect(seen.at(-1)).toBe("run_finished");
  });
});

describe("what a run records, nothing can change afterwards", () => {
  const tools = (...calls: [string, unknown][]) => JSON.stringify({ content: null, tool_calls: calls.map(([name, args], i) => ({ id: `c${i}`, type: "function", function: { name, arguments: JSON.stringify(args) } })) });
  const publicFinal = { outcome: "answered", claims: fvFinal("ev-1").claims, evidence_ids: ["ev-1"], policy_code: null, message: "done" };
  const candidates: [string, string, () => Candidate][] = [
    ["a final with claims and forged fields", "answered", () => replayCandidate("json", [JSON.stringify(tool("future_value", FV_A)), JSON.stringify(fvFinal("ev-1", { verified: true, tool_calls: [] }))].map((text) => ({ text, latency_ms: 10 })))],
    ["a denied read", "refused", () => replayCandidate("denied", [JSON.stringify(tool("portfolio.read", { household: "HH-2002" })), JSON.stringify(final("refused"))].map((text) => ({ text, latency_ms: 10 })))],
    ["the step budget used up", "budget_exhausted", () => replayCandidate("steps", Array.from({ length: 4 }, () => ({ text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 10 })))],
    ["an invalid reply", "invalid_output", () => replayCandidate("invalid", [{ text: "no JSON here", latency_ms: 10 }])],
    ["the deadline passed", "budget_exhausted", () => replayCandidate("late", [tool("future_value", FV_A), tool("future_value", FV_A), final("refused")].map((reply) => ({ text: JSON.stringify(reply), latency_ms: 14_000 })))],
    ["a failed model", "unavailable", () => ({ name: "down", next: async () => ({ value: { ok: false, code: "model_http_error", detail: "503", status: 503 } }) }) as Candidate],
    ["native tool calls, a final_answer that names `decision`", "answered", () => replayCandidate("tools", [tools(["future_value", FV_A], ["final_answer", { ...publicFinal, decision: "tool", verified: true }])].map((text) => ({ text, latency_ms: 10 })), { protocol: "tools" })],
    ["an MCP agent's calls", "answered", () => replayCandidate("mcp", [JSON.stringify({ name: "future_value", arguments: FV_A }), JSON.stringify({ name: "submit_final", arguments: { ...publicFinal, trace: "verified" } })].map((text) => ({ text, latency_ms: 10 })), { protocol: "mcp" })],
  ];

  it.each(candidates)("every event, the result and each turn's transcript are deeply frozen: %s (%s)", async (_, outcome, make) => {
    const inner = make();
    const transcripts: unknown[] = [];
    const candidate: Candidate = { ...inner, next: (turn, signal) => (transcripts.push([...turn.transcript]), inner.next(turn, signal)) };
    const run = await runEpisode({ fixture: fv, candidate, clock: createVirtualClock() });
    for (const e of run.events) expect(isDeeplyFrozen(e), `${e.kind} #${e.seq}`).toBe(true);
    expect(isDeeplyFrozen(run.result)).toBe(true);
    for (const entries of transcripts) for (const entry of entries as unknown[]) expect(isDeeplyFrozen(entry)).toBe(true);
    expect(run.result.outcome).toBe(outcome);
  });
});
