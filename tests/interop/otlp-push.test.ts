import { createServer, type Server } from "node:http";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as reportMain } from "../../src/cli/export-report.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { sealSuite } from "../../src/integrity/export.ts";
import { EVALUATION_RESULT_EVENT, GEN_AI } from "../../src/interop/genai-semconv.ts";
import { otlpLogsProtobufOfRuns, otlpProtobufOfRuns, PROJECT_ATTRIBUTE, signalsOfRuns } from "../../src/interop/otlp.ts";
import { traceOfRun } from "../../src/interop/run-trace.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { fixture } from "../support.ts";
import { runCli } from "../cli/run-cli.ts";
import { exportedSuite, runOf } from "./exports.ts";
import { attributesOf, decodeJson, decodeLogsJson, decodeLogsProtobuf, decodeProtobuf, logRecordsOf, spansOf, uncovered } from "./otlp-decode.ts";

// Push to a collector, as Phoenix or an OpenTelemetry Collector takes it: OTLP/HTTP protobuf to
// /v1/traces and /v1/logs. A loopback receiver decodes what arrives with OpenTelemetry's generated types.

interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

let receiver: Server;
let base = "";
const received: Received[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]), body: Buffer.concat(chunks) });
      // An empty Export*ServiceResponse: everything accepted.
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const dir = mkdtempSync(join(tmpdir(), "finbound-otlp-push-"));
let runs: ScoredRunExport[];
let suite: string;
beforeAll(async () => {
  runs = [...(await exportedSuite("reference")), ...(await exportedSuite("reads-other-household"))];
  suite = join(dir, "suite.json");
  writeFileSync(suite, JSON.stringify(await sealSuite(runs, { sha256: nodeSha256, nowIso: "2026-03-31T09:30:00.000Z" })));
});

