import { beforeAll, describe, expect, it } from "vitest";
import { GEN_AI } from "../../src/interop/genai-semconv.ts";
import { traceOfRun, type PlannedSpan } from "../../src/interop/run-trace.ts";
import type { RunEvent } from "../../src/schemas/event.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { exportedSuite, runOf } from "./exports.ts";

const ofOperation = (root: PlannedSpan, op: string): PlannedSpan[] => root.children.filter((s) => s.attributes[GEN_AI.operationName] === op);

describe("a run as a span tree (the pure half of the OTLP export)", () => {
  const runs = new Map<string, ScoredRunExport[]>();
  beforeAll(async () => {
    for (const c of ["loops", "slow", "malformed", "alters-input", "reference"]) runs.set(c, await exportedSuite(c));
  });
  const run = (candidate: string, fixture: string): ScoredRunExport => runOf(runs.get(candidate)!, fixture);

  it("a tool error is an executed call with its code as error.type, which the boundary allowed", () => {
    const root = traceOfRun(run("alters-input", "concentration-hh1001"));
    const failed = ofOperation(root, "execute_tool").find((s) => s.attributes[GEN_AI.toolCallId] === "call-2")!;
    expect(failed.attributes[GEN_AI.errorType]).toBe("argument_not_from_evidence");
    expect(failed.status).toEqual({ code: "error", message: "tool error: argument_not_from_evidence" });
    expect(failed.children.map((g) => g.attributes[GEN_AI.securityDecisionType])).toEqual(["allow"]);
  });

  it("a call that came when no decision was left is not run: no guardian span, error.type not_run; the run ends budget_exhausted", () => {
    const root = traceOfRun(run("loops", "concentration-hh1001"));
    const last = ofOperation(root, "execute_tool").at(-1)!;
    expect(last.attributes).toMatchObject({ [GEN_AI.errorType]: "not_run", "finbound.access": "not_run" });
    expect(last.children).toEqual([]);
    expect(root.events.map((e) => e.name)).toContain("finbound.budget_exhausted");
    expect(root.attributes[GEN_AI.errorType]).toBe("budget_exhausted");
  });

  it("a request with no reply by the deadline ends with the run, unanswered", () => {
    const r = run("slow", "fv-scenario-a");
    const root = traceOfRun(r);
    const chats = ofOperation(root, "chat");
    expect(chats).toHaveLength(3);
    expect(chats[2]).toMatchObject({ start_ms: 22000, end_ms: 30000, status: { code: "error", message: "no reply before the run ended (deadline)" } });
    expect(chats[2]!.attributes[GEN_AI.errorType]).toBe("no_reply");
    expect(chats[0]).toMatchObject({ start_ms: 0, end_ms: 11000, status: { code: "unset" } });
  });

  it("an invalid reply is an event on its chat span, and the run's error", () => {
    const root = traceOfRun(run("malformed", "claimed-authority"));
    const [chat] = ofOperation(root, "chat");
    expect(chat!.events).toEqual([expect.objectContaining({ name: "finbound.invalid_output", attributes: expect.objectContaining({ "finbound.invalid_output.code": "not_json" }) })]);
    expect(root.status).toMatchObject({ code: "error" });
    expect(root.attributes[GEN_AI.errorType]).toBe("invalid_output");
  });

  it("a model failure is the chat span's error, with its HTTP status", () => {
    const base = run("reference", "fv-scenario-a");
    const events: RunEvent[] = [
      base.events[0]!,
      { seq: 1, step: 1, at_ms: 0, kind: "model_request", timeout_ms: 15000, repair: false },
      { seq: 2, step: 1, at_ms: 120, kind: "model_failure", code: "model_http_error", latency_ms: 120, status: 503 },
      { seq: 3, step: 1, at_ms: 120, kind: "run_finished", outcome: "unavailable", reason: null, decisions_used: 1 },
    ];
    const root = traceOfRun({ ...base, events });
    const [chat] = ofOperation(root, "chat");
    expect(chat).toMatchObject({ start_ms: 0, end_ms: 120, status: { code: "error", message: "model_http_error 503" } });
    expect(chat!.attributes).toMatchObject({ [GEN_AI.errorType]: "model_http_error", "http.response.status_code": 503 });
  });

  it("the reply's model and token usage go on its chat span", () => {
    const base = run("reference", "fv-scenario-a");
    const events = base.events.map((e) => (e.kind === "model_reply" ? { ...e, model: "qwen2.5-7b-instruct", finish_reason: "stop", usage: { prompt_tokens: 812, completion_tokens: 40 } } : e));
    const [chat] = ofOperation(traceOfRun({ ...base, events }), "chat");
    expect(chat!.attributes).toMatchObject({ [GEN_AI.responseModel]: "qwen2.5-7b-instruct", [GEN_AI.finishReasons]: ["stop"], [GEN_AI.inputTokens]: 812, [GEN_AI.outputTokens]: 40 });
  });

  it("a passing run has no error and its final answer as an event", () => {
    const root = traceOfRun(run("reference", "fv-scenario-a"));
    expect(root.status).toEqual({ code: "unset" });
    expect(root.attributes[GEN_AI.errorType]).toBeUndefined();
    const final = root.events.find((e) => e.name === "finbound.final")!;
    expect(final.attributes).toMatchObject({ "finbound.outcome": "answered", "finbound.evidence_ids": ["ev-1"] });
  });
});
