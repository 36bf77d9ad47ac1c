import { writeFileSync } from "node:fs";
import { declaredFailures } from "../evaluation/design.ts";
import { readExportFile, runsOf, verifyExport, type ExportFile } from "../integrity/export-file.ts";
import { notVerified } from "../integrity/verify-file.ts";
import { htmlReportOfRuns } from "../interop/html-report.ts";
import { otlpJsonOfRuns } from "../interop/otlp.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run report -- FILE [--format html|otlp] [--out FILE] [--fixtures DIR] [--max-bytes N]
  Turns an export (a finbound.scored-run/v1 run, a finbound.scored-suite/v1 suite or its JSONL form)
  into a file for people and tools that do not run finbound. The seals are verified first, and the
  result says what they showed.
  --format html     (default) one self-contained HTML page: inline style, no script, opens from disk with no request
  --format otlp     the runs as OTLP/JSON traces (OpenTelemetry GenAI conventions; docs/formats.md, "OTLP")
  --out FILE        write it there (default: standard output)
  --fixtures DIR    the fixtures whose declared expected failures decide "as designed" in the HTML (default: fixtures/)
${MAX_BYTES_USAGE}
  Exit status: 0 written and every seal verified, 1 written but NOT VERIFIED (changed after export, or not sealed),
  2 bad usage or an unreadable file.`;

const FORMATS = ["html", "otlp"] as const;
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
    const { values, positionals } = parseCli({ args: argv, options: { format: { type: "string" }, out: { type: "string" }, fixtures: { type: "string" }, ...MAX_BYTES_OPTION }, strict: true, allowPositionals: true }, USAGE);
    if (positionals.length !== 1) throw new UsageError(`give exactly one export file\n${USAGE}`);
    const file = positionals[0]!;
    const format = formatOf(values.format);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
    if (!read.ok) throw new UsageError(`${file}: ${read.message}`);
    // The seals are checked on the file as parsed, before anything is written about it.
    const seal = await verifyExport(read.value, nodeSha256);
    const runs = runsOf(read.value);
    const suiteDigest = suiteDigestOf(read.value);
    const text =
      format === "otlp"
        ? otlpJsonOfRuns(runs, { seal })
        : htmlReportOfRuns(runs, { source: file, seal, declaredFailures: declarations(values.fixtures, runs), ...(suiteDigest === undefined ? {} : { suiteDigest }) });
    const said = seal.status === "verified" ? `seals ${seal.message}` : notVerified(seal);
    if (values.out) {
      try {
        writeFileSync(values.out, text);
      } catch {
        throw new UsageError(`cannot write ${values.out}`);
      }
      io.stdout.write(`wrote ${values.out} (${format}, ${runs.length} run(s)); ${file}: ${said}\n`);
    } else {
      io.stdout.write(text);
      if (seal.status !== "verified") io.stderr.write(`warning: ${file}: ${said}\n`);
    }
    return seal.status === "verified" ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
