import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type HrTime, type Tracer } from "@opentelemetry/api";
import type { Logger } from "@opentelemetry/api-logs";
import { JsonLogsSerializer, JsonTraceSerializer, ProtobufLogsSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes, type Resource } from "@opentelemetry/resources";
import { LoggerProvider, type LogRecordProcessor, type ReadableLogRecord, type SdkLogRecord } from "@opentelemetry/sdk-logs";
import { AlwaysOnSampler, TracerProvider, type IdGenerator, type ReadableSpan, type Span, type SpanProcessor } from "@opentelemetry/sdk-trace";
import { canonicalJson, RUNTIME_VERSION } from "../runtime/canonical.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
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
  /** `service.name`, and the project a backend files the traces under (default `finbound`). */
  service?: string;
  /** Add the messages, instructions and tool results (`--content`): off by default. */
  content?: boolean;
  /** The fixture a run was judged against, for the instructions and task its candidate was given. */
  fixtureOf?: (id: string) => Fixture | undefined;
}

/** Where Phoenix (OpenInference) reads the project a span belongs to; other backends go by `service.name`. */
export const PROJECT_ATTRIBUTE = "openinference.project.name";

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

/** Keeps every log record in the order it was emitted. */
class CollectLogs implements LogRecordProcessor {
  readonly records: ReadableLogRecord[] = [];
  onEmit(record: SdkLogRecord): void {
    this.records.push(record);
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

interface Sinks {
  tracer: Tracer;
  logger: Logger;
}

function emit(sinks: Sinks, plan: PlannedSpan, parent: Context, epochMs: number): void {
  const s = sinks.tracer.startSpan(plan.name, { kind: plan.kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL, startTime: hrTimeOf(epochMs, plan.start_ms), attributes: plan.attributes }, parent);
  for (const e of plan.events) s.addEvent(e.name, e.attributes, hrTimeOf(epochMs, e.at_ms));
  if (plan.status.code === "error") s.setStatus({ code: SpanStatusCode.ERROR, message: plan.status.message });
  const context = trace.setSpan(parent, s);
  // A log record in the span's context carries its trace and span ids: parented to the span it judges.
  for (const l of plan.logs) sinks.logger.emit({ eventName: l.name, ...(l.body === undefined ? {} : { body: l.body }), timestamp: hrTimeOf(epochMs, l.at_ms), observedTimestamp: hrTimeOf(epochMs, l.at_ms), attributes: l.attributes, context });
  for (const child of plan.children) emit(sinks, child, context, epochMs);
  s.end(hrTimeOf(epochMs, plan.end_ms));
}

function resourceOf(runs: readonly ScoredRunExport[], options: OtlpOptions): Resource {
  const service = options.service ?? "finbound";
  return resourceFromAttributes({
    "service.name": service,
    "service.version": runs[0]?.runtime_version ?? RUNTIME_VERSION,
    [PROJECT_ATTRIBUTE]: service,
    ...(options.seal ? { "finbound.seal.status": options.seal.status, "finbound.seal.message": options.seal.message } : {}),
  });
}

/** A tracer whose spans are kept in `collect`, a logger whose records are kept in `logs`, with ids from `ids`, on one resource. */
function tracing(runs: readonly ScoredRunExport[], options: OtlpOptions): Sinks & { ids: RunIds; collect: Collect; logs: CollectLogs } {
  const ids = new RunIds();
  const collect = new Collect();
  const logs = new CollectLogs();
  const resource = resourceOf(runs, options);
  const loggers = new LoggerProvider({ resource, processors: [logs], logRecordLimits: { attributeCountLimit: 1024 } });
  const provider = new TracerProvider({
    idGenerator: ids,
    sampler: new AlwaysOnSampler(),
    spanProcessors: [collect],
    // Limits stated, not inherited: nothing of a run is dropped.
    spanLimits: { attributeCountLimit: 1024, eventCountLimit: 100_000, attributePerEventCountLimit: 1024 },
    resource,
  });
  return { tracer: provider.getTracer("finbound", RUNTIME_VERSION), logger: loggers.getLogger("finbound", RUNTIME_VERSION), ids, collect, logs };
}

const planOf = (run: ScoredRunExport, options: OtlpOptions): PlannedSpan => traceOfRun(run, { content: options.content === true, fixture: options.fixtureOf?.(run.fixture.id) });

/** Every run as one trace of SDK spans, and each verdict as a log record parented to the span it judges, on one resource. */
export function signalsOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): { spans: ReadableSpan[]; logs: ReadableLogRecord[] } {
  const sinks = tracing(runs, options);
  const traceIdOf = traceIds(runs);
  runs.forEach((run, i) => {
    sinks.ids.startTrace(traceIdOf[i] ?? "");
    emit(sinks, planOf(run, options), ROOT_CONTEXT, runEpochMs(run, options));
  });
  return { spans: sinks.collect.spans, logs: sinks.logs.records };
}

/** Every run as one trace of SDK spans, on one resource. */
export const spansOfRuns = (runs: readonly ScoredRunExport[], options: OtlpOptions = {}): ReadableSpan[] => signalsOfRuns(runs, options).spans;

const decoder = new TextDecoder();

/** The runs as one OTLP/JSON `ExportTraceServiceRequest` on one line (what a collector's OTLP JSON file receiver reads). */
export function otlpJsonOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): string {
  return `${decoder.decode(JsonTraceSerializer.serializeRequest(spansOfRuns(runs, options)))}\n`;
}

/**
 * Both signals as JSON Lines, as the Collector's `otlpjsonfile` receiver reads a file: the
 * `ExportTraceServiceRequest`, then the `ExportLogsServiceRequest` of the verdicts.
 */
export function otlpJsonLinesOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): string {
  const { spans, logs } = signalsOfRuns(runs, options);
  return `${decoder.decode(JsonTraceSerializer.serializeRequest(spans))}\n${decoder.decode(JsonLogsSerializer.serializeRequest(logs))}\n`;
}

/** The trace request as OTLP protobuf bytes (what `/v1/traces` takes). */
export function otlpProtobufOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): Uint8Array {
  return ProtobufTraceSerializer.serializeRequest(spansOfRuns(runs, options)) ?? new Uint8Array();
}

/** The verdicts' log request as OTLP protobuf bytes (what `/v1/logs` takes). */
export function otlpLogsProtobufOfRuns(runs: readonly ScoredRunExport[], options: OtlpOptions = {}): Uint8Array {
  return ProtobufLogsSerializer.serializeRequest(signalsOfRuns(runs, options).logs) ?? new Uint8Array();
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
  const sinks = tracing(runs, options);
  const { ids, collect } = sinks;
  const traceIdOf = traceIds(runs);
  for (let from = 0; from < runs.length; from += RUNS_PER_PART) {
    collect.spans.length = 0;
    sinks.logs.records.length = 0;
    for (let i = from; i < Math.min(runs.length, from + RUNS_PER_PART); i++) {
      const run = runs[i] as ScoredRunExport;
      ids.startTrace(traceIdOf[i] ?? "");
      emit(sinks, planOf(run, options), ROOT_CONTEXT, runEpochMs(run, options));
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
