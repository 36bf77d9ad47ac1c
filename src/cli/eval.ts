import { writeFileSync } from "node:fs";
import { responsesFromEvents } from "../candidates/recorded.ts";
import { createRealClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../schemas/collected-trace.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { evaluateScripted } from "../evaluation/evaluate.ts";
import { toScoredRun } from "../scoring/score.ts";
import { exportSuite } from "../integrity/export.ts";
import type { CandidateKind } from "../schemas/export.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { httpCandidateFromFlags } from "./http-candidate-options.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run eval -- [--fixture ID]... [--candidate NAME] [--format table|json|junit] [--out FILE] [--fixtures DIR]
       npm run eval -- --candidate http --base-url URL --model NAME [--api-key-env VAR] [--fixture ID]... [--collect FILE]
                       [--response-format json_schema|prompt_only] [--stream] [--export FILE]
  Runs a scripted candidate (default: reference) over the fixtures (default: every fixture that has it),
  or a model behind an OpenAI-compatible server (default: every fixture).
  --collect FILE writes the model's raw replies as a finbound.collected-trace/v1 file for npm run score.
  --export FILE writes the scored runs as a sealed finbound.scored-suite/v1 file (npm run verify checks it).
${RUN_SETTINGS_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage or an invalid input file.`;

function parse(argv: string[]) {
  return parseCli({
    args: argv,
    options: {
      fixture: { type: "string", multiple: true },
      candidate: { type: "string", default: "reference" },
      format: { type: "string" },
      out: { type: "string" },
      fixtures: { type: "string" },
      "base-url": { type: "string" },
      model: { type: "string" },
      "api-key-env": { type: "string" },
      "response-format": { type: "string" },
      stream: { type: "boolean" },
      collect: { type: "string" },
      export: { type: "string" },
      ...RUN_SETTING_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }, USAGE).values;
}

function selectFixtures(all: Fixture[], wanted: string[], has: (f: Fixture) => boolean, name: string): Fixture[] {
  for (const id of wanted) {
    const fx = all.find((f) => f.id === id);
    if (!fx) throw new UsageError(`unknown fixture ${id} (known: ${all.map((f) => f.id).join(", ")})`);
    if (!has(fx)) throw new UsageError(`fixture ${id} has no candidate ${name} (it has: ${Object.keys(fx.candidates).join(", ")})`);
  }
  const chosen = wanted.length > 0 ? all.filter((f) => wanted.includes(f.id)) : all.filter(has);
  if (chosen.length === 0) throw new UsageError(`no fixture has a candidate named ${name}`);
  return chosen;
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound eval", io, () => evaluate(argv, io));
}

async function evaluate(argv: string[], io: CliIo): Promise<number> {
  const values = parse(argv);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = parseFormat(values.format);
  const all = loadFixtureDir(values.fixtures);
  const name = values.candidate;
  const settings = runSettingsFrom(values);
  const runs: ScoredRun[] = [];
  if (name === "http") {
    const http = httpCandidateFromFlags(values, io.env ?? process.env);
    const traces: CollectedTrace[] = [];
    for (const fx of selectFixtures(all, values.fixture ?? [], () => true, name)) {
      io.stderr.write(`running ${fx.id} against ${values["base-url"]} (${values.model})…\n`);
      const record = await runEpisode({ fixture: fx, candidate: http.make(), clock: createRealClock(), ...settings });
      runs.push(toScoredRun({ ...record, candidate: http.name }, fx));
      traces.push({ format: COLLECTED_TRACE_FORMAT, fixture: fx.id, candidate: { name: http.name, settings: http.settings }, responses: responsesFromEvents(record.events) });
    }
    if (values.collect) {
      try {
        writeFileSync(values.collect, `${JSON.stringify(traces, null, 2)}\n`);
      } catch {
        throw new UsageError(`cannot write ${values.collect}`);
      }
      io.stderr.write(`collected ${traces.length} trace(s) in ${values.collect}\n`);
    }
  } else {
    if (values.collect) throw new UsageError("--collect needs --candidate http: scripted replies are already in the fixtures");
    for (const fx of selectFixtures(all, values.fixture ?? [], (f) => Object.hasOwn(f.candidates, name), name)) {
      const run = await evaluateScripted(fx, name, settings);
      if (run) runs.push(run);
    }
  }
  if (values.export) await writeExport(values.export, runs, all, name === "http" ? "http" : "scripted", io);
  return emitRuns(runs, format, values.out, io);
}

async function writeExport(file: string, runs: readonly ScoredRun[], fixtures: readonly Fixture[], kind: CandidateKind, io: CliIo): Promise<void> {
  const suite = await exportSuite(
    runs.flatMap((run) => {
      const fixture = fixtures.find((f) => f.id === run.fixture);
      return fixture ? [{ run, fixture, kind }] : [];
    }),
    { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() },
  );
  try {
    writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`);
  } catch {
    throw new UsageError(`cannot write ${file}`);
  }
  io.stderr.write(`exported ${runs.length} sealed run(s) to ${file}\n`);
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
