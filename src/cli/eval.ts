import { responsesFromEvents } from "../candidates/recorded.ts";
import { evaluateScripted } from "../evaluation/evaluate.ts";
import { runHttpTrial } from "../evaluation/http-trial.ts";
import { jobsOfShard, parseShard, planJobs, runPool, type Job } from "../evaluation/plan.ts";
import { reliabilityOf, summarise, type RunSummary } from "../evaluation/reliability.ts";
import { exportRun } from "../integrity/export.ts";
import { createRealClock } from "../runtime/clock.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../schemas/collected-trace.ts";
import type { CandidateKind, EvaluationPlan } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { HTTP_OPTIONS, httpCandidateFromFlags, nodeFetch, preflight, type HttpCandidateFactory } from "./http-candidate-options.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { Progress } from "./progress.ts";
import { reliabilityTable } from "./reliability-table.ts";
import { RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { RunSink } from "./run-sink.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run eval -- [--fixture ID]... [--candidate NAME] [--format table|json|junit|jsonl] [--out FILE] [--fixtures DIR]
                       [--trials K] [--concurrency N] [--shard I/N] [--export FILE]
       npm run eval -- --candidate http --base-url URL --model NAME [--api-key-env VAR] [--fixture ID]... [--collect FILE]
                       [--response-format json_schema|prompt_only] [--stream] [--temperature T] [--seed S]
  Runs a scripted candidate (default: reference) over the fixtures (default: every fixture that has it),
  or a model behind an OpenAI-compatible server (default: every fixture).
  --trials K        run each fixture K times; the table then ends with pass^k for k = 1…K
  --concurrency N   at most N runs (so N model requests) in flight at once (default 1)
  --shard I/N       run only the I-th of N deterministic slices of fixtures × trials; join with npm run merge
  --format jsonl    one sealed run per line as each finishes, then a closing line with the suite digest
  --seed S          sent as the request's seed; trial t sends S + t − 1 (default 1 when K > 1)
  --collect FILE    the model's raw replies as finbound.collected-trace/v1 for npm run score (JSONL if FILE ends .jsonl)
  --export FILE     the scored runs as a sealed finbound.scored-suite/v1 file (npm run verify checks it)
  --preflight-timeout-ms MS   how long GET /v1/models may take before the run is refused (default 5000)
${RUN_SETTINGS_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage, an invalid input file or no usable server.`;

function parse(argv: string[]) {
  return parseCli({
    args: argv,
    options: {
      fixture: { type: "string", multiple: true },
      candidate: { type: "string", default: "reference" },
      format: { type: "string" },
      out: { type: "string" },
      fixtures: { type: "string" },
      trials: { type: "string", default: "1" },
      concurrency: { type: "string", default: "1" },
      shard: { type: "string", default: "1/1" },
      "preflight-timeout-ms": { type: "string", default: "5000" },
      ...HTTP_OPTIONS,
      collect: { type: "string" },
      export: { type: "string" },
      ...RUN_SETTING_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }, USAGE).values;
}

const positiveInt = (flag: string, value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${flag} must be a whole number of at least 1 (got ${value})`);
  return n;
};

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
  const format = parseFormat(values.format, ["table", "json", "junit", "jsonl"]);
  const trials = positiveInt("trials", values.trials);
  const concurrency = positiveInt("concurrency", values.concurrency);
  const shardParse = parseShard(values.shard);
  if (!shardParse.ok) throw new UsageError(shardParse.message);
  const all = loadFixtureDir(values.fixtures);
  const name = values.candidate;
  const settings = runSettingsFrom(values);
  const http = name === "http" ? httpCandidateFromFlags(values, io.env ?? process.env, trials) : null;
  if (!http && values.collect) throw new UsageError("--collect needs --candidate http: scripted replies are already in the fixtures");
  const fixtures = selectFixtures(all, values.fixture ?? [], http ? () => true : (f) => Object.hasOwn(f.candidates, name), name);
  if (http) {
    const checked = await preflight(http, nodeFetch, positiveInt("preflight-timeout-ms", values["preflight-timeout-ms"]));
    if (checked.warning) io.stderr.write(`warning: ${checked.warning}\n`);
  }
  const plan: EvaluationPlan = { fixtures: fixtures.map((f) => f.id), candidates: [http?.name ?? name], trials, shard: shardParse.shard };
  const jobs = jobsOfShard(planJobs(plan.fixtures, plan.candidates, trials), shardParse.shard);
  const kind: CandidateKind = http ? "http" : "scripted";
  const byId = new Map(fixtures.map((f) => [f.id, f]));

  const sink = new RunSink({ format, out: values.out, exportFile: values.export, collectFile: values.collect, plan, io });
  const summaries: RunSummary[] = [];
  const progress = new Progress(io.stderr, jobs.length);
  const runJob = async (job: Job): Promise<{ run: ScoredRun; trace: CollectedTrace | null }> => {
    const fixture = byId.get(job.fixture) as Fixture;
    if (!http) return { run: { ...((await evaluateScripted(fixture, name, { ...settings, includeDiagnostics: true })) as ScoredRun), trial: job.trial }, trace: null };
    return runHttp(http, fixture, job.trial, settings);
  };
  for await (const { item, result } of runPool(jobs, concurrency, runJob)) {
    const fixture = byId.get(item.fixture) as Fixture;
    const sealed = await exportRun(result.run, fixture, kind, { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() });
    sink.add(result.run, sealed, result.trace);
    summaries.push(summarise(result.run));
    progress.done(result.run.passed);
  }
  progress.finish();
  await sink.close();

  const allPassed = summaries.every((s) => s.passed);
  if (format === "jsonl") {
    // The runs went to the file or stdout line by line; the summary goes where it cannot mix with them.
    const summary = reliabilityTable(reliabilityOf(summaries, plan.fixtures));
    (values.out ? io.stdout : io.stderr).write(summary);
    return allPassed ? 0 : 1;
  }
  const runs = sink.runsInPlanOrder();
  const status = emitRuns(runs, format, values.out, io);
  if (trials > 1 && format === "table") io.stdout.write(`\n${reliabilityTable(reliabilityOf(summaries, plan.fixtures))}`);
  return status;
}

/** One trial of the HTTP candidate on the real clock, with the trace to collect and the settings behind it. */
async function runHttp(http: HttpCandidateFactory, fixture: Fixture, trial: number, settings: ReturnType<typeof runSettingsFrom>): Promise<{ run: ScoredRun; trace: CollectedTrace }> {
  const { run, record } = await runHttpTrial({ fixture, name: http.name, settings: http.settings, seed: http.seed, trial, fetch: nodeFetch, clock: createRealClock(), ...settings });
  const reported = record.events.findLast((e) => e.kind === "model_reply" && e.model !== undefined);
  const trace: CollectedTrace = {
    format: COLLECTED_TRACE_FORMAT,
    fixture: fixture.id,
    candidate: {
      name: http.name,
      settings: {
        ...http.publicSettings,
        repair: settings.budget.repair,
        lenient_fence: settings.parser?.lenientFence === true,
        response_format: http.settings.responseFormat,
        model: http.settings.model,
        reported_model: reported?.kind === "model_reply" ? (reported.model ?? null) : null,
      },
    },
    responses: responsesFromEvents(record.events),
    trial,
  };
  return { run, trace };
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
