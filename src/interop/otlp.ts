import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type HrTime, type Tracer } from "@opentelemetry/api";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { AlwaysOnSampler, TracerProvider, type IdGenerator, type ReadableSpan, type Span, type SpanProcessor } from "@opentelemetry/sdk-trace";
import { canonicalJson, RUNTIME_VERSION } from "../runtime/canonical.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { runDurationMs } from "./run-facts.ts";
import { traceOfRun, type PlannedSpan } from "./run-trace.ts";

// Runs as OTLP traces, built with the OpenTelemetry SDK and serialized by its OTLP transformer.
// Not in the pure core: the SDK carries platform code (Node's and the browser's), so this module
// is loaded by the CLI, and by the workbench only through a dynamic import.

export interface OtlpOptions {
  /** What the export's seals verified to (`verifyExport`), said on the resource. */
  seal?: { status: "verified" | "unsealed" | "broken"; message: string };
  /** Where each run's time 0 is placed, in ms since the Unix epoch. Default: the run ends at its `exported_at`. */
  epochMs?: number;
}

const encoder = new TextEncoder();
const hex = (text: string): string => bytesToHex(sha256(encoder.encode(text)));

/** Ids that depend only on the runs: the same export always gives the same trace. */
class RunIds implements IdGenerator {
  #traceId = "";
  #spans = 0;
  startTrace(traceId: string): void {
    this.#traceId = traceId;
    this.#spans = 0;
  }
  generateTraceId(): string {
    return this.#traceId;
  }
  generateSpanId(): string {
    this.#spans += 1;
    return `${this.#traceId.slice(0, 8)}${this.#spans.toString(16).padStart(8, "0")}`;
  }
}

/** Keeps every span in the order it started: the root first, then its children in the run's order. */
class Collect implements SpanProcessor {
  readonly spans: ReadableSpan[] = [];
  onStart(span: Span): void {
    this.spans.push(span);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** A sealed run's trace id is the start of its digest; an unsealed run's, of its canonical JSON's hash. A repeat is told apart by its place. */
function traceIds(runs: readonly ScoredRunExport[]): string[] {
  const seen = new Set<string>();
  return runs.map((run, i) => {
    let id = (run.integrity?.digest ?? hex(canonicalJson(run))).slice(0, 32);
    if (seen.has(id)) id = hex(`${id}\n${i}`).slice(0, 32);
    seen.add(id);
    return id;
  });
}

/** Milliseconds since the epoch (possibly fractional) as OpenTelemetry's [seconds, nanoseconds]. */
export function hrTimeOf(epochMs: number, atMs: number): HrTime {
  const whole = Math.floor(atMs);
  const total = epochMs + whole;
  let seconds = Math.floor(total / 1000);
  let nanos = (total - seconds * 1000) * 1_000_000 + Math.round((atMs - whole) * 1_000_000);
  if (nanos >= 1_000_000_000) {
    seconds += 1;
    nanos -= 1_000_000_000;
  }
  return [seconds, nanos];
}

const runEpochMs = (run: ScoredRunExport, options: OtlpOptions): number => {
  if (options.epochMs !== undefined) return options.epochMs;
  const exported = Date.parse(run.exported_at);
  return Number.isFinite(exported) ? Math.max(0, exported - Math.ceil(runDurationMs(run))) : 0;
};

function emit(tracer: Tracer, plan: PlannedSpan, parent: Context, epochMs: number): void {
  const s = tracer.startSpan(plan.name, { kind: plan.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL, startTime: hrTimeOf(epochMs, plan.start_ms), attributes: plan.attributes }, parent);
  for (const e of plan.events) s.addEvent(e.name, e.attributes, hrTimeOf(epochMs, e.at_ms));
  if (plan.status.code === "error") s.setStatus({ code: SpanStatusCode.ERROR, message: plan.status.message });
  const context = trace.setSpan(parent, s);
  for (const child of plan.children) emit(tracer, child, context, epochMs);
  s.end(hrTimeOf(epochMs, plan.end_ms));
}

/** A tracer whose spans are kept in `collect`, with ids from `ids`, on one resource (`service.name` finbound). */
function tracing(runs: readonly ScoredRunExport[], options: OtlpOptions): { tracer: Tracer; ids: RunIds; collect: Collect } {
  const ids = new RunIds();
  const collect = new Collect();
  const provider = new TracerProvider({
    idGenerator: ids,
    sampler: new AlwaysOnSampler(),
    spanProcessors: [collect],
    // Limits stated, not inherited: nothing of a run is dropped.
    spanLimits: { attributeCountLimit: 1024, eventCountLimit: 100_000, attributePerEventCountLimit: 1024 },
    resource: resourceFromAttributes({
      "service.name": "finbound",
      "service.version": runs[0]?.runtime_version ?? RUNTIME_VERSION,
      ...(options.seal ? { "finbound.seal.status": options.seal.status, "finbound.seal.message": options.seal.message } : {}),
    }),
  });
  return { tracer: provider.getTracer("finbound", RUNTIME_VERSION), ids, collect };
}

/** Every run as one trace of SDK spans, on one resource (`service.name` finbound). */
export function spansOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): ReadableSpan[] {
  const { tracer, ids, collect } = tracing(runs, options);
  const traceIdOf = traceIds(runs);
  runs.forEach((run, i) => {
    ids.startTrace(traceIdOf[i] ?? "");
    emit(tracer, traceOfRun(run), ROOT_CONTEXT, runEpochMs(run, options));
  });
  return collect.spans;
}

/** The runs as one OTLP/JSON `ExportTraceServiceRequest` on one line (what a collector's OTLP JSON file receiver reads). */
export function otlpJsonOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): string {
  const bytes = JsonTraceSerializer.serializeRequest(spansOfRuns(runs, options));
  return `${new TextDecoder().decode(bytes)}\n`;
}

