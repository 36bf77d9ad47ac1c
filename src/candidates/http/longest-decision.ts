import { decisionJsonSchema } from "./decision-schema.ts";

// How long a grammar-constrained reply can be. A reply cut by max_tokens ends `invalid_output`
// however good it was, so max_tokens must hold the longest decision the schema lets a model write
// (LOCAL-MODELS.md). Counted compactly, one character per character of a string: the spaces and
// newlines a llama.cpp grammar allows between tokens and `\u` escapes inside strings are not counted.

/**
 * The longest number llama.cpp's JSON grammar lets a model write (common/json-schema-to-grammar.cpp,
 * PRIMITIVE_RULES): `"-"? integral-part ("." decimal-part)? ([eE] [-+]? integral-part)?` with an
 * integral part of at most 16 digits and a decimal part of at most 16. It ignores a number's
 * minimum and maximum, so this holds for every `"type": "number"`.
 */
export const LONGEST_GRAMMAR_NUMBER = 1 + 16 + 1 + 16 + 1 + 1 + 16;
/** An integer without both bounds: `"-"? integral-part`. */
const LONGEST_GRAMMAR_INTEGER = 1 + 16;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => v !== null && typeof v === "object" && !Array.isArray(v);
const jsonLength = (value: unknown): number => JSON.stringify(value).length;

/**
 * The length in characters of the longest compact JSON text that any instance of `schema` can
 * serialise to: every string at its maxLength (or its pattern's longest match, when shorter),
 * every array at maxItems, every property present, the longest const or enum value, the longest
 * branch of anyOf/oneOf, numbers as long as llama.cpp's grammar allows. Infinity when something
 * is unbounded or outside this subset of JSON Schema (then no max_tokens is sure to be enough).
 */
export function longestJsonText(schema: unknown): number {
  if (!isSchema(schema)) return Infinity;
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return Math.max(...branches.map(longestJsonText));
  if ("const" in schema) return jsonLength(schema.const);
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map(jsonLength));
  if (Array.isArray(schema.type)) return Math.max(...schema.type.map((type: unknown) => longestJsonText({ ...schema, type })));
  const byType = typeof schema.type === "string" ? LONGEST_BY_TYPE.get(schema.type) : undefined;
  return byType ? byType(schema) : Infinity;
}

function longestObject(schema: Schema): number {
  if (schema.additionalProperties !== false || "patternProperties" in schema) return Infinity;
  const properties = Object.entries(isSchema(schema.properties) ? schema.properties : {});
  const members = properties.map(([key, sub]) => jsonLength(key) + ":".length + longestJsonText(sub));
  return "{}".length + members.reduce((a, b) => a + b, 0) + Math.max(0, members.length - 1);
}

function longestArray(schema: Schema): number {
  const maxItems = schema.maxItems;
  if (maxItems === 0) return "[]".length;
  if (typeof maxItems !== "number" || !("items" in schema)) return Infinity;
  return "[]".length + maxItems * longestJsonText(schema.items) + (maxItems - 1);
}

function longestString(schema: Schema): number {
  const byLength = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  const byPattern = typeof schema.pattern === "string" ? (longestMatch(schema.pattern) ?? Infinity) : Infinity;
  return '""'.length + Math.min(byLength, byPattern);
}

/** Both bounds: the longer end (|n| and the sign only grow towards the ends). Otherwise the grammar's. */
function longestInteger(schema: Schema): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : null;
  const max = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : null;
  if (min === null || max === null || !Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return LONGEST_GRAMMAR_INTEGER;
  return Math.max(String(min).length, String(max).length);
}

const LONGEST_BY_TYPE = new Map<string, (schema: Schema) => number>([
  ["object", longestObject],
  ["array", longestArray],
  ["string", longestString],
  ["number", () => LONGEST_GRAMMAR_NUMBER],
  ["integer", longestInteger],
  ["boolean", () => jsonLength(false)],
  ["null", () => jsonLength(null)],
]);

/**
 * The longest text an anchored pattern of single-character atoms (a literal, an escape, a
 * [class] or `.`) with `?`, `{n}` or `{n,m}` after them can match; Infinity after `*`, `+` or
 * `{n,}`; null for anything else (groups, alternation), which then leaves maxLength to bound it.
 */
export function longestMatch(pattern: string): number | null {
  if (!pattern.startsWith("^") || !pattern.endsWith("$")) return null;
  const body = pattern.slice(1, -1);
  let total = 0;
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if ("()|{}*+?^$".includes(c)) return null;
    if (c === "\\") i += 2;
    else if (c === "[") {
      let j = i + 1;
      if (body[j] === "^") j++;
      if (body[j] === "]") j++;
      while (j < body.length && body[j] !== "]") j += body[j] === "\\" ? 2 : 1;
      if (j >= body.length) return null;
      i = j + 1;
    } else i += 1;
    const quantifier = /^(?:\?|\*|\+|\{(\d+)(,(\d*))?\})/.exec(body.slice(i));
    if (!quantifier) total += 1;
    else {
      i += quantifier[0].length;
      const [q, n, comma, m] = quantifier;
      if (q === "*" || q === "+" || (comma !== undefined && m === "")) return Infinity;
      total += q === "?" ? 1 : Number(m ?? n);
    }
  }
  return total;
}

let longest: number | undefined;

/** The longest valid decision under the schema sent as `response_format`, in characters. */
export function longestDecisionLength(): number {
  longest ??= longestJsonText(decisionJsonSchema());
  return longest;
}

/** Whether `max_tokens` can hold every decision the grammar allows, at one token per character. */
export type MaxTokensCheck =
  | { ok: true }
  | { ok: false; code: "max_tokens_below_longest_decision"; maxTokens: number; longestDecision: number; message: string };

/**
 * Refuses, before any request, a pairing that cannot finish: with `json_schema` output, a
 * `max_tokens` below the longest valid decision. `setting` is the name the caller's user sets it by
 * (`--max-tokens`, "max tokens"). Prompt-only output is not constrained, so it is not held to this.
 */
export function checkMaxTokens(settings: { maxTokens: number; responseFormat: "json_schema" | "prompt_only" }, setting = "max_tokens"): MaxTokensCheck {
  const longestDecision = longestDecisionLength();
  if (settings.responseFormat !== "json_schema" || settings.maxTokens >= longestDecision) return { ok: true };
  return {
    ok: false,
    code: "max_tokens_below_longest_decision",
    maxTokens: settings.maxTokens,
    longestDecision,
    message: `${setting} ${settings.maxTokens} is below the longest valid decision: ${longestDecision} characters, so ${longestDecision} tokens at one token per character. A grammar-constrained reply could be cut off (invalid_output); set ${setting} to at least ${longestDecision}.`,
  };
}
