import { Claim } from "./claim.ts";
import { COLLECTED_TRACE_FORMAT, CollectedSettings, RequestEnding, type CollectedTrace } from "./collected-trace.ts";
import { Protocol, type Decision } from "./decision.ts";
import { DecisionEvent, InvalidOutputCode, ModelFailureCode, type RunEvent } from "./event.ts";
import { CandidateKind, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, type ScoredRunExport, type ScoredSuiteExport } from "./export.ts";
import { ISO_DATE } from "./ids.ts";
import { CONTENT_HASH, HEX64, KEY_FINGERPRINT, SIGNATURE_HEX } from "./integrity.ts";
import { BudgetReason, CandidateOutcome, Outcome } from "./outcome.ts";
import { DiagnosticEntry, RunResult } from "./result.ts";
import { CallStatus, DenialCode, ToolErrorCode } from "./tool-call.ts";
import { VerdictStatus } from "./verdict.ts";

// A fast path for validating an export: zod checks a 10,000-run suite's 110,000 events,
// 160,000 verdicts and 110,000 event hashes one schema node at a time and copies each. This says, for
// an export as parsed, "zod would accept it and give back the same value" — or that it cannot say,
// and zod decides (and words the problem, naming the run and the field). It is deliberately narrow:
// plain objects, exactly the keys the schema allows, nothing undefined, so a false "yes" is
// impossible and a "no" costs only the zod run it would have cost anyway. The one exception is asked
// for: plainlyValidRun(value, true) takes the caller's word for the events (see there).
// tests/schemas/fast-validation.test.ts holds it to RunEvent, ScoredRunExport and ScoredSuiteExport.

type Check = (value: unknown) => boolean;
export interface Shape {
  required: Readonly<Record<string, Check>>;
  optional?: Readonly<Record<string, Check>>;
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const string: Check = (v) => typeof v === "string";
const boolean: Check = (v) => typeof v === "boolean";
const finite: Check = (v) => typeof v === "number" && Number.isFinite(v);
// z.number().int() is a safe integer in zod 4.
const nat: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const int: Check = (v) => Number.isSafeInteger(v);
const nonnegative: Check = (v) => finite(v) && (v as number) >= 0;
const positive: Check = (v) => finite(v) && (v as number) > 0;
const positiveInt: Check = (v) => Number.isSafeInteger(v) && (v as number) > 0;
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const oneOf = (schema: { options: readonly string[] }): Check => {
  const options = new Set<unknown>(schema.options);
  return (v) => options.has(v);
};
const literal =
  (value: unknown): Check =>
  (v) =>
    v === value;
/** Every item, holes included (every() would skip a hole; zod reads it as undefined). */
const arrayOf =
  (check: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;
    return true;
  };
export const isoDate: Check = (v) => typeof v === "string" && ISO_DATE.test(v);
/** z.unknown() as a required key: present and not undefined, so zod accepts it whatever it is. */
const present: Check = (v) => v !== undefined;
/** z.record(z.string(), z.unknown()): a plain object; one with a `__proto__` key is left to zod. */
const record: Check = (v) => isPlain(v) && !Object.hasOwn(v, "__proto__") && Object.values(v).every(present);

/** A shape as looked up per key: each key's check and whether it is required, and how many are. */
interface Lookup {
  checks: Map<string, { check: Check; required: boolean }>;
  required: number;
}
const lookups = new WeakMap<Shape, Lookup>();
function lookupOf(shape: Shape): Lookup {
  let lookup = lookups.get(shape);
  if (!lookup) {
    const checks = new Map<string, { check: Check; required: boolean }>();
    for (const [key, check] of Object.entries(shape.optional ?? {})) checks.set(key, { check, required: false });
    for (const [key, check] of Object.entries(shape.required)) checks.set(key, { check, required: true });
    lookups.set(shape, (lookup = { checks, required: Object.keys(shape.required).length }));
  }
  return lookup;
}

/**
 * Exactly the keys of `shape`, each as it requires; an optional key may be absent, never undefined.
 * `others: "kept"` (a loose object) allows any other key too, with any value but undefined, and no
 * `__proto__` key, which is left to zod.
 */
function exactly(value: unknown, shape: Shape, others: "refused" | "kept" = "refused"): boolean {
  if (!isPlain(value)) return false;
  if (others === "kept" && Object.hasOwn(value, "__proto__")) return false;
  const { checks, required } = lookupOf(shape);
  let found = 0;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const entry = checks.get(key);
    if (entry === undefined) {
      if (others === "refused" || value[key] === undefined) return false;
      continue;
    }
    if (!entry.check(value[key])) return false;
    if (entry.required) found += 1;
  }
  return found === required;
}

