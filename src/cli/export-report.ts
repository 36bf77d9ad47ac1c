import { writeFileSync } from "node:fs";
import { declaredFailures } from "../evaluation/design.ts";
import { readExportFile, runsOf, verifyExport, type ExportFile } from "../integrity/export-file.ts";
import { notVerified } from "../integrity/verify-file.ts";
import { htmlReportOfRuns } from "../interop/html-report.ts";
import { JsonLogsSerializer, ProtobufLogsSerializer } from "@opentelemetry/otlp-transformer";
import { otlpJsonOfRuns, otlpProtobufOfRuns, signalsOfRuns, type OtlpOptions } from "../interop/otlp.ts";
import { pushOtlp } from "./otlp-push.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, positiveInt, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run report -- FILE [--format html|otlp|otlp-proto] [--out FILE] [--fixtures DIR] [--max-bytes N]
       npm run report -- FILE --otlp-endpoint URL [--service NAME] [--content]
  Turns an export (a finbound.scored-run/v1 run, a finbound.scored-suite/v1 suite or its JSONL form)
  into a file for people and tools that do not run finbound. The seals are verified first, and the
  result says what they showed.
  --format html     (default) one self-contained HTML page: inline style, no script, opens from disk with no request
  --format otlp     the runs as OTLP/JSON traces (OpenTelemetry GenAI conventions; docs/formats.md, "OTLP")
  --format otlp-proto  the same request as OTLP protobuf (what an OTLP/HTTP /v1/traces takes; needs --out)
  --logs-out FILE   with an OTLP format: also the verdicts as OTLP log records, in the same encoding
  --otlp-endpoint URL  push the traces and the verdicts' log records to a collector instead (its base address,
                    as OTEL_EXPORTER_OTLP_ENDPOINT: URL/v1/traces and URL/v1/logs, OTLP/HTTP protobuf, with retries)
  --otlp-timeout-ms N  how long each push may take, retries included (default 10000)
  --service NAME    service.name and the project (Phoenix's openinference.project.name) of the spans (default finbound)
  --content         add the messages, the instructions and the tool results (gen_ai.input.messages, …): off by default
  --out FILE        write it there (default: standard output)
  --fixtures DIR    the fixtures whose declared expected failures decide "as designed" in the HTML (default: fixtures/)
${MAX_BYTES_USAGE}
  Exit status: 0 written and every seal verified, 1 written but NOT VERIFIED (changed after export, or not sealed),
  2 bad usage or an unreadable file.`;

const FORMATS = ["html", "otlp", "otlp-proto"] as const;
type ReportFormat = (typeof FORMATS)[number];

function formatOf(value: string | undefined): ReportFormat {
  const format = value ?? "html";
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got ${format})`);
  return format as ReportFormat;
}

const suiteDigestOf = (file: ExportFile): string | undefined => (file.kind === "suite" ? file.file.integrity?.digest : file.kind === "jsonl" ? file.suite.end?.integrity.digest : undefined);

/** Each candidate's declared expected failures, from the fixtures the runs were judged against. */
function declarations(dir: string | undefined, runs: readonly ScoredRunExport[]): (fixtureId: string, candidate: string) => readonly string[] | undefined {
  const fixtures = loadJudgingFixtures(dir, runs.map((r) => r.fixture.id));
  return (fixtureId, candidate) => declaredFailures(fixtures.get(fixtureId), candidate);
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound report", io, async () => {
    const { values, positionals } = parseCli(
      {
        args: argv,
        options: {
          format: { type: "string" },
          out: { type: "string" },
          "logs-out": { type: "string" },
          fixtures: { type: "string" },
          "otlp-endpoint": { type: "string" },
          "otlp-timeout-ms": { type: "string" },
          service: { type: "string" },
          content: { type: "boolean" },
          ...MAX_BYTES_OPTION,
        },
        strict: true,
        allowPositionals: true,
      },
      USAGE,
    );
    if (positionals.length !== 1) throw new UsageError(`give exactly one export file\n${USAGE}`);
    const file = positionals[0]!;
    const endpoint = values["otlp-endpoint"];
    const format = formatOf(values.format ?? (endpoint === undefined ? undefined : "otlp-proto"));
    if (endpoint !== undefined && (format !== "otlp-proto" || values.out !== undefined || values["logs-out"] !== undefined)) throw new UsageError("--otlp-endpoint pushes the runs: give it without --format, --out or --logs-out");
    if (format === "html" && (values.service !== undefined || values.content || values["logs-out"] !== undefined)) throw new UsageError("--service, --content and --logs-out are for the OTLP formats");
    if (format === "otlp-proto" && endpoint === undefined && values.out === undefined) throw new UsageError("--format otlp-proto needs --out FILE: protobuf is binary");
    if (values.service !== undefined && values.service.trim() === "") throw new UsageError("--service needs a name");
    const timeoutMs = values["otlp-timeout-ms"] === undefined ? 10_000 : positiveInt("otlp-timeout-ms", values["otlp-timeout-ms"]);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
    if (!read.ok) throw refusalError(file, read);
    // The seals are checked on the file as parsed, before anything is written about it.
    const seal = await verifyExport(read.value, nodeSha256);
    const runs = runsOf(read.value);
    const suiteDigest = suiteDigestOf(read.value);
    const otlp: OtlpOptions = { seal, ...(values.service === undefined ? {} : { service: values.service }), content: values.content === true };
    if (values.content) {
      const fixtures = loadJudgingFixtures(values.fixtures, runs.map((r) => r.fixture.id));
      otlp.fixtureOf = (id) => fixtures.get(id);
    }
    if (endpoint !== undefined) {
      const pushed = await pushOtlp(runs, endpoint, { ...otlp, timeoutMs });
      io.stdout.write(`pushed ${pushed.spans} span(s) and ${pushed.logs} log record(s) of ${runs.length} run(s) to ${endpoint}; ${file}: ${seal.status === "verified" ? `seals ${seal.message}` : notVerified(seal)}\n`);
      return seal.status === "verified" ? 0 : 1;
    }
    const text: string | Uint8Array =
      format === "otlp"
        ? otlpJsonOfRuns(runs, otlp)
        : format === "otlp-proto"
          ? otlpProtobufOfRuns(runs, otlp)
          : htmlReportOfRuns(runs, { source: file, seal, declaredFailures: declarations(values.fixtures, runs), ...(suiteDigest === undefined ? {} : { suiteDigest }) });
    const logsOut = values["logs-out"];
    if (logsOut !== undefined) {
      const { logs } = signalsOfRuns(runs, otlp);
      const bytes = format === "otlp" ? JsonLogsSerializer.serializeRequest(logs) : ProtobufLogsSerializer.serializeRequest(logs);
      try {
        writeFileSync(logsOut, bytes ?? new Uint8Array());
      } catch {
        throw new UsageError(`cannot write ${logsOut}`);
      }
    }
    const said = seal.status === "verified" ? `seals ${seal.message}` : notVerified(seal);
    if (values.out) {
      try {
        writeFileSync(values.out, text);
      } catch {
        throw new UsageError(`cannot write ${values.out}`);
      }
      io.stdout.write(`wrote ${values.out} (${format}, ${runs.length} run(s)); ${file}: ${said}\n`);
    } else {
      io.stdout.write(text as string);
      if (seal.status !== "verified") io.stderr.write(`warning: ${file}: ${said}\n`);
    }
    return seal.status === "verified" ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
