import { householdOf } from "../scoring/run-view.ts";
import type { EventKind, EventOf, RunEvent } from "../schemas/event.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { failedChecks } from "../scoring/verdict.ts";
import { systemPrompt, taskText } from "../candidates/http/conversation.ts";
import { fixtureParts } from "../runtime/fixture-environment.ts";
import { callFates, householdFates, runDurationMs, runStarted } from "./run-facts.ts";
import { BOUNDARY_GUARDIAN, EVALUATION_RESULT_EVENT, GEN_AI, OPERATION } from "./genai-semconv.ts";

// A run as a tree of spans, in plain data: what src/interop/otlp.ts hands to the OpenTelemetry SDK.
// Times are milliseconds on the run's own clock (0 = run start); the mapping is docs/formats.md, "OTLP".

export type AttributeValue = string | number | boolean | string[];
export type SpanAttributes = Record<string, AttributeValue>;

export interface PlannedEvent {
  name: string;
  at_ms: number;
  attributes: SpanAttributes;
  /** A log record's body: what a log view shows first. */
  body?: string;
}

export interface PlannedSpan {
  name: string;
  kind: "internal" | "client";
  start_ms: number;
  end_ms: number;
  attributes: SpanAttributes;
  events: PlannedEvent[];
  /** Log records parented to this span (OpenTelemetry's successor to span events): the verdicts. */
  logs: PlannedEvent[];
  /** An error status carries its description; "unset" is OpenTelemetry's default. */
  status: { code: "unset" } | { code: "error"; message: string };
  children: PlannedSpan[];
}

const span = (name: string, kind: PlannedSpan["kind"], at_ms: number, attributes: SpanAttributes): PlannedSpan => ({ name, kind, start_ms: at_ms, end_ms: at_ms, attributes, events: [], logs: [], status: { code: "unset" }, children: [] });

const fail = (s: PlannedSpan, errorType: string, message: string): void => {
  s.attributes[GEN_AI.errorType] = errorType;
  s.status = { code: "error", message };
};

/** What the walk over the events keeps: the root, the model request in flight, the tool calls by id. */
interface Walk {
  run: ScoredRunExport;
  root: PlannedSpan;
  /** The latest model request's span; `inFlight` until its reply or failure arrives. */
  chat: PlannedSpan | null;
  inFlight: boolean;
  tools: Map<string, { span: PlannedSpan; attempt: EventOf<"attempt"> }>;
  /** With `--content`: the conversation so far in the GenAI conventions' shape, null without. */
  content: Content | null;
}

/** The boundary's decision on a call, as a guardian span under the call it decided. */
function guardrail(w: Walk, callId: string, decision: "allow" | "deny", end_ms: number, code?: string): void {
  const tool = w.tools.get(callId);
  if (!tool) return;
  const g = span(`${OPERATION.applyGuardrail} ${BOUNDARY_GUARDIAN.name}`, "internal", tool.attempt.at_ms, {
    [GEN_AI.operationName]: OPERATION.applyGuardrail,
    [GEN_AI.guardianId]: BOUNDARY_GUARDIAN.id,
    [GEN_AI.guardianName]: BOUNDARY_GUARDIAN.name,
    [GEN_AI.guardianVersion]: w.run.runtime_version,
    [GEN_AI.securityTargetType]: "tool_call",
    [GEN_AI.securityTargetId]: callId,
    [GEN_AI.securityDecisionType]: decision,
    ...(code === undefined ? {} : { [GEN_AI.securityDecisionReason]: code, [GEN_AI.securityPolicyId]: code }),
  });
  g.end_ms = end_ms;
  tool.span.children.push(g);
}

/** Closes the call's span at the event that decided it. */
function settle(w: Walk, e: { call_id: string; at_ms: number }, access: string): PlannedSpan | undefined {
  const tool = w.tools.get(e.call_id);
  if (!tool) return undefined;
  tool.span.end_ms = e.at_ms;
  tool.span.attributes["finbound.access"] = access;
  return tool.span;
}

const closeChat = (w: Walk, at_ms: number): PlannedSpan | null => {
  if (!w.chat || !w.inFlight) return null;
  w.chat.end_ms = at_ms;
  w.inFlight = false;
  return w.chat;
};