/** The same request as OTLP protobuf bytes. */
export function otlpProtobufOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): Uint8Array {
  return ProtobufTraceSerializer.serializeRequest(spansOfRuns(runs, options)) ?? new Uint8Array();
}

/** Runs whose spans are serialized together: one part of otlpJsonParts. */
const RUNS_PER_PART = 25;
const SPANS_OPEN = '"spans":[';
const REQUEST_CLOSE = "]}]}]}";

/**
 * The same request as otlpJsonOfRuns, byte for byte once joined, in parts: the request up to its
 * spans, the spans of a few runs at a time, then its end. A 10,000-run suite is 157 MB of JSON and
 * seconds of work: the workbench lets the page paint between parts, and downloads them unjoined.
 * One resource and one scope hold every span, so each part's spans are those of a request of its
 * runs alone.
 */
export function* otlpJsonParts(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): Generator<string> {
  if (runs.length === 0) {
    yield otlpJsonOfRuns(runs, options);
    return;
  }
  const { tracer, ids, collect } = tracing(runs, options);
  const traceIdOf = traceIds(runs);
  const decoder = new TextDecoder();
  for (let from = 0; from < runs.length; from += RUNS_PER_PART) {
    collect.spans.length = 0;
    for (let i = from; i < Math.min(runs.length, from + RUNS_PER_PART); i++) {
      const run = runs[i] as ScoredRunExport;
      ids.startTrace(traceIdOf[i] ?? "");
      emit(tracer, traceOfRun(run), ROOT_CONTEXT, runEpochMs(run, options));
    }
    const text = decoder.decode(JsonTraceSerializer.serializeRequest(collect.spans));
    // A key inside a string value is written with its quotes escaped: the first unescaped one is the scope's spans.
    const open = text.indexOf(SPANS_OPEN);
    if (open < 0 || !text.endsWith(REQUEST_CLOSE)) throw new Error("the OTLP serializer wrote a request of an unexpected shape");
    const spans = text.slice(open + SPANS_OPEN.length, text.length - REQUEST_CLOSE.length);
    yield from === 0 ? `${text.slice(0, open + SPANS_OPEN.length)}${spans}` : `,${spans}`;
  }
  yield `${REQUEST_CLOSE}\n`;
}