const object =
  (shape: Shape): Check =>
  (v) =>
    exactly(v, shape);

/**
 * For a value as JSON.parse gave it: true only when a strict object schema of `shape`'s keys accepts it
 * unchanged (a tool's input, say). Pass a shape made once: its lookup is built on first use and kept by
 * the shape's identity, so a shape written in the call would be looked up afresh every time.
 */
export const matchesShape = (value: unknown, shape: Shape): boolean => exactly(value, shape);

const budget = object({ required: { max_decisions: positiveInt, deadline_ms: positive, request_timeout_ms: positive, tool_timeout_ms: positive, repair: boolean } });
const context = object({ required: { principal: (v) => typeof v === "string" && v.length >= 1, authorised_households: arrayOf(string), as_of: isoDate } });
const usage = object({ required: {}, optional: { prompt_tokens: nat, completion_tokens: nat, total_tokens: nat } });
const claim = object({
  required: { kind: oneOf(Claim.shape.kind), value: finite, unit: oneOf(Claim.shape.unit), scenario: nullable(string), as_of: isoDate, calculator: string, evidence_id: string },
});

const base = { seq: nat, step: nat, at_ms: nonnegative };
const sampling = object({ required: { temperature: nonnegative }, optional: { seed: nat } });

/** Every event kind's keys, as its schema in event.ts lists them (the test compares the two). */
export const EVENT_SHAPES: Readonly<Record<RunEvent["kind"], Shape>> = {
  run_started: {
    required: { ...base, kind: literal("run_started"), fixture: string, candidate: string, budget, context, task_households: arrayOf(string) },
    optional: { lenient_fence: boolean, protocol: oneOf({ options: ["tools", "mcp"] }), sampling },
  },
  model_request: { required: { ...base, kind: literal("model_request"), timeout_ms: nonnegative, repair: boolean } },
  model_reply: {
    required: { ...base, kind: literal("model_reply"), text: string, latency_ms: nonnegative, finish_reason: nullable(string), usage: nullable(usage) },
    optional: { model: string, queue_ms: nonnegative, prompt_ms: nonnegative, generation_ms: nonnegative },
  },
  model_failure: { required: { ...base, kind: literal("model_failure"), code: oneOf(ModelFailureCode), latency_ms: nonnegative }, optional: { status: int, queue_ms: nonnegative } },
  decision: {
    required: { ...base, kind: literal("decision"), decision: oneOf(DecisionEvent.shape.decision), body: record },
    optional: { lenient: literal("markdown_fence"), discarded_fields: arrayOf(string) },
  },
  invalid_output: { required: { ...base, kind: literal("invalid_output"), code: oneOf(InvalidOutputCode), detail: string } },
  attempt: { required: { ...base, kind: literal("attempt"), call_id: string, tool: string, arguments: present } },
  denial: { required: { ...base, kind: literal("denial"), call_id: string, code: oneOf(DenialCode), detail: string } },
  observation: { required: { ...base, kind: literal("observation"), call_id: string, evidence_id: string, tool: string, data: record } },
  tool_error: { required: { ...base, kind: literal("tool_error"), call_id: string, code: oneOf(ToolErrorCode), detail: string } },
  not_run: { required: { ...base, kind: literal("not_run"), call_id: string, detail: string } },
  budget_exhausted: { required: { ...base, kind: literal("budget_exhausted"), reason: oneOf(BudgetReason) }, optional: { latency_ms: nonnegative } },
  final: {
    required: {
      ...base,
      kind: literal("final"),
      outcome: oneOf(CandidateOutcome),
      claims: arrayOf(claim),
      evidence_ids: arrayOf(string),
      policy_code: nullable(string),
      message: string,
      discarded_fields: arrayOf(string),
    },
  },
  run_finished: { required: { ...base, kind: literal("run_finished"), outcome: oneOf(Outcome), reason: nullable(oneOf(BudgetReason)), decisions_used: nat } },
};

/**
 * For an event as JSON.parse gave it (so no array has a property beside its items): true only when
 * RunEvent accepts it and its output equals it (up to the order of keys), so the parsed event can
 * stand for the validated one; false when zod must decide.
 */
