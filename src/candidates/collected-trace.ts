import { z } from "zod";
import { readJsonFile, readJsonText, validateJson, type FileLimits, type FileProblem, type FileProblemCode } from "../files/read-json-file.ts";
import type { Refusal } from "../files/refusal.ts";
import { looksLikeJsonLines, readJsonLines } from "../files/read-json-lines.ts";
import { COLLECTED_TRACE_FORMAT, CollectedTrace } from "../schemas/collected-trace.ts";
import { plainlyValidTrace, plainlyValidTrial } from "../schemas/fast-validation.ts";

export type TraceProblemCode = Exclude<FileProblemCode, "invalid"> | "invalid_trace";

/** A collected-trace file refused: `at.line` a line of JSON Lines, `at.path` the field (`[2, "responses", 0]` in an array of traces). */
export type TraceFileParse = { ok: true; traces: CollectedTrace[] } | Refusal<TraceProblemCode>;

/**
 * A trace file's refusal, in words made from what refused it: the reader's own words, or the schema's
 * after naming what was expected (`line 3: not a finbound.collected-trace/v1 trace: …`).
 */
function traceProblem(problem: FileProblem, whole: "file" | "line"): Refusal<TraceProblemCode> {
  if (problem.code !== "invalid") return { ...problem, code: problem.code };
  const where = whole === "line" && problem.at.line !== undefined ? `line ${problem.at.line}: not a ${COLLECTED_TRACE_FORMAT} trace` : `not a ${COLLECTED_TRACE_FORMAT} file`;
  return { ok: false, code: "invalid_trace", at: problem.at, message: `${where}: ${problem.message}` };
}

/**
 * Reads a collected-trace file (its bytes, or text already decoded) through the one file reader:
 * one trace, an array of them, or JSON Lines with one trace per line (`eval --collect FILE.jsonl`).
 */
export function parseCollectedTraceFile(content: Uint8Array | string, limits: FileLimits = {}): TraceFileParse {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  if (looksLikeJsonLines(bytes, (v) => typeof v === "object" && v !== null && (v as { format?: unknown }).format === COLLECTED_TRACE_FORMAT)) {
    // k trials alike are k lines that differ in their trial alone: read and checked once (repeats).
    const lines = readJsonLines(bytes, { ...limits, repeats: true });
    if (!lines.ok) return traceProblem(lines, "file");
    const traces: CollectedTrace[] = [];
    let vouched = false;
    for (const l of lines.lines) {
      // The line before, vouched for as it was, with another trial: vouched for if that trial is one.
      if (vouched && l.repeatsBut === "trial" && plainlyValidTrial((l.value as { trial: unknown }).trial)) {
        traces.push(l.value as CollectedTrace);
        continue;
      }
      // zod only for what the fast path cannot vouch for: it words the problem, or turns an old form into the new.
      const fast = plainlyValidTrace(l.value);
      vouched = fast === l.value;
      if (fast) {
        traces.push(fast);
        continue;
      }
      const one = validateJson(l.value, CollectedTrace);
      if (!one.ok) return traceProblem({ ...one, at: { ...one.at, line: l.line } }, "line");
      traces.push(one.value);
    }
    return { ok: true, traces };
  }
  const read = typeof content === "string" ? readJsonText(content, limits) : readJsonFile(content, limits);
  if (!read.ok) return traceProblem(read, "file");
  return validateCollectedTraces(read.value);
}

/**
 * Validates a value the file reader returned as one trace or an array of them. An array's errors
 * name the trace's index (`[2].responses[0].latency_ms`), so a person can find the bad entry.
 */
export function validateCollectedTraces(value: unknown): TraceFileParse {
  // Every trace vouched for by the fast path, or zod reads them all (and names the bad one's index).
  const all: readonly unknown[] = Array.isArray(value) ? value : [value];
  const fast: CollectedTrace[] = [];
  for (let i = 0; i < all.length; i++) {
    const trace = plainlyValidTrace(all[i]);
    if (!trace) break;
    fast.push(trace);
  }
  if (fast.length === all.length) return { ok: true, traces: fast };
  const parsed = validateJson(value, Array.isArray(value) ? z.array(CollectedTrace) : CollectedTrace);
  if (!parsed.ok) return traceProblem(parsed, "file");
  const traces: CollectedTrace | CollectedTrace[] = parsed.value;
  return { ok: true, traces: Array.isArray(traces) ? traces : [traces] };
}