/** A message part and a message as the GenAI conventions' `gen_ai.*.messages` JSON schemas write them. */
type Part = { type: "text"; content: string } | { type: "tool_call_response"; id: string; response: unknown };
interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  parts: Part[];
}
const text = (content: string): Part => ({ type: "text", content });

/** What `--content` adds, built as the walk goes: the instructions and the conversation the next request carries. */
interface Content {
  system: string | null;
  conversation: ChatMessage[];
}

/** A tool's result: on its span, and as the tool message the next request carries. */
function toolResult(w: Walk, s: PlannedSpan | undefined, callId: string, result: Record<string, unknown>): void {
  if (!w.content) return;
  if (s) s.attributes[GEN_AI.toolCallResult] = JSON.stringify(result);
  w.content.conversation.push({ role: "tool", parts: [{ type: "tool_call_response", id: callId, response: result }] });
}

/**
 * An event of the reply just read is stamped within its chat span: the runtime records it when it has
 * parsed the reply, a moment after the span (the request) ended on the real clock.
 */
const withinChat = (w: Walk, at_ms: number): number => (w.chat && !w.inFlight ? Math.min(at_ms, w.chat.end_ms) : at_ms);

// One entry per event kind: a new kind is one more line here.
const ON: { [K in EventKind]: (e: EventOf<K>, w: Walk) => void } = {
  run_started: () => {},
  model_request: (e, w) => {
    const model = w.run.candidate.name;
    w.chat = span(`${OPERATION.chat} ${model}`, "client", e.at_ms, {
      [GEN_AI.operationName]: OPERATION.chat,
      [GEN_AI.providerName]: `finbound.${w.run.candidate.kind}`,
      [GEN_AI.requestModel]: model,
      "finbound.step": e.step,
      "finbound.request.timeout_ms": e.timeout_ms,
      ...(e.repair ? { "finbound.repair": true } : {}),
    });
    if (w.content) {
      w.chat.attributes[GEN_AI.inputMessages] = JSON.stringify(w.content.conversation);
      if (w.content.system !== null) w.chat.attributes[GEN_AI.systemInstructions] = JSON.stringify([text(w.content.system)]);
    }
    w.inFlight = true;
    w.root.children.push(w.chat);
  },
  model_reply: (e, w) => {
    const chat = closeChat(w, e.at_ms);
    if (!chat) return;
    Object.assign(chat.attributes, {
      ...(e.model === undefined ? {} : { [GEN_AI.responseModel]: e.model }),
      ...(e.finish_reason === null ? {} : { [GEN_AI.finishReasons]: [e.finish_reason] }),
      ...(e.usage?.prompt_tokens === undefined ? {} : { [GEN_AI.inputTokens]: e.usage.prompt_tokens }),
      ...(e.usage?.completion_tokens === undefined ? {} : { [GEN_AI.outputTokens]: e.usage.completion_tokens }),
      "finbound.reply.latency_ms": e.latency_ms,
      "finbound.reply.text": e.text,
    });
    if (w.content) {
      const reply: ChatMessage = { role: "assistant", parts: [text(e.text)] };
      chat.attributes[GEN_AI.outputMessages] = JSON.stringify([{ ...reply, finish_reason: e.finish_reason ?? "stop" }]);
      w.content.conversation.push(reply);
    }
  },
  model_failure: (e, w) => {
    const chat = closeChat(w, e.at_ms);
    if (!chat) return;
    if (e.status !== undefined) chat.attributes["http.response.status_code"] = e.status;
    fail(chat, e.code, e.status === undefined ? e.code : `${e.code} ${e.status}`);
  },
  decision: (e, w) => {
    w.chat?.events.push({ name: "finbound.decision", at_ms: withinChat(w, e.at_ms), attributes: { "finbound.decision": e.decision, ...(e.discarded_fields ? { "finbound.discarded_fields": e.discarded_fields } : {}), ...(e.lenient ? { "finbound.lenient": e.lenient } : {}) } });
  },
  invalid_output: (e, w) => {
    if (w.content) w.content.conversation.push({ role: "user", parts: [text(`Your last reply was not one valid decision (${e.code}: ${e.detail}).`)] });
    w.chat?.events.push({ name: "finbound.invalid_output", at_ms: withinChat(w, e.at_ms), attributes: { "finbound.invalid_output.code": e.code, "finbound.invalid_output.detail": e.detail } });
  },
  attempt: (e, w) => {
    const s = span(`${OPERATION.executeTool} ${e.tool}`, "internal", e.at_ms, {
      [GEN_AI.operationName]: OPERATION.executeTool,
      [GEN_AI.toolName]: e.tool,
      [GEN_AI.toolCallId]: e.call_id,
      [GEN_AI.toolType]: "function",
      [GEN_AI.toolCallArguments]: JSON.stringify(e.arguments) ?? "null",
      "finbound.step": e.step,
    });
    const household = householdOf(e);
    if (household !== null) s.attributes["finbound.household"] = household;
    w.tools.set(e.call_id, { span: s, attempt: e });
    w.root.children.push(s);
  },
  denial: (e, w) => {
    const s = settle(w, e, "denied");
    if (s) fail(s, e.code, `denied: ${e.code}`);
    toolResult(w, s, e.call_id, { status: "denied", code: e.code, detail: e.detail });
    guardrail(w, e.call_id, "deny", e.at_ms, e.code);
  },
  observation: (e, w) => {
    const s = settle(w, e, "disclosed");
    if (s) s.attributes["finbound.evidence_id"] = e.evidence_id;
    toolResult(w, s, e.call_id, { status: "ok", evidence_id: e.evidence_id, data: e.data });
    guardrail(w, e.call_id, "allow", w.tools.get(e.call_id)?.attempt.at_ms ?? e.at_ms);
  },
  tool_error: (e, w) => {
    const s = settle(w, e, "tool_error");
    if (s) fail(s, e.code, `tool error: ${e.code}`);
    toolResult(w, s, e.call_id, { status: "tool_error", code: e.code, detail: e.detail });
    guardrail(w, e.call_id, "allow", w.tools.get(e.call_id)?.attempt.at_ms ?? e.at_ms);
  },
  // Never authorised, never run: the decision came when none was left, so no guardian span.
  not_run: (e, w) => {
    const s = settle(w, e, "not_run");
    if (s) fail(s, "not_run", "not run: no decision was left for its result");
  },
  budget_exhausted: (e, w) => {
    w.root.events.push({ name: "finbound.budget_exhausted", at_ms: e.at_ms, attributes: { "finbound.budget.reason": e.reason } });
  },
  final: (e, w) => {
    w.root.events.push({
      name: "finbound.final",
      at_ms: e.at_ms,
      attributes: {
        "finbound.outcome": e.outcome,
        ...(e.policy_code === null ? {} : { "finbound.policy_code": e.policy_code }),
        "finbound.message": e.message,
        "finbound.claims": JSON.stringify(e.claims),
        "finbound.evidence_ids": e.evidence_ids,
        "finbound.discarded_fields": e.discarded_fields,
      },
    });
  },
  run_finished: (e, w) => {
    w.root.attributes["finbound.decisions_used"] = e.decisions_used;
  },
};

