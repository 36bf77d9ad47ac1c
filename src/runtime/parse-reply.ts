import { Decision, FINAL_PUBLIC_FIELDS } from "../schemas/decision.ts";
import type { InvalidOutputCode } from "../schemas/event.ts";
import { Outcome, CandidateOutcome } from "../schemas/outcome.ts";
import { publicIssue } from "../schemas/describe-issues.ts";
import { freezeParsed, isPlainObject } from "./freeze.ts";
import { countedParse, inspectJson, MAX_JSON_DEPTH, parsedShape, type ParsedShape } from "./json-shape.ts";

/** Replies beyond this size are rejected before parsing. */
export const MAX_REPLY_CHARS = 256 * 1024;

export interface ParserOptions {
  /** Opt-in: accept one decision wrapped in a Markdown code fence, and record that it was unwrapped. */
  lenientFence?: boolean;
}

export type ParsedReply =
  | { ok: true; decision: Decision; body: Record<string, unknown>; discarded: string[]; lenient?: "markdown_fence" }
  | { ok: false; code: InvalidOutputCode; detail: string };

const invalid = (code: InvalidOutputCode, detail: string): ParsedReply => ({ ok: false, code, detail });

/**
 * A reply must be exactly one JSON decision. No repair: text around the JSON, a Markdown fence,
 * two objects or an array are all invalid. Whitespace around the object is allowed.
 */
export function parseReply(reply: string, finishReason: string | null, options: ParserOptions = {}): ParsedReply {
  if (finishReason === "length") return invalid("truncated", "the reply was cut off at the token limit");
  if (reply.length > MAX_REPLY_CHARS) return invalid("too_large", `the reply is longer than ${MAX_REPLY_CHARS} characters`);
  if (reply.trim() === "") return invalid("empty_reply", "the reply was empty");
  const fenced = options.lenientFence ? FENCE.exec(reply) : null;
  const text = fenced?.[1] ?? reply;
  // Members counted on both sides (countedParse); anything else is named by inspectJson, as always.
  const counted = countedParse(text, MAX_JSON_DEPTH, parsedShape);
  let json: unknown;
  let shape: ParsedShape;
  if (counted.agreed) {
    ({ parsed: json, shape } = counted);
  } else {
    const inspected = inspectJson(text);
    if (!inspected.ok) return invalid(inspected.code, inspected.detail);
    try {
      json = JSON.parse(text);
    } catch {
      return invalid("not_json", "the reply is not a single JSON value");
    }
    shape = parsedShape(json);
  }
  if (!isPlainObject(json)) return invalid("not_an_object", "the reply must be one JSON object, not an array or a scalar");
  const unfit = shape.unfit;
  if (unfit === "non_finite_number") return invalid(unfit, "a number in the reply is too large to be finite");
  if (unfit === "invalid_unicode") return invalid(unfit, "a string in the reply holds a lone surrogate");
  // Fresh and ours: frozen where it lies, so the decision's events share it rather than copy it.
  freezeParsed(json);
  if (json.decision === "final" && typeof json.outcome === "string" && Outcome.safeParse(json.outcome).success && !CandidateOutcome.safeParse(json.outcome).success) {
    return invalid("runtime_outcome", "that outcome is set by the runtime, never by a candidate");
  }
  const parsed = Decision.safeParse(json);
  if (!parsed.success) {
    return invalid("not_a_decision", publicIssue(parsed.error.issues[0], "not a valid decision"));
  }
  const allowed: readonly string[] = parsed.data.decision === "final" ? ["decision", ...FINAL_PUBLIC_FIELDS] : ["decision", "tool", "arguments"];
  const discarded = Object.keys(json).filter((k) => !allowed.includes(k));
  return { ok: true, decision: parsed.data, body: json, discarded, ...(fenced ? { lenient: "markdown_fence" as const } : {}) };
}

/** Exactly one fenced block and nothing else around it. */
const FENCE = /^\s*```(?:json)?[ \t]*\n([\s\S]*?)\n```\s*$/;
