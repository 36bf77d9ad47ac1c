import { z } from "zod";
import { describeIssues } from "../schemas/describe-issues.ts";
import { CollectedTrace } from "../schemas/collected-trace.ts";

export type TraceFileParse = { ok: true; traces: CollectedTrace[] } | { ok: false; code: "not_json" | "invalid_trace"; message: string };

/**
 * Reads a collected-trace file: one trace or an array of them. An array's errors name the
 * trace's index (`[2].responses[0].latency_ms`), so a person can find the bad entry.
 */
export function parseCollectedTraceFile(text: string): TraceFileParse {
  let json: unknown;
  try {
    // A byte-order mark, as some editors write, is not part of the JSON.
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, code: "not_json", message: `not valid JSON (${error instanceof Error ? error.message : "parse error"})` };
  }
  const parsed = Array.isArray(json) ? z.array(CollectedTrace).safeParse(json) : CollectedTrace.safeParse(json);
  if (!parsed.success) return { ok: false, code: "invalid_trace", message: `not a finbound.collected-trace/v1 file: ${describeIssues(parsed.error)}` };
  return { ok: true, traces: Array.isArray(parsed.data) ? parsed.data : [parsed.data] };
}
