import { ExportResultCode, type ExportResult } from "@opentelemetry/core";
import { OTLPLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { signalsOfRuns, type OtlpOptions } from "../interop/otlp.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { UsageError } from "./usage-error.ts";

// Runs pushed to an OTLP/HTTP collector as protobuf (Phoenix's /v1/traces takes nothing else), with
// OpenTelemetry's own exporters: their retries (5 attempts with backoff on 429, 502, 503, 504 and on
// network errors, within the timeout) and their encoding. The endpoint is the collector's base
// address, as OTEL_EXPORTER_OTLP_ENDPOINT is: traces go to /v1/traces, the verdicts' log records to /v1/logs.

export interface PushResult {
  spans: number;
  logs: number;
}

/** The base address as a URL without a trailing slash, or a usage error. */
export function otlpBase(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UsageError(`--otlp-endpoint must be an http:// or https:// URL (got ${endpoint})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--otlp-endpoint must be an http:// or https:// URL (got ${endpoint})`);
  return url.href.replace(/\/+$/, "");
}

const exported = (exporter: { export(items: never[], done: (r: ExportResult) => void): void }, items: unknown[]): Promise<ExportResult> =>
  new Promise((resolve) => exporter.export(items as never[], resolve));

/** What a failed export says, in words a user can act on. */
function failure(url: string, result: ExportResult): string {
  const error = result.error as (Error & { code?: string; cause?: { code?: string } }) | undefined;
  const text = `${error?.message ?? ""} ${error?.code ?? ""} ${error?.cause?.code ?? ""}`;
  if (/ECONNREFUSED/.test(text)) return `nothing answers at ${url} (connection refused): is the collector running, and is this its OTLP/HTTP port (4318; Phoenix 6006)?`;
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return `${url}: host not found`;
  if (/timeout|timed out/i.test(text)) return `${url} did not answer in time (after retries)`;
  return `${url} refused the export: ${error?.message ?? "unknown error"}`;
}

export async function pushOtlp(runs: readonly ScoredRunExport[], endpoint: string, options: OtlpOptions & { timeoutMs: number }): Promise<PushResult> {
  const base = otlpBase(endpoint);
  const { spans, logs } = signalsOfRuns(runs, options);
  const traces = new OTLPTraceExporter({ url: `${base}/v1/traces`, timeoutMillis: options.timeoutMs });
  const records = new OTLPLogExporter({ url: `${base}/v1/logs`, timeoutMillis: options.timeoutMs });
  try {
    const sent = await exported(traces, spans);
    if (sent.code !== ExportResultCode.SUCCESS) throw new UsageError(failure(`${base}/v1/traces`, sent));
    const logged = logs.length === 0 ? sent : await exported(records, logs);
    if (logged.code !== ExportResultCode.SUCCESS) throw new UsageError(failure(`${base}/v1/logs`, logged));
    return { spans: spans.length, logs: logs.length };
  } finally {
    await Promise.all([traces.shutdown(), records.shutdown()]);
  }
}
