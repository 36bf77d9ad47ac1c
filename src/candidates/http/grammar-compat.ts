// What llama.cpp's JSON-schema-to-grammar conversion can enforce (LOCAL-MODELS.md), checked without
// a server: a schema that fails here makes a small model loop inside a string until max_tokens, or
// makes the server log "conversion was incomplete … accepting any string".

/** One reason a schema cannot be turned into a finishing grammar, with where it is. */
export interface GrammarProblem {
  path: string;
  problem: string;
}

// Escapes (\d, \w, \s, \b, \p…), lookarounds and backreferences are outside the converter's subset.
const UNSUPPORTED_PATTERN: readonly [RegExp, string][] = [
  [/\\[dDwWsSbBpPk1-9]/, "an escape class (write [0-9], [A-Za-z] instead)"],
  [/\(\?[=!<]/, "a lookaround"],
];

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every problem in `schema`; empty when a grammar-constrained model can always finish a reply. */
export function grammarProblems(schema: unknown, path = "$"): GrammarProblem[] {
  if (!isSchema(schema)) return [{ path, problem: "not a schema object" }];
  const out: GrammarProblem[] = [];
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const bounded = "const" in schema || "enum" in schema;
  if (Object.keys(schema).length === 0) out.push({ path, problem: "an open schema ({}) accepts anything, without end" });
  if (types.includes("string") && !bounded && typeof schema.maxLength !== "number") out.push({ path, problem: "a string without maxLength" });
  if (typeof schema.pattern === "string") {
    for (const [re, what] of UNSUPPORTED_PATTERN) if (re.test(schema.pattern)) out.push({ path, problem: `pattern ${schema.pattern} uses ${what}` });
  }
  if (types.includes("array")) {
    if (typeof schema.maxItems !== "number") out.push({ path, problem: "an array without maxItems" });
    out.push(...grammarProblems(schema.items, `${path}[]`));
  }
  if (types.includes("object")) {
    if (schema.additionalProperties !== false) out.push({ path, problem: "an object open to extra properties" });
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const [key, sub] of Object.entries(properties)) out.push(...grammarProblems(sub, `${path}.${key}`));
  }
  for (const combinator of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[combinator];
    if (Array.isArray(list)) list.forEach((sub, i) => out.push(...grammarProblems(sub, `${path}.${combinator}[${i}]`)));
  }
  return out;
}