export function plainlyValidEvent(event: unknown): event is RunEvent {
  if (!isPlain(event)) return false;
  const kind = event.kind;
  if (typeof kind !== "string" || !Object.hasOwn(EVENT_SHAPES, kind)) return false;
  return exactly(event, EVENT_SHAPES[kind as RunEvent["kind"]]);
}

const hex64: Check = (v) => typeof v === "string" && HEX64.test(v);
const event: Check = (v) => plainlyValidEvent(v);

const fixtureRef: Shape = { required: { id: string, content_hash: (v) => typeof v === "string" && CONTENT_HASH.test(v) } };
const candidateRef: Shape = { required: { name: string, kind: oneOf(CandidateKind) } };
const toolCall: Shape = {
  required: { call_id: string, step: positiveInt, tool: string, arguments: present, status: oneOf(CallStatus), code: nullable((v) => oneOf(DenialCode)(v) || oneOf(ToolErrorCode)(v)), evidence_id: nullable(string) },
};
const result: Shape = {
  required: {
    outcome: oneOf(Outcome),
    set_by: oneOf(RunResult.shape.set_by),
    reason: nullable(oneOf(BudgetReason)),
    claims: arrayOf(claim),
    evidence_ids: arrayOf(string),
    policy_code: nullable(string),
    message: string,
    tool_calls: arrayOf(object(toolCall)),
    portfolio_writes: nat,
    forgery_attempts: arrayOf(string),
  },
};
const verdict: Shape = { required: { check: string, status: oneOf(VerdictStatus), expected: present, actual: present, explanation: string } };
const diagnostic: Shape = { required: { step: nat, call_id: nullable(string), source: oneOf(DiagnosticEntry.shape.source), detail: string } };
const matching =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === "string" && pattern.test(v);
const signature: Shape = { required: { algorithm: literal("ed25519"), key_fingerprint: matching(KEY_FINGERPRINT), public_key: hex64, value: matching(SIGNATURE_HEX) } };
const integrity: Shape = {
  required: { algorithm: literal("sha256"), canonicalization: literal("RFC8785"), event_hashes: arrayOf(hex64), chain_head: hex64, digest: hex64 },
  optional: { signature: object(signature) },
};
const run: Shape = {
  required: {
    format: literal(SCORED_RUN_FORMAT),
    exported_at: string,
    runtime_version: string,
    fixture: object(fixtureRef),
    candidate: object(candidateRef),
    budget,
    events: arrayOf(event),
    result: object(result),
    verdicts: arrayOf(object(verdict)),
    passed: boolean,
    unused_replies: nat,
  },
  optional: { trial: positiveInt, infrastructure: boolean, seed: nat, started_at: string, diagnostics: arrayOf(object(diagnostic)), integrity: object(integrity) },
};
const shard: Shape = { required: { index: positiveInt, count: positiveInt } };
const plan: Shape = { required: { fixtures: arrayOf(string), candidates: arrayOf(string), trials: positiveInt, shard: object(shard) } };
const suiteIntegrity: Shape = { required: { algorithm: literal("sha256"), canonicalization: literal("RFC8785"), digest: hex64 }, optional: { signature: object(signature) } };
const plannedJob: Shape = { required: { fixture: string, candidate: string, trial: positiveInt } };
const stopped: Shape = { required: { reason: string, not_run: arrayOf(object(plannedJob)) } };
const suite: Shape = {
  required: { format: literal(SCORED_SUITE_FORMAT), exported_at: string, runtime_version: string, runs: arrayOf(object(run)) },
  optional: { plan: object(plan), stopped: object(stopped), integrity: object(suiteIntegrity) },
};

/** Every object of an export around its events, as its schema lists it (the test compares each with its zod schema). */
export const EXPORT_SHAPES = { fixtureRef, candidateRef, toolCall, result, verdict, diagnostic, signature, integrity, run, shard, plan, plannedJob, stopped, suiteIntegrity, suite } as const;

/** A run whose events are known to be valid (the caller has seen them, byte for byte, pass): only that they are an array is checked. */
const runOfKnownEvents: Shape = { ...run, required: { ...run.required, events: (v) => Array.isArray(v) } };

/**
 * `value` itself, when ScoredRunExport would accept it and give back the same value; null: ask
 * ScoredRunExport. `eventsKnownValid`: its events are the same as those of a run this said yes to
 * (an import knows it by their chain head), so they are not looked at again.
 */
