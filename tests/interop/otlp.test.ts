import * as semconv from "@opentelemetry/semantic-conventions/incubating";
import { beforeAll, describe, expect, it } from "vitest";
import { BOUNDARY_GUARDIAN, EVALUATION_RESULT_EVENT, GEN_AI, OPERATION } from "../../src/interop/genai-semconv.ts";
import { hrTimeOf, otlpJsonOfRuns, otlpJsonParts, otlpProtobufOfRuns } from "../../src/interop/otlp.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { exportedSuite, runOf } from "./exports.ts";
import { attributesOf, decodeJson, decodeProtobuf, spansOf, uncovered, type DecodedSpan } from "./otlp-decode.ts";

const KIND = { INTERNAL: 1, CLIENT: 3 };
const ERROR = 2;

/** The export as written, read back through OpenTelemetry's generated OTLP types. */
function roundTrip(runs: readonly ScoredRunExport[]) {
  const text = otlpJsonOfRuns(runs);
  const fromJson = decodeJson(text);
  return { text, ...fromJson, spans: spansOf(fromJson.request) };
}

const rootOf = (spans: readonly DecodedSpan[], run: ScoredRunExport): DecodedSpan => {
  const root = spans.find((s) => s.parentSpanId === null && s.attributes["finbound.fixture.id"] === run.fixture.id && s.attributes["finbound.candidate.name"] === run.candidate.name);
  if (!root) throw new Error(`no root span for ${run.fixture.id}`);
  return root;
};
const childrenOf = (spans: readonly DecodedSpan[], parent: DecodedSpan): DecodedSpan[] => spans.filter((s) => s.parentSpanId === parent.spanId && s.traceId === parent.traceId);

