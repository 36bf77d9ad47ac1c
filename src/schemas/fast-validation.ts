import { z } from "zod";
import { Claim } from "./claim.ts";
import { DecisionEvent, InvalidOutputCode, ModelFailureCode, type RunEvent } from "./event.ts";
import { ScoredRunExport, ScoredSuiteExport } from "./export.ts";
import { ISO_DATE } from "./ids.ts";
import { BudgetReason, CandidateOutcome, Outcome } from "./outcome.ts";
import { DenialCode, ToolErrorCode } from "./tool-call.ts";

// A fast path for validating an export's events (issue 11): zod checks a 10,000-run suite's 60,000
// events one schema node at a time and copies each. This says, for an event as parsed, "zod would
// accept it and give back the same value" — or that it cannot say, and zod decides (and words the
// problem, naming the run and the field). It is deliberately narrow: plain objects, exactly the
// keys the schema allows, nothing undefined, so a false "yes" is impossible and a "no" costs only
// the zod run it would have cost anyway. tests/schemas/fast-validation.test.ts holds it to RunEvent.

type Check = (value: unknown) => boolean;
interface Shape {
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
const isoDate: Check = (v) => typeof v === "string" && ISO_DATE.test(v);
/** z.unknown() as a required key: present and not undefined, so zod accepts it whatever it is. */
const present: Check = (v) => v !== undefined;
/** z.record(z.string(), z.unknown()): a plain object; one with a `__proto__` key is left to zod. */
const record: Check = (v) => isPlain(v) && !Object.hasOwn(v, "__proto__") && Object.values(v).every(present);

/** Exactly the keys of `shape`, each as it requires; an optional key may be absent, never undefined. */
function exactly(value: unknown, shape: Shape): boolean {
  if (!isPlain(value)) return false;
  let found = 0;
  for (const key of Object.keys(value)) {
    const check = Object.hasOwn(shape.required, key) ? shape.required[key] : shape.optional && Object.hasOwn(shape.optional, key) ? shape.optional[key] : undefined;
    if (!check || !check(value[key])) return false;
    if (Object.hasOwn(shape.required, key)) found += 1;
  }
  return found === Object.keys(shape.required).length;
}

const object =
  (shape: Shape): Check =>
  (v) =>
    exactly(v, shape);

const budget = object({ required: { max_decisions: positiveInt, deadline_ms: positive, request_timeout_ms: positive, tool_timeout_ms: positive, repair: boolean } });
const context = object({ required: { principal: (v) => typeof v === "string" && v.length >= 1, authorised_households: arrayOf(string), as_of: isoDate } });
const usage = object({ required: {}, optional: { prompt_tokens: nat, completion_tokens: nat, total_tokens: nat } });
const claim = object({
  required: { kind: oneOf(Claim.shape.kind), value: finite, unit: oneOf(Claim.shape.unit), scenario: nullable(string), as_of: isoDate, calculator: string, evidence_id: string },
});

const base = { seq: nat, step: nat, at_ms: nonnegative };

/** Every event kind's keys, as its schema in event.ts lists them (the test compares the two). */
export const EVENT_SHAPES: Readonly<Record<RunEvent["kind"], Shape>> = {
  run_started: {
    required: { ...base, kind: literal("run_started"), fixture: string, candidate: string, budget, context, task_households: arrayOf(string) },
    optional: { lenient_fence: boolean },
  },
  model_request: { required: { ...base, kind: literal("model_request"), timeout_ms: nonnegative, repair: boolean } },
  model_reply: {
    required: { ...base, kind: literal("model_reply"), text: string, latency_ms: nonnegative, finish_reason: nullable(string), usage: nullable(usage) },
    optional: { model: string },
  },
  model_failure: { required: { ...base, kind: literal("model_failure"), code: oneOf(ModelFailureCode), latency_ms: nonnegative }, optional: { status: int } },
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
  budget_exhausted: { required: { ...base, kind: literal("budget_exhausted"), reason: oneOf(BudgetReason) } },
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

/** The export's schemas with the events left aside: zod checks the rest of each run. */
const RunEventsAside = ScoredRunExport.extend({ events: z.array(z.unknown()) });
const SuiteEventsAside = ScoredSuiteExport.extend({ runs: z.array(RunEventsAside) });

/** What ScoredRunExport would give for `value`, when the fast path can vouch for its events; null: ask ScoredRunExport. */
export function plainlyValidRun(value: unknown): ScoredRunExport | null {
  const run = RunEventsAside.safeParse(value);
  if (!run.success) return null;
  const { events } = run.data;
  return events.every(plainlyValidEvent) ? { ...run.data, events } : null;
}

/** What ScoredSuiteExport would give for `value`, when the fast path can vouch for every event; null: ask ScoredSuiteExport. */
export function plainlyValidSuite(value: unknown): ScoredSuiteExport | null {
  const suite = SuiteEventsAside.safeParse(value);
  if (!suite.success) return null;
  const runs: ScoredRunExport[] = [];
  for (const run of suite.data.runs) {
    const { events } = run;
    if (!events.every(plainlyValidEvent)) return null;
    runs.push({ ...run, events });
  }
  return { ...suite.data, runs };
}
