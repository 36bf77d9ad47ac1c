import { inPlanOrder } from "../evaluation/plan.ts";
import { TraceScorer, tracesToReplay, unknownTraceFixture, type TraceToReplay } from "../evaluation/score-file.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { openRunReport, parseFormat } from "./output.ts";
import { BUDGET_OPTIONS, BUDGET_USAGE, RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run score -- FILE... [--format table|json|junit] [--events] [--out FILE] [--fixtures DIR] [--max-bytes N]
  Replays and scores the replies in every file finbound writes that holds them:
    collected traces (finbound.collected-trace/v1: one, an array, or one per line as eval --collect writes),
    scored runs and suites (finbound.scored-run/v1, finbound.scored-suite/v1 as eval --export writes,
    and its JSONL form as eval --format jsonl writes), whose seals are checked as npm run verify checks them.
  Verdicts come from the replay, never from the file. Runs are listed in plan order: by fixture in the
  fixture folder's order, then candidate, then trial. The report is written run by run as each is scored;
  --events   each run in the JSON report carries its events (without: its verdicts, result and counts)
  A scored run is replayed with the settings it recorded. Settings a trace records (repair, lenient_fence)
  win over the flags below, which only fill in what a trace does not say; each such gap is printed as a note.
${RUN_SETTINGS_USAGE}
  The budget to replay with, for a trace that does not record the one it was collected under:
${BUDGET_USAGE}
${MAX_BYTES_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage, or a file that is unreadable, invalid,
  changed after export (NOT VERIFIED) or holds no replies (annotations, a matrix report, another format).`;

/** The traces a file holds, or a usage error naming the file and what it is. */
async function readTraces(file: string, maxBytes: number, fixtures: readonly Fixture[], io: CliIo): Promise<TraceToReplay[]> {
  const read = await tracesToReplay(readFileBytes(file, maxBytes), { fixtures, sha256: nodeSha256, limits: { maxBytes } });
  if (!read.ok) throw refusalError(file, read);
  for (const note of read.notes) io.stderr.write(`note: ${file}: ${note}\n`);
  return read.traces;
}

/** The traces of a file a note is about: named when a few, else counted ("48 runs"). */
function concerned(names: readonly string[], traces: readonly TraceToReplay[]): string {
  if (names.length <= 3) return names.join(", ");
  const what = traces[0]?.kind === "collected-trace" ? "traces" : "runs";
  return names.length === traces.length ? `all ${names.length} ${what}` : `${names.length} of ${traces.length} ${what}`;
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound score", io, () => score(argv, io));
}

async function score(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCli(
    {
      args: argv,
      options: { format: { type: "string" }, events: { type: "boolean" }, out: { type: "string" }, fixtures: { type: "string" }, help: { type: "boolean", short: "h" }, ...RUN_SETTING_OPTIONS, ...BUDGET_OPTIONS, ...MAX_BYTES_OPTION },
      strict: true,
      allowPositionals: true,
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`no file given\n${USAGE}`);
  const format = parseFormat(values.format);
  const maxBytes = maxBytesFrom(values["max-bytes"]);
  const fixtures = loadFixtureDir(values.fixtures);
  const settings = runSettingsFrom(values);
  const files: { file: string; traces: TraceToReplay[] }[] = [];
  for (const file of positionals) files.push({ file, traces: await readTraces(file, maxBytes, fixtures, io) });
  // Every fixture is known before the first run is written: a report is never cut short by a bad file.
  const known = new Set(fixtures.map((f) => f.id));
  for (const { file, traces } of files) {
    const unknown = traces.find((t) => !known.has(t.trace.fixture));
    if (unknown) throw refusalError(file, unknownTraceFixture(unknown, traces.length > 1));
  }
  // The traces are put in plan order before they are replayed, so each run is reported as it is scored.
  // The fixture folder's order is eval's plan order; candidates then go by name.
  const jobs = files.flatMap(({ file, traces }) => traces.map((trace, index) => ({ file, trace, index, named: traces.length > 1 })));
  const planned = inPlanOrder(jobs, { fixtures: fixtures.map((f) => f.id) }, ({ trace: { trace } }) => ({ fixture: trace.fixture, candidate: trace.candidate.name, trial: trace.trial ?? 1 }));
  // Each note names the traces it is about in the file's order (by their index), as the file lists them.
  const notes = new Map(files.map(({ file }) => [file, new Map<string, number[]>()]));
  const report = openRunReport(format, values.out, io, { events: values.events === true });
  // In plan order a fixture's trials of one candidate come together: alike ones are replayed once.
  const scorer = new TraceScorer(fixtures, settings);
  try {
    for (const { file, trace, index, named } of planned) {
      // Awaited only when replayed: a trial alike to the last one is judged at once.
      const scored = scorer.alike(trace) ?? (await scorer.replay(trace));
      if (!scored.ok) throw refusalError(file, unknownTraceFixture(trace, named));
      const byNote = notes.get(file);
      for (const note of scored.notes) {
        const about = byNote?.get(note);
        if (about) about.push(index);
        else byNote?.set(note, [index]);
      }
      report.add(scored.run);
    }
  } catch (error) {
    report.abort();
    throw error;
  }
  for (const { file, traces } of files) {
    for (const [note, indexes] of notes.get(file) ?? []) {
      const names = indexes.sort((a, b) => a - b).map((i) => traces[i]?.name ?? "");
      io.stderr.write(`note: ${file}: ${traces.length > 1 ? `${concerned(names, traces)}: ` : ""}${note}\n`);
    }
  }
  return report.end();
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
