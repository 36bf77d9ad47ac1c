import { createRequire } from "node:module";

// Decodes OTLP with the types OpenTelemetry generates from its own .proto files: the protobufjs root
// that @opentelemetry/otlp-transformer shipped up to 0.216.0 (installed as `otlp-transformer-generated`).
// The transformer we write with (0.223.1) only serializes requests, so its earlier generated root is
// the OpenTelemetry package that reads them back.

interface MessageType {
  decode(bytes: Uint8Array): object;
  fromObject(value: object): object;
  toObject(message: object, options: object): unknown;
}
const generated = createRequire(import.meta.url)("otlp-transformer-generated/build/src/generated/root.js") as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: MessageType } } } } };
};
const Request = generated.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
// The logs messages left the generated root after 0.200.0 (a hand-written serializer took over), so they
// come from that release (`otlp-transformer-generated-logs`).
const generatedLogs = createRequire(import.meta.url)("otlp-transformer-generated-logs/build/src/generated/root.js") as {
  opentelemetry: { proto: { collector: { logs: { v1: { ExportLogsServiceRequest: MessageType } } } } };
};
const LogsRequest = generatedLogs.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

export interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: KeyValue[];
  events?: { name: string; timeUnixNano: string; attributes?: KeyValue[] }[];
  status?: { code?: number; message?: string };
}
export interface OtlpRequest {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { scope?: { name?: string; version?: string }; spans?: OtlpSpan[] }[] }[];
}

const ID_KEYS = new Set(["traceId", "spanId", "parentSpanId"]);

interface OtlpLogRecord {
  timeUnixNano: string;
  eventName?: string;
  traceId?: string;
  spanId?: string;
  attributes?: KeyValue[];
}
export interface OtlpLogsRequest {
  resourceLogs?: { resource?: { attributes?: KeyValue[] }; scopeLogs?: { scope?: { name?: string }; logRecords?: OtlpLogRecord[] }[] }[];
}

/** Rewrites the id fields of a decoded request, wherever they are. */
function mapIds(value: unknown, f: (id: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapIds(v, f));
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ID_KEYS.has(k) ? f(v) : mapIds(v, f)]));
}

const PLAIN = { longs: String, enums: Number, bytes: String, defaults: false };
const plain = (message: object): OtlpRequest => mapIds(Request.toObject(message, PLAIN), (b64) => Buffer.from(String(b64), "base64").toString("hex")) as OtlpRequest;

const plainLogs = (message: object): OtlpLogsRequest => mapIds(LogsRequest.toObject(message, PLAIN), (b64) => Buffer.from(String(b64), "base64").toString("hex")) as OtlpLogsRequest;

/** OTLP protobuf bytes, decoded by the generated `ExportLogsServiceRequest`. */
export const decodeLogsProtobuf = (bytes: Uint8Array): OtlpLogsRequest => plainLogs(LogsRequest.decode(bytes));

/** OTLP/JSON logs, read into the generated `ExportLogsServiceRequest` (ids hex, as in traces). */
export function decodeLogsJson(text: string): { parsed: unknown; request: OtlpLogsRequest } {
  const parsed: unknown = JSON.parse(text);
  return { parsed, request: plainLogs(LogsRequest.fromObject(mapIds(parsed, (hex) => Uint8Array.from(Buffer.from(String(hex), "hex"))) as object)) };
}

/** Every log record of the request with its attributes as plain values. */
export const logRecordsOf = (request: OtlpLogsRequest) =>
  (request.resourceLogs ?? []).flatMap((rl) =>
    (rl.scopeLogs ?? []).flatMap((sl) => (sl.logRecords ?? []).map((r) => ({ eventName: r.eventName ?? "", traceId: r.traceId ?? "", spanId: r.spanId ?? "", timeNs: BigInt(r.timeUnixNano), attributes: attributesOf(r.attributes) }))),
  );

/** OTLP protobuf bytes, decoded by the generated `ExportTraceServiceRequest`. */
export const decodeProtobuf = (bytes: Uint8Array): OtlpRequest => plain(Request.decode(bytes));

/**
 * OTLP/JSON text, read into the generated `ExportTraceServiceRequest` (OTLP/JSON is protobuf's JSON
 * mapping except that ids are hex, not base64), then back to the same plain form as `decodeProtobuf`.
 */
export function decodeJson(text: string): { parsed: unknown; request: OtlpRequest } {
  const parsed: unknown = JSON.parse(text);
  const message = Request.fromObject(mapIds(parsed, (hex) => Uint8Array.from(Buffer.from(String(hex), "hex"))) as object);
  return { parsed, request: plain(message) };
}

const isDefault = (v: unknown): boolean => v === undefined || v === 0 || v === "" || v === false || (Array.isArray(v) && v.length === 0);

/** Every field of the JSON as written is in the decoded message: nothing was an unknown field that decoding dropped. */
export function uncovered(json: unknown, decoded: unknown, path = "$"): string[] {
  if (Array.isArray(json)) {
    const d = Array.isArray(decoded) ? decoded : [];
    if (json.length !== d.length && !(json.length === 0 && decoded === undefined)) return [`${path}: ${json.length} items written, ${d.length} decoded`];
    return json.flatMap((v, i) => uncovered(v, d[i], `${path}[${i}]`));
  }
  if (json !== null && typeof json === "object") {
    const d = (decoded ?? {}) as Record<string, unknown>;
    return Object.entries(json).flatMap(([k, v]) => (isDefault(v) && d[k] === undefined ? [] : uncovered(v, d[k], `${path}.${k}`)));
  }
  return String(json) === String(decoded) ? [] : [`${path}: ${JSON.stringify(json)} written, ${JSON.stringify(decoded)} decoded`];
}

export interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  events: { name: string; timeNs: bigint; attributes: Record<string, unknown> }[];
  status: { code: number; message: string };
}

const valueOf = (v: AnyValue): unknown =>
  v.stringValue ?? v.boolValue ?? (v.intValue === undefined ? undefined : Number(v.intValue)) ?? v.doubleValue ?? (v.arrayValue ? (v.arrayValue.values ?? []).map(valueOf) : undefined);

export const attributesOf = (kvs: readonly KeyValue[] | undefined): Record<string, unknown> => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/** Every span of the request, in order, with attributes and events as plain values. */
export const spansOf = (request: OtlpRequest): DecodedSpan[] =>
  (request.resourceSpans ?? []).flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? null,
        name: s.name,
        kind: s.kind ?? 0,
        startNs: BigInt(s.startTimeUnixNano),
        endNs: BigInt(s.endTimeUnixNano),
        attributes: attributesOf(s.attributes),
        events: (s.events ?? []).map((e) => ({ name: e.name, timeNs: BigInt(e.timeUnixNano), attributes: attributesOf(e.attributes) })),
        status: { code: s.status?.code ?? 0, message: s.status?.message ?? "" },
      })),
    ),
  );