/** The run's identity, outcome and what it disclosed, on the root span. */
function rootAttributes(run: ScoredRunExport): SpanAttributes {
  const started = runStarted(run);
  const fates = householdFates(callFates(run));
  const r = run.result;
  return {
    [GEN_AI.operationName]: OPERATION.invokeAgent,
    [GEN_AI.providerName]: `finbound.${run.candidate.kind}`,
    [GEN_AI.agentName]: run.candidate.name,
    "finbound.fixture.id": run.fixture.id,
    "finbound.fixture.content_hash": run.fixture.content_hash,
    "finbound.candidate.name": run.candidate.name,
    "finbound.candidate.kind": run.candidate.kind,
    ...(run.trial === undefined ? {} : { "finbound.trial": run.trial }),
    "finbound.outcome": r.outcome,
    "finbound.outcome.set_by": r.set_by,
    ...(r.policy_code === null ? {} : { "finbound.policy_code": r.policy_code }),
    "finbound.passed": run.passed,
    "finbound.checks.failed": failedChecks(run.verdicts),
    ...(started ? { "finbound.principal": started.context.principal, "finbound.households.authorised": [...started.context.authorised_households], "finbound.households.task": [...started.task_households] } : {}),
    "finbound.households.denied": fates.denied,
    "finbound.households.disclosed": fates.disclosed,
    "finbound.households.disclosed_out_of_scope": fates.disclosedOutOfScope,
    "finbound.forgery_attempts": [...r.forgery_attempts],
    "finbound.runtime_version": run.runtime_version,
    "finbound.exported_at": run.exported_at,
    ...(run.integrity ? { "finbound.seal.digest": run.integrity.digest, "finbound.seal.chain_head": run.integrity.chain_head } : {}),
  };
}

