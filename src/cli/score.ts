import type { CollectedTrace } from "../schemas/collected-trace.ts";
import { parseCollectedTraceFile } from "../candidates/collected-trace.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { scoreCollectedTrace } from "../evaluation/evaluate.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run score -- FILE... [--format table|json|junit] [--out FILE] [--fixtures DIR] [--max-bytes N]
  Scores collected traces (finbound.collected-trace/v1): each file holds one trace, an array of them,
  or one trace per line (JSONL). Settings a trace records (repair, lenient_fence) win over the flags
  below, which only fill in what a file does not say; each such gap is printed as a note.
${RUN_SETTINGS_USAGE}
${MAX_BYTES_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage or an unreadable/invalid file.`;

function readTraces(file: string, maxBytes: number): CollectedTrace[] {
  const parsed = parseCollectedTraceFile(readFileBytes(file, maxBytes), { maxBytes });
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.message}`);
  if (parsed.traces.length === 0) throw new UsageError(`${file}: the file holds no trace`);
  return parsed.traces;
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound score", io, () => score(argv, io));
}

async function score(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCli(
    {
      args: argv,
      options: { format: { type: "string" }, out: { type: "string" }, fixtures: { type: "string" }, help: { type: "boolean", short: "h" }, ...RUN_SETTING_OPTIONS, ...MAX_BYTES_OPTION },
      strict: true,
      allowPositionals: true,
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`no trace file given\n${USAGE}`);
  const format = parseFormat(values.format);
  const maxBytes = maxBytesFrom(values["max-bytes"]);
  const fixtures = loadFixtureDir(values.fixtures);
  const traces = positionals.flatMap((file) => readTraces(file, maxBytes).map((trace, i) => ({ file, i, trace })));
  const runs: ScoredRun[] = [];
  for (const { file, i, trace } of traces) {
    const scored = await scoreCollectedTrace(trace, fixtures, runSettingsFrom(values));
    const where = `${file}${traces.length > 1 ? ` (trace ${i})` : ""}`;
    if (!scored.ok) throw new UsageError(`${where}: field "fixture": ${scored.message}`);
    for (const note of scored.notes) io.stderr.write(`note: ${where}: ${note}\n`);
    runs.push(trace.trial === undefined ? scored.run : { ...scored.run, trial: trace.trial });
  }
  return emitRuns(runs, format, values.out, io);
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
