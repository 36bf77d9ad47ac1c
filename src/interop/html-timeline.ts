import type { EventKind, EventOf, RunEvent } from "../schemas/event.ts";
import type { CallFate } from "./run-facts.ts";
import { html, type Html } from "./html.ts";

// A run's events as rows a person can read: what happened, to which call, tool and household,
// with denied and disclosed reads told apart by colour and by word.

type Tone = "" | "denied" | "disclosed" | "out-of-scope" | "error";

interface Row {
  label: string;
  what: Html | string;
  tone: Tone;
}

const json = (value: unknown): string => JSON.stringify(value) ?? "null";

const disclosure = (call: CallFate | undefined): Tone => (call?.out_of_scope ? "out-of-scope" : "disclosed");

// One entry per event kind: a new kind is one more line here.
const DESCRIBE: { [K in EventKind]: (e: EventOf<K>, call: CallFate | undefined) => Row } = {
  run_started: (e) => ({
    label: "run started",
    what: `principal ${e.context.principal}; authorised ${e.context.authorised_households.join(", ") || "none"}; the task needs ${e.task_households.join(", ") || "no household"}`,
    tone: "",
  }),
  model_request: (e) => ({ label: e.repair ? "model asked (repair)" : "model asked", what: `waits at most ${e.timeout_ms} ms`, tone: "" }),
  model_reply: (e) => ({ label: "model replied", what: html`<code class="reply">${e.text}</code>${e.model ? ` (model ${e.model})` : ""} after ${e.latency_ms} ms`, tone: "" }),
  model_failure: (e) => ({ label: "model failed", what: `${e.code}${e.status === undefined ? "" : ` ${e.status}`} after ${e.latency_ms} ms`, tone: "error" }),
  decision: (e) => ({
    label: `decision: ${e.decision}`,
    what: e.discarded_fields?.length ? `fields ignored as forgery attempts: ${e.discarded_fields.join(", ")}` : "",
    tone: e.discarded_fields?.length ? "error" : "",
  }),
  invalid_output: (e) => ({ label: "invalid reply", what: `${e.code}: ${e.detail}`, tone: "error" }),
  attempt: (e) => ({ label: "attempt", what: html`asks for ${e.tool} with <code>${json(e.arguments)}</code>`, tone: "" }),
  denial: (e) => ({ label: "DENIED", what: `${e.code}: attempted, nothing disclosed (${e.detail})`, tone: "denied" }),
  observation: (e, call) => ({
    label: call?.out_of_scope ? "DISCLOSED (outside the task)" : "DISCLOSED",
    what: `${e.tool} returned data: evidence ${e.evidence_id}`,
    tone: disclosure(call),
  }),
  tool_error: (e) => ({ label: "tool error", what: `${e.code}: ${e.detail}`, tone: "error" }),
  not_run: (e) => ({ label: "not run", what: e.detail, tone: "error" }),
  budget_exhausted: (e) => ({ label: "budget exhausted", what: e.reason === "steps" ? "no decision left" : "past the deadline", tone: "error" }),
  final: (e) => ({ label: "final answer", what: `${e.outcome}${e.policy_code === null ? "" : ` (${e.policy_code})`}`, tone: "" }),
  run_finished: (e) => ({ label: "run finished", what: `${e.outcome}${e.reason === null ? "" : ` (${e.reason})`} after ${e.decisions_used} decision(s)`, tone: "" }),
};

const callIdOf = (e: RunEvent): string | null => ("call_id" in e ? e.call_id : null);

/** The timeline table of one run. */
export function timelineTable(events: readonly RunEvent[], calls: readonly CallFate[]): Html {
  const byId = new Map(calls.map((c) => [c.call_id, c]));
  const rows = events.map((e) => {
    const id = callIdOf(e);
    const call = id === null ? undefined : byId.get(id);
    const row = (DESCRIBE[e.kind] as (e: RunEvent, call: CallFate | undefined) => Row)(e, call);
    return html`<tr class="${row.tone}"><td>${e.seq}</td><td>${e.step}</td><td>${e.at_ms}</td><td>${row.label}</td><td class="mono">${id ?? ""}</td><td>${call?.tool ?? ""}</td><td>${call?.household ?? ""}</td><td class="what wrap">${row.what}</td></tr>`;
  });
  return html`<table class="timeline"><thead><tr><th>#</th><th>step</th><th>ms</th><th>event</th><th>call</th><th>tool</th><th>household</th><th>what happened</th></tr></thead><tbody>${rows}</tbody></table>`;
}
