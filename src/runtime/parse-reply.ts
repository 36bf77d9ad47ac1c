import { Decision, FINAL_PUBLIC_FIELDS } from "../schemas/decision.ts";
import type { InvalidOutputCode } from "../schemas/event.ts";
import { Outcome, CandidateOutcome } from "../schemas/outcome.ts";
import { publicIssue } from "../schemas/describe-issues.ts";
import { plainlyValidDecision } from "../schemas/fast-validation.ts";
import { freezeParsed, frozenCopy, frozenEmpty, isPlainObject } from "./freeze.ts";
import { countedParse, frozenParsedShape, inspectJson, MAX_JSON_DEPTH, type ParsedShape } from "./json-shape.ts";

/** Replies beyond this size are rejected before parsing. */
export const MAX_REPLY_CHARS = 256 * 1024;

export interface ParserOptions {
  /** Opt-in: accept one decision wrapped in a Markdown code fence, and record that it was unwrapped. */
  lenientFence?: boolean;
}

/** A reply that is not one valid decision: the code and words of its `invalid_output` event. */
export interface InvalidReply {
  ok: false;
  code: InvalidOutputCode;
  detail: string;
}

/**
 * One decision as read from a reply. Every part of it is deeply frozen (the body, the decision's
 * claims and arguments, the discarded names), so the events that record them share them as they are.
 */
export interface ParsedDecision {
  ok: true;
  decision: Decision;
  /** The decision as the candidate sent it, every field included. */
  body: Record<string, unknown>;
  /** Fields beyond the decision's own: ignored, and named as forgery attempts. */
  discarded: string[];
  lenient?: "markdown_fence";
}

export type ParsedReply = ParsedDecision | InvalidReply;

export const invalid = (code: InvalidOutputCode, detail: string): InvalidReply => ({ ok: false, code, detail });

/**
 * A reply must be exactly one JSON decision. No repair: text around the JSON, a Markdown fence,
 * two objects or an array are all invalid. Whitespace around the object is allowed.
 */
export function parseReply(reply: string, finishReason: string | null, options: ParserOptions = {}): ParsedReply {
  if (finishReason === "length") return invalid("truncated", "the reply was cut off at the token limit");
  if (reply.length > MAX_REPLY_CHARS) return invalid("too_large", `the reply is longer than ${MAX_REPLY_CHARS} characters`);
  if (reply.trim() === "") return invalid("empty_reply", "the reply was empty");
  const fenced = options.lenientFence ? FENCE.exec(reply) : null;
  const object = parseJsonObject(fenced?.[1] ?? reply, "the reply");
  if (!object.ok) return object;
  return decisionOf(object.value, fenced ? "markdown_fence" : undefined);
}

/**
 * One JSON object, read with the checks every reply gets: no duplicate key, bounded depth, finite
 * numbers, well-formed strings. Frozen where it lies, so the decision's events share it. `what`
 * names the text in the words of a refusal ("the reply", "the arguments of portfolio_read").
 */
export function parseJsonObject(text: string, what: string): { ok: true; value: Record<string, unknown> } | InvalidReply {
  // Members counted on both sides (countedParse); anything else is named by inspectJson, as always.
  // The walk that counts the parsed side also freezes it, on either path: the value is ours alone, refused or not.
  const counted = countedParse(text, MAX_JSON_DEPTH, frozenParsedShape);
  let json: unknown;
  let shape: ParsedShape;
  if (counted.agreed) {
    ({ parsed: json, shape } = counted);
  } else {
    const inspected = inspectJson(text);
    if (!inspected.ok) return invalid(inspected.code, inspected.detail);
    const notJson = invalid("not_json", `${what} is not a single JSON value`);
    if (counted.notJson) return notJson;
    try {
      json = JSON.parse(text);
    } catch {
      return notJson;
    }
    shape = frozenParsedShape(json);
  }
  if (!isPlainObject(json)) return invalid("not_an_object", `${what} must be one JSON object, not an array or a scalar`);
  const unfit = shape.unfit;
  if (unfit === "non_finite_number") return invalid(unfit, `a number in ${what} is too large to be finite`);
  if (unfit === "invalid_unicode") return invalid(unfit, `a string in ${what} holds a lone surrogate`);
  return { ok: true, value: json };
}

/**
 * A parsed JSON object as a decision: its public fields kept, every other field named as discarded.
 * Takes `json` over (the parser's own, or an envelope it has just built around parsed parts) and
 * freezes it where it lies; a part frozen already is left as it is.
 */
export function decisionOf(json: Record<string, unknown>, lenient?: "markdown_fence"): ParsedReply {
  freezeParsed(json);
  if (json.decision === "final" && RUNTIME_OUTCOMES.has(json.outcome)) {
    return invalid("runtime_outcome", "that outcome is set by the runtime, never by a candidate");
  }
  // zod only for what the fast path cannot vouch for, and for the words of a refusal.
  let decision = plainlyValidDecision(json);
  if (!decision) {
    const parsed = Decision.safeParse(json);
    if (!parsed.success) return invalid("not_a_decision", publicIssue(parsed.error.issues[0], "not a valid decision"));
    // zod's output is new objects around the body's parts: frozen, so the decision is as the fast path's.
    decision = frozenCopy(parsed.data);
  }
  const allowed: readonly string[] = decision.decision === "final" ? FINAL_FIELDS : TOOL_FIELDS;
  let named: string[] | null = null;
  for (const key in json) if (!allowed.includes(key)) (named ??= []).push(key);
  // Frozen as made: the decision's events record it, and share it rather than copy it. Most replies discard nothing, and share one empty list.
  const discarded = named === null ? NOTHING_DISCARDED : (Object.freeze(named) as string[]);
  return { ok: true, decision, body: json, discarded, ...(lenient ? { lenient } : {}) };
}

/** Outcomes only the runtime sets. */
const RUNTIME_OUTCOMES: ReadonlySet<unknown> = new Set(Outcome.options.filter((o) => !(CandidateOutcome.options as readonly string[]).includes(o)));

const FINAL_FIELDS: readonly string[] = ["decision", ...FINAL_PUBLIC_FIELDS];
const NOTHING_DISCARDED: string[] = frozenEmpty();
const TOOL_FIELDS: readonly string[] = ["decision", "tool", "arguments"];

/** Exactly one fenced block and nothing else around it. */
const FENCE = /^\s*```(?:json)?[ \t]*\n([\s\S]*?)\n```\s*$/;