export function plainlyValidRun(value: unknown, eventsKnownValid = false): ScoredRunExport | null {
  return exactly(value, eventsKnownValid ? runOfKnownEvents : run) ? (value as ScoredRunExport) : null;
}

/** `value` itself, when ScoredSuiteExport would accept it and give back the same value; null: ask ScoredSuiteExport. */
export function plainlyValidSuite(value: unknown): ScoredSuiteExport | null {
  return exactly(value, suite) ? (value as ScoredSuiteExport) : null;
}

// The same for collected traces (`npm run score` reads thousands of them). CollectedSettings is a
// loose object: keys it does not know are kept as they are, so they are allowed here too.

const timings = { queue_ms: nonnegative, prompt_ms: nonnegative, generation_ms: nonnegative };
const collectedFailure: Shape = { required: { code: oneOf(ModelFailureCode) }, optional: { status: int } };
const collectedResponse: Shape = {
  required: { text: string, latency_ms: nonnegative },
  // A failure written as a bare code (files before contract §10) is turned into an object by zod: left to it.
  optional: { finish_reason: nullable(string), failure: object(collectedFailure), usage, model: string, at_ms: nonnegative, ending: oneOf(RequestEnding), ...timings },
};
const collectedSettings: Shape = {
  required: {},
  optional: {
    repair: boolean,
    lenient_fence: boolean,
    response_format: oneOf(CollectedSettings.shape.response_format.unwrap()),
    model: string,
    reported_model: nullable(string),
    budget,
    protocol: oneOf(Protocol),
    max_tokens: positiveInt,
    temperature: nonnegative,
    seed: nat,
  },
};
const collectedCandidate: Shape = { required: { name: (v) => typeof v === "string" && v.length >= 1 }, optional: { settings: (v) => exactly(v, collectedSettings, "kept") } };
/** CollectedResponse's refinement: a response that says how it ended has a failure exactly when it did not end answered. */
const endedAsItSays = (v: Record<string, unknown>): boolean => v.ending === undefined || (v.ending === "answered") === (v.failure === undefined);
const response: Check = (v) => exactly(v, collectedResponse) && endedAsItSays(v as Record<string, unknown>);
const collectedTrace: Shape = {
  required: { format: literal(COLLECTED_TRACE_FORMAT), fixture: string, candidate: object(collectedCandidate), responses: arrayOf(response) },
  optional: { trial: positiveInt, deadline_reached_at_ms: nonnegative },
};

/** Every object of a collected trace, as its schema lists it (the test compares each with its zod schema). */
export const TRACE_SHAPES = { collectedFailure, collectedResponse, collectedSettings, collectedCandidate, collectedTrace } as const;

/** `value` itself, when CollectedTrace would accept it and give back the same value; null: ask CollectedTrace. */
export function plainlyValidTrace(value: unknown): CollectedTrace | null {
  return exactly(value, collectedTrace) ? (value as CollectedTrace) : null;
}

/** Whether CollectedTrace takes `trial` as a trace's trial: for a trace vouched for as it was but for its trial. */
export const plainlyValidTrial = (trial: unknown): boolean => collectedTrace.optional?.trial?.(trial) === true;

// The same for a reply's decision, read at every step of every run. Decision's objects strip the
// keys they do not know (the runtime names them as discarded), so here too a decision may carry any
// other key; what comes back is a new object of the schema's keys only, as zod gives. A claim is a
// strict object: exactly its keys.

const candidateOutcome = oneOf(CandidateOutcome);
const claims = arrayOf(claim);
const strings = arrayOf(string);

/** What Decision would give for a parsed reply, when it accepts it; null: ask Decision (it also words the refusal). */
export function plainlyValidDecision(json: Record<string, unknown>): Decision | null {
  if (!isPlain(json)) return null;
  if (json.decision === "tool") {
    const { tool, arguments: args } = json;
    return typeof tool === "string" && args !== undefined ? { decision: "tool", tool, arguments: args } : null;
  }
  if (json.decision !== "final") return null;
  const { outcome, claims: said, evidence_ids, policy_code, message } = json;
  if (!candidateOutcome(outcome) || !claims(said) || !strings(evidence_ids) || !(policy_code === null || typeof policy_code === "string") || typeof message !== "string") return null;
  return { decision: "final", outcome: outcome as CandidateOutcome, claims: said as Claim[], evidence_ids: evidence_ids as string[], policy_code, message };
}