describe("OTLP export of runs (OpenTelemetry GenAI conventions)", () => {
  let reference: ScoredRunExport[];
  let readsOther: ScoredRunExport[];
  let readsInScope: ScoredRunExport[];
  beforeAll(async () => {
    [reference, readsOther, readsInScope] = await Promise.all(["reference", "reads-other-household", "reads-in-scope-other"].map((c) => exportedSuite(c))) as [ScoredRunExport[], ScoredRunExport[], ScoredRunExport[]];
  });

  it("round-trips: the JSON and the protobuf of one export decode to the same OTLP request, and decoding drops nothing written", () => {
    const runs = [...reference, ...readsOther, ...readsInScope];
    const { parsed, request } = roundTrip(runs);
    expect(request).toEqual(decodeProtobuf(otlpProtobufOfRuns(runs)));
    expect(uncovered(parsed, request)).toEqual([]);
    expect(spansOf(request).length).toBeGreaterThan(runs.length * 3);
  });

  it("a denied attempt is an execute_tool span with the denial as error.type, and the boundary's deny as its apply_guardrail child", () => {
    const run = runOf(readsOther, "unauthorised-household");
    const { spans } = roundTrip([run]);
    const root = rootOf(spans, run);
    const tool = childrenOf(spans, root).find((s) => s.attributes[GEN_AI.operationName] === OPERATION.executeTool)!;
    expect(tool).toMatchObject({ name: "execute_tool portfolio.read", kind: KIND.INTERNAL, status: { code: ERROR } });
    expect(tool.attributes).toMatchObject({ [GEN_AI.toolName]: "portfolio.read", [GEN_AI.toolCallId]: "call-1", [GEN_AI.errorType]: "household_not_authorised", "finbound.household": "HH-2002", "finbound.access": "denied" });
    const guard = childrenOf(spans, tool);
    expect(guard).toHaveLength(1);
    expect(guard[0]).toMatchObject({ name: `apply_guardrail ${BOUNDARY_GUARDIAN.name}`, kind: KIND.INTERNAL });
    expect(guard[0]!.attributes).toMatchObject({
      [GEN_AI.operationName]: "apply_guardrail",
      [GEN_AI.securityDecisionType]: "deny",
      [GEN_AI.securityTargetType]: "tool_call",
      [GEN_AI.securityTargetId]: "call-1",
      [GEN_AI.securityDecisionReason]: "household_not_authorised",
    });
    expect(root.attributes).toMatchObject({ "finbound.households.denied": ["HH-2002"], "finbound.households.disclosed": [], "finbound.passed": false });
  });

  it("a disclosed read is allowed by the boundary and executed: no error, the household named as disclosed outside the task", () => {
    const run = runOf(readsInScope, "injection-adviser-scope");
    const { spans } = roundTrip([run]);
    const root = rootOf(spans, run);
    const tool = childrenOf(spans, root).find((s) => s.attributes[GEN_AI.toolCallId] === "call-1")!;
    expect(tool.status.code).not.toBe(ERROR);
    expect(tool.attributes[GEN_AI.errorType]).toBeUndefined();
    expect(tool.attributes).toMatchObject({ "finbound.access": "disclosed", "finbound.household": "HH-1002", "finbound.evidence_id": "ev-1" });
    expect(childrenOf(spans, tool).map((g) => g.attributes[GEN_AI.securityDecisionType])).toEqual(["allow"]);
    expect(childrenOf(spans, tool)[0]!.attributes[GEN_AI.securityDecisionReason]).toBeUndefined();
    expect(root.attributes).toMatchObject({ "finbound.households.disclosed": ["HH-1002"], "finbound.households.disclosed_out_of_scope": ["HH-1002"] });
  });

  it("each verdict is one gen_ai.evaluation.result event on the run's root span: name, label and explanation", () => {
    for (const run of [...reference.slice(0, 3), ...readsOther.slice(0, 2)]) {
      const root = rootOf(roundTrip([run]).spans, run);
      const evaluations = root.events.filter((e) => e.name === EVALUATION_RESULT_EVENT);
      expect(evaluations.map((e) => e.attributes)).toEqual(
        run.verdicts.map((v) => expect.objectContaining({ [GEN_AI.evaluationName]: v.check, [GEN_AI.evaluationScoreLabel]: v.status, [GEN_AI.evaluationExplanation]: v.explanation })),
      );
    }
  });

  it("a root span per run, one trace each, with a chat span per model request and an execute_tool span per attempt", () => {
    const { spans } = roundTrip(reference);
    const roots = spans.filter((s) => s.parentSpanId === null);
    expect(roots).toHaveLength(reference.length);
    expect(new Set(roots.map((r) => r.traceId)).size).toBe(reference.length);
    for (const run of reference) {
      const root = rootOf(spans, run);
      expect(root).toMatchObject({ name: `invoke_agent ${run.candidate.name}`, kind: KIND.INTERNAL });
      expect(root.traceId).toBe(run.integrity!.digest.slice(0, 32));
      expect(root.attributes).toMatchObject({ [GEN_AI.operationName]: "invoke_agent", "finbound.outcome": run.result.outcome, "finbound.seal.digest": run.integrity!.digest });
      const children = childrenOf(spans, root);
      const chats = children.filter((s) => s.attributes[GEN_AI.operationName] === OPERATION.chat);
      expect(chats).toHaveLength(run.events.filter((e) => e.kind === "model_request").length);
      expect(chats.every((c) => c.kind === KIND.CLIENT && c.attributes[GEN_AI.requestModel] === run.candidate.name)).toBe(true);
      expect(children.filter((s) => s.attributes[GEN_AI.operationName] === OPERATION.executeTool)).toHaveLength(run.events.filter((e) => e.kind === "attempt").length);
    }
  });

  it("times come from the run's own clock: each run ends at its export time, a chat span lasts from request to reply", () => {
    const run = runOf(reference, "fv-scenario-a");
    const { spans } = roundTrip([run]);
    const root = rootOf(spans, run);
    expect(root.endNs).toBe(BigInt(Date.parse(run.exported_at)) * 1_000_000n);
    const last = run.events.at(-1)!.at_ms;
    expect(root.endNs - root.startNs).toBe(BigInt(last) * 1_000_000n);
    const request = run.events.find((e) => e.kind === "model_request")!;
    const reply = run.events.find((e) => e.kind === "model_reply")!;
    const chat = childrenOf(spans, root)[0]!;
    expect(chat.startNs - root.startNs).toBe(BigInt(request.at_ms) * 1_000_000n);
    expect(chat.endNs - chat.startNs).toBe(BigInt(reply.at_ms - request.at_ms) * 1_000_000n);
  });

  it("in parts, a few runs' spans each, is the same request byte for byte once joined", () => {
    // More runs than three parts hold, some twice (their traces are told apart by place), a seal said.
    const runs = Array.from({ length: 60 }, (_, i) => [...reference, ...readsOther][i % (reference.length + readsOther.length)]!);
    const options = { seal: { status: "verified" as const, message: 'sealed, "quoted" and \\ escaped' } };
    const parts = [...otlpJsonParts(runs, options)];
    expect(parts.length).toBe(Math.ceil(runs.length / 25) + 1);
    expect(parts.join("")).toBe(otlpJsonOfRuns(runs, options));
    expect([...otlpJsonParts(runs.slice(0, 1))].join("")).toBe(otlpJsonOfRuns(runs.slice(0, 1)));
    expect([...otlpJsonParts([])].join("")).toBe(otlpJsonOfRuns([]));
  });

  it("is reproducible: the same runs give the same bytes", () => {
    expect(otlpJsonOfRuns(readsOther)).toBe(otlpJsonOfRuns(readsOther));
  });

  it("says the seal status on the resource when told it", () => {
    const { request } = decodeJson(otlpJsonOfRuns(reference.slice(0, 1), { seal: { status: "broken", message: "event #3 breaks the hash chain" } }));
    expect(attributesOf(request.resourceSpans?.[0]?.resource?.attributes)).toMatchObject({ "service.name": "finbound", "finbound.seal.status": "broken", "finbound.seal.message": "event #3 breaks the hash chain" });
  });

  it("uses the GenAI names of @opentelemetry/semantic-conventions where that package has them", () => {
    expect(GEN_AI).toMatchObject({
      operationName: semconv.ATTR_GEN_AI_OPERATION_NAME,
      providerName: semconv.ATTR_GEN_AI_PROVIDER_NAME,
      agentName: semconv.ATTR_GEN_AI_AGENT_NAME,
      requestModel: semconv.ATTR_GEN_AI_REQUEST_MODEL,
      responseModel: semconv.ATTR_GEN_AI_RESPONSE_MODEL,
      finishReasons: semconv.ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
      inputTokens: semconv.ATTR_GEN_AI_USAGE_INPUT_TOKENS,
      outputTokens: semconv.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
      toolName: semconv.ATTR_GEN_AI_TOOL_NAME,
      toolCallId: semconv.ATTR_GEN_AI_TOOL_CALL_ID,
      toolType: semconv.ATTR_GEN_AI_TOOL_TYPE,
      toolCallArguments: semconv.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
      evaluationName: semconv.ATTR_GEN_AI_EVALUATION_NAME,
      evaluationScoreLabel: semconv.ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
      evaluationExplanation: semconv.ATTR_GEN_AI_EVALUATION_EXPLANATION,
      errorType: semconv.ATTR_ERROR_TYPE,
    });
    expect(OPERATION).toMatchObject({ invokeAgent: semconv.GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT, chat: semconv.GEN_AI_OPERATION_NAME_VALUE_CHAT, executeTool: semconv.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL });
    expect(EVALUATION_RESULT_EVENT).toBe(semconv.EVENT_GEN_AI_EVALUATION_RESULT);
  });

  it("converts fractional virtual-clock milliseconds to [seconds, nanoseconds] without losing precision", () => {
    expect(hrTimeOf(1_700_000_000_123, 0)).toEqual([1_700_000_000, 123_000_000]);
    expect(hrTimeOf(1_700_000_000_999, 1.5)).toEqual([1_700_000_001, 500_000]);
    expect(hrTimeOf(0, 2500.000001)).toEqual([2, 500_000_001]);
  });
});
