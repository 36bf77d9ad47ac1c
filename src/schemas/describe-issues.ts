import type { z } from "zod";

/** `a.b[2].c` — the field an issue is about, as a person would write it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), "");
}

export function describeIssues(error: z.ZodError, max = 3): string {
  const issues = error.issues.slice(0, max).map((i) => `field "${fieldPath(i.path) || "(root)"}": ${i.message}`);
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : "";
  return issues.join("; ") + more;
}

/**
 * One issue as runtime-authored text: the field path from the schema and the kind of problem,
 * never a key or value the candidate wrote (those are already in the recorded reply).
 */
export function publicIssue(issue: z.core.$ZodIssue | undefined, fallback: string): string {
  if (!issue) return fallback;
  const where = fieldPath(issue.path.filter((k) => typeof k === "number" || /^[a-z_]{1,40}$/.test(String(k)))) || "(root)";
  const what =
    issue.code === "unrecognized_keys" ? "unexpected field(s)"
    : issue.code === "invalid_type" ? `expected ${issue.expected}`
    : issue.code === "invalid_value" ? "not an allowed value"
    : issue.code === "too_small" || issue.code === "too_big" ? "out of range"
    : issue.code === "invalid_union" ? "matches no allowed shape"
    : "invalid";
  return `${where}: ${what}`;
}