/** Why the run failed, when it did: the runtime's own ending, or the checks it failed. */
function rootStatus(run: ScoredRunExport, root: PlannedSpan): void {
  if (run.passed) return;
  const failed = failedChecks(run.verdicts);
  const endedByRuntime = run.result.set_by === "runtime";
  fail(root, endedByRuntime ? run.result.outcome : "check_failed", failed.length > 0 ? `failed: ${failed.join(", ")}` : `failed: ${run.result.outcome}`);
}

/** Each verdict as a `gen_ai.evaluation.result` event on the run it judges. */
const verdictEvents = (run: ScoredRunExport, at_ms: number): PlannedEvent[] =>
  run.verdicts.map((v) => ({
    name: EVALUATION_RESULT_EVENT,
    at_ms,
    attributes: {
      [GEN_AI.evaluationName]: v.check,
      [GEN_AI.evaluationScoreLabel]: v.status,
      [GEN_AI.evaluationExplanation]: v.explanation,
      "finbound.verdict.expected": JSON.stringify(v.expected) ?? "null",
      "finbound.verdict.actual": JSON.stringify(v.actual) ?? "null",
    },
  }));

export interface TraceOptions {
  /** Add the messages, instructions and tool results (`gen_ai.input.messages`, …): off by default, as the conventions advise. */
  content?: boolean;
  /** The run's fixture, for the instructions and task a candidate was given; without it they are left out. */
  fixture?: Fixture | undefined;
}

/** The instructions and task as finbound's HTTP candidate sends them (JSON decisions, or native tool calls). */
function contentOf(run: ScoredRunExport, fixture: Fixture | undefined): Content {
  if (!fixture) return { system: null, conversation: [] };
  const { brief } = fixtureParts(fixture, run.budget.max_decisions);
  const protocol = runStarted(run)?.protocol === "tools" ? "tools" : "json";
  return { system: systemPrompt({ step: 0, brief, transcript: [] }, protocol), conversation: [{ role: "user", parts: [text(taskText(brief))] }] };
}

/** One run as its span tree: a root per run, a `chat` span per model request, an `execute_tool` span per call. */
export function traceOfRun(run: ScoredRunExport, options: TraceOptions = {}): PlannedSpan {
  const end = runDurationMs(run);
  const root = span(`${OPERATION.invokeAgent} ${run.candidate.name}`, "internal", 0, rootAttributes(run));
  root.end_ms = end;
  const w: Walk = { run, root, chat: null, inFlight: false, tools: new Map(), content: options.content ? contentOf(run, options.fixture) : null };
  for (const e of run.events) (ON[e.kind] as (e: RunEvent, w: Walk) => void)(e, w);
  // A request still in flight when the run ended (its deadline) ends with the run, unanswered.
  const unanswered = closeChat(w, end);
  if (unanswered) fail(unanswered, "no_reply", `no reply before the run ended${run.result.reason === null ? "" : ` (${run.result.reason})`}`);
  root.events.push(...verdictEvents(run, end));
  // `event.name` too: receivers built before the log record's own event name field still tell the records apart.
  root.logs.push(...verdictEvents(run, end).map((e) => ({ ...e, body: `${String(e.attributes[GEN_AI.evaluationName])}: ${String(e.attributes[GEN_AI.evaluationScoreLabel])}`, attributes: { "event.name": e.name, ...e.attributes } })));
  rootStatus(run, root);
  return root;
}
