// What counts as internal detail leaking out. Deliberately conservative: each pattern is a
// shape that has no business in an answer to an analyst or in tool data.
const LEAK_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "stack frame", pattern: /\bat\s+[\w$.<>]+\s+\(?[^\s()]+:\d+:\d+\)?/ },
  { name: "exception", pattern: /\b(?:[A-Z][A-Za-z]*Error|Exception|Traceback)\b\s*[:(]/ },
  { name: "system error code", pattern: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EACCES|ENOENT|EPIPE)\b/ },
  { name: "file path", pattern: /(?:^|[\s"'`(=])(?:\/(?:srv|var|etc|usr|home|opt|tmp|root|app|mnt)\/[^\s"'`)]*|[A-Za-z]:\\[^\s"'`]+)/ },
  // A credential word followed by something that looks like a secret, not by ordinary words.
  { name: "credential", pattern: /\b(?:api[_-]?key|secret|password|passwd|bearer|authorization)\b\s*[:=]?\s*["']?(?=[A-Za-z0-9_\-./+=]*\d)[A-Za-z0-9_\-./+=]{8,}|\bsk-[A-Za-z0-9_-]{12,}/i },
];

export interface Leak {
  where: string;
  kind: string;
  excerpt: string;
}

const excerpt = (text: string, index: number): string => text.slice(Math.max(0, index - 20), index + 60).replace(/\s+/g, " ");

/**
 * The pieces of restricted text that must never appear elsewhere: every line, every `: `-separated
 * part of a line, and every technical token (a host, a path, an error code) of 12 characters or
 * more. Public names (the tools') are not secrets and are left out.
 */
export function restrictedFragments(restricted: readonly string[], publicNames: ReadonlySet<string>): string[] {
  const lines = restricted.flatMap((d) => d.split("\n")).map((l) => l.trim());
  const parts = lines.flatMap((l) => l.split(/:\s+/)).map((p) => p.trim());
  const tokens = lines.flatMap((l) => l.split(/\s+/)).filter((t) => /[._:/\\]/.test(t) || /^[A-Z_]{12,}$/.test(t));
  return [...new Set([...lines, ...parts, ...tokens])].filter((f) => f.length >= 12 && !publicNames.has(f));
}

/** Leaks in `text`: known internal shapes, or any fragment of the restricted diagnostics repeated. */
export function findLeaks(where: string, text: string, fragments: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  for (const { name, pattern } of LEAK_PATTERNS) {
    const m = pattern.exec(text);
    if (m) leaks.push({ where, kind: name, excerpt: excerpt(text, m.index) });
  }
  const hit = fragments.find((f) => text.includes(f));
  if (hit !== undefined) leaks.push({ where, kind: "diagnostics text", excerpt: excerpt(text, text.indexOf(hit)) });
  return leaks;
}