describe("OTLP push and log records", () => {
  it("pushes every span and every verdict's log record, as protobuf, to /v1/traces and /v1/logs", async () => {
    received.length = 0;
    const r = await runCli(reportMain, [suite, "--otlp-endpoint", `${base}/`, "--service", "finbound-ci", "--content"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const verdicts = runs.reduce((n, run) => n + run.verdicts.length, 0);
    expect(r.stdout).toMatch(new RegExp(`^pushed \\d+ span\\(s\\) and ${verdicts} log record\\(s\\) of ${runs.length} run\\(s\\) to ${base}/`));
    expect(received.map((x) => [x.path, x.contentType])).toEqual([
      ["/v1/traces", "application/x-protobuf"],
      ["/v1/logs", "application/x-protobuf"],
    ]);
    // What arrived is, span for span and attribute for attribute, what the file export writes.
    const options = { service: "finbound-ci", content: true, fixtureOf: (id: string) => fixture(id), seal: { status: "verified" as const, message: `verified (${runs.length} runs)` } };
    const traces = decodeProtobuf(received[0]!.body);
    expect(traces).toEqual(decodeProtobuf(otlpProtobufOfRuns(runs, options)));
    const logs = decodeLogsProtobuf(received[1]!.body);
    expect(logs).toEqual(decodeLogsProtobuf(otlpLogsProtobufOfRuns(runs, options)));

    const resource = attributesOf(traces.resourceSpans?.[0]?.resource?.attributes);
    expect(resource).toMatchObject({ "service.name": "finbound-ci", [PROJECT_ATTRIBUTE]: "finbound-ci", "finbound.seal.status": "verified" });
    expect(attributesOf(logs.resourceLogs?.[0]?.resource?.attributes)).toMatchObject({ "service.name": "finbound-ci" });
    const spans = spansOf(traces);
    expect(spans).toHaveLength(signalsOfRuns(runs, options).spans.length);
    // Each verdict's record is parented to the root span of the run it judges.
    const records = logRecordsOf(logs);
    expect(records).toHaveLength(verdicts);
    const roots = new Map(spans.filter((s) => s.parentSpanId === null).map((s) => [s.spanId, s]));
    for (const record of records) {
      const root = roots.get(record.spanId);
      expect(root?.traceId).toBe(record.traceId);
      expect(record.attributes["event.name"]).toBe(EVALUATION_RESULT_EVENT);
      expect(root?.events.some((e) => e.name === EVALUATION_RESULT_EVENT && e.attributes[GEN_AI.evaluationName] === record.attributes[GEN_AI.evaluationName])).toBe(true);
    }
    // With --content the chat spans carry the conversation, in the conventions' shape.
    const chat = spans.find((s) => s.name.startsWith("chat ") && s.attributes["finbound.step"] === 2)!;
    const input = JSON.parse(String(chat.attributes[GEN_AI.inputMessages])) as { role: string; parts: { type: string }[] }[];
    expect(input.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(input[2]!.parts[0]!.type).toBe("tool_call_response");
    expect(JSON.parse(String(chat.attributes[GEN_AI.outputMessages]))).toMatchObject([{ role: "assistant", parts: [{ type: "text" }], finish_reason: "stop" }]);
    expect(String(chat.attributes[GEN_AI.systemInstructions])).toContain('"type":"text"');
    expect(spans.filter((s) => s.name.startsWith("execute_tool ")).every((s) => typeof s.attributes[GEN_AI.toolCallResult] === "string")).toBe(true);
  });

  it("says clearly that nothing listens, after the exporter's retries", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const r = await runCli(reportMain, [suite, "--otlp-endpoint", url, "--otlp-timeout-ms", "1500"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`nothing answers at ${url}/v1/traces (connection refused)`);
    expect(await runCli(reportMain, [suite, "--otlp-endpoint", "ftp://x"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--otlp-endpoint must be an http:// or https:// URL") });
    expect(await runCli(reportMain, [suite, "--format", "otlp-proto"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--format otlp-proto needs --out FILE") });
  }, 20_000);

  it("writes both encodings, which decode to the same requests with the generated types; content stays out by default", async () => {
    const json = join(dir, "t.json");
    const proto = join(dir, "t.pb");
    const jsonLogs = join(dir, "l.json");
    const protoLogs = join(dir, "l.pb");
    expect((await runCli(reportMain, [suite, "--format", "otlp", "--out", json, "--logs-out", jsonLogs])).status).toBe(0);
    expect((await runCli(reportMain, [suite, "--format", "otlp-proto", "--out", proto, "--logs-out", protoLogs])).status).toBe(0);
    const traces = decodeJson(readFileSync(json, "utf8"));
    expect(traces.request).toEqual(decodeProtobuf(readFileSync(proto)));
    expect(uncovered(traces.parsed, traces.request)).toEqual([]);
    const logsText = readFileSync(jsonLogs, "utf8");
    const logs = decodeLogsJson(logsText);
    expect(logs.request).toEqual(decodeLogsProtobuf(readFileSync(protoLogs)));
    // The generated types predate the log record's eventName (field 12): it is checked as written.
    expect(uncovered(logs.parsed, logs.request).filter((p) => !p.endsWith(".eventName: \"gen_ai.evaluation.result\" written, undefined decoded"))).toEqual([]);
    expect(logsText.match(/"eventName":"gen_ai\.evaluation\.result"/g)).toHaveLength(runs.reduce((n, run) => n + run.verdicts.length, 0));
    const spans = spansOf(traces.request);
    expect(spans.some((s) => GEN_AI.inputMessages in s.attributes || GEN_AI.toolCallResult in s.attributes)).toBe(false);
  });

  it("stamps a reply's decision inside its chat span, however late the runtime recorded it", () => {
    const run = runOf(runs, "fv-scenario-a");
    const late = { ...run, events: run.events.map((e) => (e.kind === "decision" || e.kind === "invalid_output" ? { ...e, at_ms: e.at_ms + 7 } : e)) };
    const chats = traceOfRun(late).children.filter((c) => c.name.startsWith("chat "));
    expect(chats.flatMap((c) => c.events)).not.toHaveLength(0);
    for (const c of chats) for (const e of c.events) expect(e.at_ms).toBeLessThanOrEqual(c.end_ms);
  });
});
