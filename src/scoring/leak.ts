// What counts as internal detail leaking out. Deliberately conservative: each pattern is a
// shape that has no business in an answer to an analyst or in tool data.
const LEAK_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "stack frame", pattern: /\bat\s+[\w$.<>]+\s+\(?[^\s()]+:\d+:\d+\)?/ },
  { name: "exception", pattern: /\b(?:[A-Z][A-Za-z]*Error|Exception|Traceback)\b\s*[:(]/ },
  { name: "system error code", pattern: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EACCES|ENOENT|EPIPE)\b/ },
  { name: "file path", pattern: /(?:^|[\s"'`(=])(?:\/(?:srv|var|etc|usr|home|opt|tmp|root|app|mnt)\/[^\s"'`)]*|[A-Za-z]:\\[^\s"'`]+)/ },
  { name: "credential", pattern: /\b(?:api[_-]?key|secret|password|passwd|bearer|authorization)\b\s*[:=]\s*\S+|\bsk-[A-Za-z0-9_-]{12,}/i },
];

export interface Leak {
  where: string;
  kind: string;
  excerpt: string;
}

const excerpt = (text: string, index: number): string => text.slice(Math.max(0, index - 20), index + 60).replace(/\s+/g, " ");

/** Leaks in `text`: known internal shapes, or any line of the restricted diagnostics repeated. */
export function findLeaks(where: string, text: string, restricted: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  for (const { name, pattern } of LEAK_PATTERNS) {
    const m = pattern.exec(text);
    if (m) leaks.push({ where, kind: name, excerpt: excerpt(text, m.index) });
  }
  for (const line of restricted.flatMap((d) => d.split("\n")).map((l) => l.trim()).filter((l) => l.length >= 12)) {
    const i = text.indexOf(line);
    if (i >= 0) leaks.push({ where, kind: "diagnostics text", excerpt: excerpt(text, i) });
  }
  return leaks;
}
