import { longestDecisionLength } from "../candidates/http/longest-decision.ts";
import { evaluateScripted } from "../evaluation/evaluate.ts";
import { collectedTraceOf, runHttpTrial, settingsForTrial } from "../evaluation/http-trial.ts";
import { Breaker } from "../evaluation/breaker.ts";
import { jobKey, jobsOfShard, parseShard, planJobs, runPool, type Job } from "../evaluation/plan.ts";
import { reliabilityOf, summarise, type RunSummary } from "../evaluation/reliability.ts";
import { runEnd } from "../evaluation/run-counts.ts";
import { exportRun } from "../integrity/export.ts";
import { createRealClock } from "../runtime/clock.ts";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import type { ServerQueue } from "../candidates/http/server-queue.ts";
import type { CandidateKind, EvaluationPlan, EvaluationStop } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadFixtureDir, selectFixtures } from "../node/fixture-files.ts";
import { SIGN_OPTION, SIGN_USAGE, signerFrom } from "./key-files.ts";
import { HTTP_OPTIONS, httpCandidateFromFlags, nodeFetch, preflight, serverAdmission, type HttpCandidateFactory } from "./http-candidate-options.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { Progress } from "./progress.ts";
import { HALF_WIDTH_OPTION, HALF_WIDTH_USAGE, halfWidthFrom, reliabilityTable } from "./reliability-table.ts";
import { BUDGET_OPTIONS, BUDGET_USAGE, RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { RunSink } from "./run-sink.ts";
import { parseCli, positiveInt, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run eval -- [--fixture ID]... [--candidate NAME] [--format table|json|junit|jsonl] [--out FILE] [--fixtures DIR]
                       [--trials K] [--concurrency N] [--shard I/N] [--export FILE] [--sign KEYFILE]
       npm run eval -- --candidate http --base-url URL --model NAME [--api-key-env VAR] [--fixture ID]... [--collect FILE]
                       [--protocol json|tools] [--response-format json_schema|prompt_only] [--stream] [--temperature T] [--seed S] [--max-tokens N]
                       [--server-slots N] [--allow-server-queue] [--max-consecutive-failures N]
  Runs a scripted candidate (default: reference) over the fixtures (default: every fixture that has it),
  or a model behind an OpenAI-compatible server (default: every fixture).
  --trials K        run each fixture K times; the table then ends with pass^k for k = 1…K, each with its
                    95 % interval, and how many trials per fixture an interval of ±P points would need
${HALF_WIDTH_USAGE}
  --concurrency N   at most N runs (so N model requests) in flight at once (default 1)
  --shard I/N       run only the I-th of N deterministic slices of fixtures × trials; join with npm run merge
  --format jsonl    one sealed run per line as each finishes, then a closing line with the suite digest
  --protocol tools  the model calls the tools natively (the chat API's tools / tool_calls) instead of replying
                    with one JSON decision; each tool call is one decision (llama-server needs --jinja)
  --seed S          sent as the request's seed; trial t sends S + t − 1 (default 1 when K > 1)
  --collect FILE    the model's raw replies as finbound.collected-trace/v1 for npm run score (JSONL if FILE ends .jsonl)
  --export FILE     the scored runs as a sealed finbound.scored-suite/v1 file (npm run verify checks it)
${SIGN_USAGE} (with --export or --format jsonl)
  --preflight-timeout-ms MS   how long GET /v1/models may take before the run is refused (default 5000)
  --server-slots N  how many requests the server decodes at once, when it does not say (llama-server's GET /props does)
  --allow-server-queue        admit --concurrency runs even beyond the server's slots (the waiting is recorded, and counted as the server's)
  --max-consecutive-failures N  stop after N runs in a row end on an infrastructure failure (default 3)
  --max-tokens N    the reply's max_tokens (default ${longestDecisionLength()}: the longest valid decision, at one token
                    per character); with json_schema output, less is refused before any request
${BUDGET_USAGE}
${RUN_SETTINGS_USAGE}
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage, an invalid input file, no usable server,
  or an evaluation stopped because the server kept failing (what finished is written and sealed).`;

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
      "max-consecutive-failures": { type: "string", default: "3" },
      ...HTTP_OPTIONS,
      collect: { type: "string" },
      export: { type: "string" },
      ...SIGN_OPTION,
      ...RUN_SETTING_OPTIONS,
      ...BUDGET_OPTIONS,
      ...HALF_WIDTH_OPTION,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }, USAGE).values;
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
  const halfWidth = halfWidthFrom(values["half-width"]);
  const shardParse = parseShard(values.shard);
  if (!shardParse.ok) throw new UsageError(shardParse.message);
  // Read before any run: a key that cannot sign should not cost an evaluation.
  const signer = await signerFrom(values.sign, Boolean(values.export) || format === "jsonl");
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
  const server = http ? await serverAdmission(http, { ...values, concurrency }, nodeFetch) : null;
  if (server?.warning) io.stderr.write(`warning: ${server.warning}\n`);
  if (http && trials > 1 && http.settings.temperature === 0) io.stderr.write(`warning: ${TRIALS_AT_TEMPERATURE_0(trials)}\n`);

  const sink = new RunSink({ format, out: values.out, exportFile: values.export, collectFile: values.collect, plan, io, signer });
  const summaries: RunSummary[] = [];
  const progress = new Progress(io.stderr, jobs.length);
  const stop = new AbortController();
  const runJob = async (job: Job): Promise<{ run: ScoredRun; trace: CollectedTrace | null; startedAt: string }> => {
    const fixture = byId.get(job.fixture) as Fixture;
    const startedAt = new Date().toISOString();
    if (!http) return { run: { ...((await evaluateScripted(fixture, name, { ...settings, includeDiagnostics: true })) as ScoredRun), trial: job.trial }, trace: null, startedAt };
    return { ...(await runHttp(http, fixture, job.trial, { ...settings, cancel: stop.signal, ...(server?.queue ? { queue: server.queue } : {}) })), startedAt };
  };
  const breaker = http ? new Breaker(positiveInt("max-consecutive-failures", values["max-consecutive-failures"])) : null;
  const finished = new Set<string>();
  let stopped: EvaluationStop | undefined;
  for await (const { item, result } of runPool(jobs, server?.admission.runsAtOnce ?? concurrency, runJob)) {
    const fixture = byId.get(item.fixture) as Fixture;
    const sent = http ? settingsForTrial(http.settings, http.seed, item.trial).seed : undefined;
    const seed = sent === undefined ? {} : { seed: sent };
    const sealed = await exportRun(result.run, fixture, kind, { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString(), startedAt: result.startedAt, ...seed });
    sink.add(result.run, sealed, result.trace);
    summaries.push(summarise(result.run));
    finished.add(jobKey(item));
    progress.done(runEnd(result.run));
    if (breaker?.record(result.run)) {
      // The runs still in flight are stopped and left unrun with the rest: none of them would tell anything.
      stop.abort();
      stopped = { reason: breaker.reason, not_run: jobs.filter((j) => !finished.has(jobKey(j))) };
      break;
    }
  }
  progress.finish();
  await sink.close(stopped);

  const header = http ? trialsHeader(http, trials) : "";
  const allPassed = summaries.every((s) => s.passed);
  let status: number;
  if (format === "jsonl") {
    // The runs went to the file or stdout line by line; the summary goes where it cannot mix with them.
    (values.out ? io.stdout : io.stderr).write(header + reliabilityTable(reliabilityOf(summaries, plan.fixtures), halfWidth));
    status = allPassed ? 0 : 1;
  } else {
    status = emitRuns(sink.runsInPlanOrder(), format, values.out, io);
    if (stopped && format === "table") io.stdout.write(`not run (${stopped.not_run.length}): ${stopped.not_run.map((j) => `${j.fixture} trial ${j.trial}`).join(", ")}\n`);
    if (trials > 1 && format === "table") io.stdout.write(`\n${header}${reliabilityTable(reliabilityOf(summaries, plan.fixtures), halfWidth)}`);
  }
  if (!stopped) return status;
  throw new UsageError(`stopped after ${stopped.reason} at ${http?.settings.baseUrl ?? "the server"}: ${summaries.length} of ${jobs.length} run(s) finished and were written, ${stopped.not_run.length} not run. Is the server still up? (--max-consecutive-failures N changes when to stop)`);
}

const TRIALS_AT_TEMPERATURE_0 = (trials: number): string =>
  `--trials ${trials} at temperature 0: a server gives the same reply to the same request, so the ${trials} runs of a fixture measure its determinism, not the model's reliability; give --temperature (e.g. 0.7) for trials that differ`;

/** The line above a K-trials table: what ran, at which temperature, with which seeds. */
function trialsHeader(http: HttpCandidateFactory, trials: number): string {
  const seeds = http.seed === undefined ? "no seed" : trials > 1 ? `seeds ${http.seed}–${http.seed + trials - 1} (trial t: ${http.seed} + t − 1)` : `seed ${http.seed}`;
  return `${http.name} · temperature ${http.settings.temperature} · ${seeds} · ${trials} trial(s) per fixture\n`;
}

/** One trial of the HTTP candidate on the real clock, with the trace to collect and the settings behind it. */
async function runHttp(
  http: HttpCandidateFactory,
  fixture: Fixture,
  trial: number,
  settings: ReturnType<typeof runSettingsFrom> & { cancel: AbortSignal; queue?: ServerQueue },
): Promise<{ run: ScoredRun; trace: CollectedTrace }> {
  const { cancel, queue, ...reading } = settings;
  const t = { fixture, name: http.name, settings: http.settings, seed: http.seed, trial, ...reading };
  const { run, record } = await runHttpTrial({ ...t, fetch: nodeFetch, clock: createRealClock(), cancel, ...(queue ? { queue } : {}) });
  return { run, trace: collectedTraceOf(t, record) };
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
