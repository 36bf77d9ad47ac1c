import { Decision, FINAL_PUBLIC_FIELDS } from "../schemas/decision.ts";
import type { InvalidOutputCode } from "../schemas/event.ts";
import { Outcome, CandidateOutcome } from "../schemas/outcome.ts";
import { isPlainObject } from "./freeze.ts";

/** Replies beyond this size are rejected before parsing. */
export const MAX_REPLY_CHARS = 256 * 1024;

export type ParsedReply =
  | { ok: true; decision: Decision; body: Record<string, unknown>; discarded: string[] }
  | { ok: false; code: InvalidOutputCode; detail: string };

const invalid = (code: InvalidOutputCode, detail: string): ParsedReply => ({ ok: false, code, detail });

/**
 * A reply must be exactly one JSON decision. No repair: text around the JSON, a Markdown fence,
 * two objects or an array are all invalid. Whitespace around the object is allowed.
 */
export function parseReply(text: string, finishReason: string | null): ParsedReply {
  if (finishReason === "length") return invalid("truncated", "the reply was cut off at the token limit");
  if (text.length > MAX_REPLY_CHARS) return invalid("too_large", `the reply is longer than ${MAX_REPLY_CHARS} characters`);
  if (text.trim() === "") return invalid("empty_reply", "the reply was empty");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid("not_json", "the reply is not a single JSON value");
  }
  if (!isPlainObject(json)) return invalid("not_an_object", "the reply must be one JSON object, not an array or a scalar");
  if (json.decision === "final" && typeof json.outcome === "string" && Outcome.safeParse(json.outcome).success && !CandidateOutcome.safeParse(json.outcome).success) {
    return invalid("runtime_outcome", `the outcome ${json.outcome} is set by the runtime, never by a candidate`);
  }
  const parsed = Decision.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "decision";
    return invalid("not_a_decision", `${where}: ${issue?.message ?? "not a valid decision"}`);
  }
  const allowed: readonly string[] = parsed.data.decision === "final" ? ["decision", ...FINAL_PUBLIC_FIELDS] : ["decision", "tool", "arguments"];
  const discarded = Object.keys(json).filter((k) => !allowed.includes(k));
  return { ok: true, decision: parsed.data, body: json, discarded };
}
