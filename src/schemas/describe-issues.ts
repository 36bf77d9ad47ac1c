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
