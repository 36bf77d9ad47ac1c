import { z } from "zod";
import { readJsonFile, readJsonText, validateJson, type FileLimits, type FileProblemCode } from "../files/read-json-file.ts";
import { looksLikeJsonLines, readJsonLines } from "../files/read-json-lines.ts";
import { COLLECTED_TRACE_FORMAT, CollectedTrace } from "../schemas/collected-trace.ts";

export type TraceFileParse = { ok: true; traces: CollectedTrace[] } | { ok: false; code: Exclude<FileProblemCode, "invalid"> | "invalid_trace"; message: string };

/**
 * Reads a collected-trace file (its bytes, or text already decoded) through the one file reader:
 * one trace, an array of them, or JSON Lines with one trace per line (`eval --collect FILE.jsonl`).
 */
export function parseCollectedTraceFile(content: Uint8Array | string, limits: FileLimits = {}): TraceFileParse {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  if (looksLikeJsonLines(bytes, (v) => typeof v === "object" && v !== null && (v as { format?: unknown }).format === COLLECTED_TRACE_FORMAT)) {
    const lines = readJsonLines(bytes, limits);
    if (!lines.ok) return { ok: false, code: lines.code === "invalid" ? "invalid_trace" : lines.code, message: lines.message };
    const traces: CollectedTrace[] = [];
    for (const l of lines.lines) {
      const one = validateJson(l.value, CollectedTrace);
      if (!one.ok) return { ok: false, code: "invalid_trace", message: `line ${l.line}: not a finbound.collected-trace/v1 trace: ${one.message}` };
      traces.push(one.value);
    }
    return { ok: true, traces };
  }
  const read = typeof content === "string" ? readJsonText(content, limits) : readJsonFile(content, limits);
  if (!read.ok) return { ok: false, code: read.code === "invalid" ? "invalid_trace" : read.code, message: read.message };
  return validateCollectedTraces(read.value);
}

/**
 * Validates a value the file reader returned as one trace or an array of them. An array's errors
 * name the trace's index (`[2].responses[0].latency_ms`), so a person can find the bad entry.
 */
export function validateCollectedTraces(value: unknown): TraceFileParse {
  const parsed = validateJson(value, Array.isArray(value) ? z.array(CollectedTrace) : CollectedTrace);
  if (!parsed.ok) return { ok: false, code: "invalid_trace", message: `not a finbound.collected-trace/v1 file: ${parsed.message}` };
  const traces: CollectedTrace | CollectedTrace[] = parsed.value;
  return { ok: true, traces: Array.isArray(traces) ? traces : [traces] };
}
