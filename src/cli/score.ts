import { readFileSync } from "node:fs";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import { parseCollectedTraceFile } from "../candidates/collected-trace.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { scoreCollectedTrace } from "../evaluation/evaluate.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { parseCli, runMain, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run score -- FILE... [--format table|json|junit] [--out FILE] [--fixtures DIR]
  Scores collected traces (finbound.collected-trace/v1): each file holds one trace or an array of them.
${RUN_SETTINGS_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage or an unreadable/invalid file.`;

function readTraces(file: string): CollectedTrace[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`${file}: cannot read the file`);
  }
  const parsed = parseCollectedTraceFile(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.message}`);
  if (parsed.traces.length === 0) throw new UsageError(`${file}: the file holds no trace`);
  return parsed.traces;
}

async function main(): Promise<number> {
  const { values, positionals } = parseCli(
    {
      options: { format: { type: "string" }, out: { type: "string" }, fixtures: { type: "string" }, help: { type: "boolean", short: "h" }, ...RUN_SETTING_OPTIONS },
      strict: true,
      allowPositionals: true,
    },
    USAGE,
  );
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`no trace file given\n${USAGE}`);
  const format = parseFormat(values.format);
  const fixtures = loadFixtureDir(values.fixtures);
  const traces = positionals.flatMap((file) => readTraces(file).map((trace, i) => ({ file, i, trace })));
  const runs: ScoredRun[] = [];
  for (const { file, i, trace } of traces) {
    const scored = await scoreCollectedTrace(trace, fixtures, runSettingsFrom(values));
    if (!scored.ok) throw new UsageError(`${file}${traces.length > 1 ? ` (trace ${i})` : ""}: field "fixture": ${scored.message}`);
    runs.push(scored.run);
  }
  return emitRuns(runs, format, values.out);
}

await runMain("finbound score", main);
