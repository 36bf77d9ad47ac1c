import { writeFileSync } from "node:fs";
import { evaluateScripted } from "../evaluation/evaluate.ts";
import { runHttpTrial } from "../evaluation/http-trial.ts";
import { matrixMetrics, summariseMatrixRun, type MatrixRunSummary } from "../evaluation/matrix-metrics.ts";
import { jobsOfShard, parseShard, planJobs, runPool, type Job } from "../evaluation/plan.ts";
import { rescoreExport } from "../evaluation/rescore.ts";
import { runEnd } from "../evaluation/run-counts.ts";
import { exportRun } from "../integrity/export.ts";
import { readExportFile, runsOf, verifyExport } from "../integrity/export-file.ts";
import { simulatedFetch } from "../mocks/sim-fetch.ts";
import { SIM_PREFIX, SUSCEPTIBLE } from "../mocks/simulated-model.ts";
import { createRealClock, createVirtualClock, type Clock } from "../runtime/clock.ts";
import type { CandidateKind, EvaluationPlan } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { FetchLike } from "../candidates/http/wire.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { chooseCells, loadMatrixDir } from "../node/fixture-files.ts";
import { HTTP_OPTIONS, httpCandidateFromFlags, nodeFetch, preflight, type HttpCandidateFactory } from "./http-candidate-options.ts";
import { matrixJson, matrixJunit, matrixTable, type MatrixReportContext } from "./matrix-report.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { parseFormat } from "./output.ts";
import { MAX_BYTES_OPTION, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { Progress } from "./progress.ts";
import { RUN_SETTING_OPTIONS, RUN_SETTINGS_USAGE, runSettingsFrom } from "./run-settings.ts";
import { RunSink } from "./run-sink.ts";
import { SIGN_OPTION, SIGN_USAGE, signerFrom } from "./key-files.ts";
import { parseCli, positiveInt, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run matrix -- --candidate NAME [--trials K] [--concurrency N] [--shard I/N] [--format table|json|jsonl|junit]
                         [--out FILE] [--export FILE] [--sign KEYFILE] [--task ID]... [--injection ID]... [--fixtures DIR]
       npm run matrix -- --from FILE [FILE…] [--format table|json|junit] [--out FILE]
  Runs a candidate over the attack matrix: every user task (fixtures/tasks) alone and with every
  injection (fixtures/injections) that can reach it, and reports utility, utility under attack and the
  attack success rate, attempted and executed, by carrier, goal and phrasing (docs/matrix.md).
  --candidate reference|obedient|cautious   the scripted candidates every matrix fixture carries
  --candidate simulated [--susceptibility P] [--temperature T] [--seed S]
                    the simulated model in process: it follows an injection in a share P of runs (default 0.5)
  --candidate http --base-url URL --model NAME [--api-key-env VAR] [--response-format …] [--stream] [--temperature T] [--seed S] [--max-tokens N]
                    a model behind an OpenAI-compatible server
  --trials K        run each cell K times (trial t sends seed + t − 1)
  --concurrency N   at most N runs in flight at once (default 1)
  --shard I/N       only the I-th of N deterministic slices of cells × trials (join JSONL shards with npm run merge)
  --format          table (default), json (finbound.matrix-report/v1), jsonl (sealed runs, one per line), junit
  --export FILE     the scored runs as a sealed finbound.scored-suite/v1 file
${SIGN_USAGE} (with --export or --format jsonl)
  --from FILE…      no runs: the metrics of runs already made (sealed exports or JSONL suites, e.g. shards
                    joined with npm run merge), each verified and re-scored against its matrix fixture
${RUN_SETTINGS_USAGE}
  Exit status: 0 no attack was executed, 1 at least one was (named in the report), 2 bad usage or input.`;

function parse(argv: string[]) {
  return parseCli({
    args: argv,
    options: {
      candidate: { type: "string" },
      trials: { type: "string", default: "1" },
      concurrency: { type: "string", default: "1" },
      shard: { type: "string", default: "1/1" },
      format: { type: "string" },
      out: { type: "string" },
      export: { type: "string" },
      ...SIGN_OPTION,
      task: { type: "string", multiple: true },
      injection: { type: "string", multiple: true },
      fixtures: { type: "string" },
      susceptibility: { type: "string" },
      from: { type: "boolean" },
      ...MAX_BYTES_OPTION,
      "preflight-timeout-ms": { type: "string", default: "5000" },
      ...HTTP_OPTIONS,
      ...RUN_SETTING_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: true,
  }, USAGE);
}

const SCRIPTED = ["reference", "obedient", "cautious"] as const;

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound matrix", io, () => matrix(argv, io));
}

async function matrix(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.from) {
    if (positionals.length === 0) throw new UsageError("--from needs at least one file: npm run matrix -- --from FILE [FILE…]");
    await signerFrom(values.sign, false);
    return fromFiles(positionals, values, io);
  }
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(" ")}: files are read only with --from`);
  const name = values.candidate;
  if (!name) throw new UsageError(`--candidate is required: ${[...SCRIPTED, "simulated", "http"].join(", ")}`);
  const format = parseFormat(values.format, ["table", "json", "jsonl", "junit"]);
  const trials = positiveInt("trials", values.trials);
  const concurrency = positiveInt("concurrency", values.concurrency);
  const shardParse = parseShard(values.shard);
  if (!shardParse.ok) throw new UsageError(shardParse.message);
  const settings = runSettingsFrom(values);
  const signer = await signerFrom(values.sign, Boolean(values.export) || format === "jsonl");
  const composed = loadMatrixDir(values.fixtures);
  const cells = chooseCells(composed, values.task ?? [], values.injection ?? []);
  const fixtures = cells.map((c) => c.fixture);

  // The in-process simulator answers at once, so its runs go on a virtual clock: instant and
  // deterministic, with a slow tool's timeout reached without waiting for it.
  let http: { factory: HttpCandidateFactory; fetch: FetchLike; clock: () => Clock } | null = null;
  if (name === "http") {
    const factory = httpCandidateFromFlags(values, io.env ?? process.env, trials);
    const checked = await preflight(factory, nodeFetch, positiveInt("preflight-timeout-ms", values["preflight-timeout-ms"]));
    if (checked.warning) io.stderr.write(`warning: ${checked.warning}\n`);
    http = { factory, fetch: nodeFetch, clock: createRealClock };
  } else if (name === "simulated") {
    const p = values.susceptibility ?? "0.5";
    const n = Number(p);
    if (p.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--susceptibility must be a number from 0 to 1 (got ${p})`);
    const factory = httpCandidateFromFlags({ ...values, "base-url": "http://simulated.invalid", model: `${SIM_PREFIX}${SUSCEPTIBLE}${p}` }, {}, trials);
    http = { factory: { ...factory, name: `simulated:${SUSCEPTIBLE}${p}` }, fetch: simulatedFetch(fixtures), clock: createVirtualClock };
  } else if (!(SCRIPTED as readonly string[]).includes(name)) {
    throw new UsageError(`unknown candidate ${name}: the matrix runs ${[...SCRIPTED, "simulated", "http"].join(", ")}`);
  }
  if (values.susceptibility !== undefined && name !== "simulated") throw new UsageError("--susceptibility is a setting of --candidate simulated");

  const candidateName = http?.factory.name ?? name;
  const plan: EvaluationPlan = { fixtures: cells.map((c) => c.id), candidates: [candidateName], trials, shard: shardParse.shard };
  const jobs = jobsOfShard(planJobs(plan.fixtures, plan.candidates, trials), shardParse.shard);
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  const kind: CandidateKind = http ? "http" : "scripted";
  const sink = format === "jsonl" || values.export ? new RunSink({ format, out: format === "jsonl" ? values.out : undefined, exportFile: values.export, collectFile: undefined, plan, io, signer }) : null;
  const summaries: MatrixRunSummary[] = [];
  const progress = new Progress(io.stderr, jobs.length);
  const runJob = async (job: Job): Promise<ScoredRun> => {
    const fixture = byId.get(job.fixture) as Fixture;
    if (!http) return { ...((await evaluateScripted(fixture, name, { ...settings, includeDiagnostics: true })) as ScoredRun), trial: job.trial };
    const { factory, fetch, clock } = http;
    return (await runHttpTrial({ fixture, name: factory.name, settings: factory.settings, seed: factory.seed, trial: job.trial, fetch, clock: clock(), ...settings })).run;
  };
  for await (const { item, result } of runPool(jobs, concurrency, runJob)) {
    const fixture = byId.get(item.fixture) as Fixture;
    if (sink) sink.add(result, await exportRun(result, fixture, kind, { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() }), null);
    const summary = summariseMatrixRun(result, fixture);
    summaries.push(summary);
    // A matrix run passes when the injection was not executed; the serving side failing is neither.
    progress.done(runEnd(result) === "infrastructure" ? "infrastructure" : summary.executed ? "failed" : "passed");
  }
  progress.finish();
  await sink?.close();

  const ctx: MatrixReportContext = { candidate: candidateName, trials, shard: shardParse.shard, matrix: composed, cells: cells.length };
  return report(summaries, ctx, format, values.out, io);
}

/** Prints the metrics in the chosen format; exit 1 when any attack was executed. */
function report(summaries: readonly MatrixRunSummary[], ctx: MatrixReportContext, format: string, out: string | undefined, io: CliIo): number {
  const metrics = matrixMetrics(summaries);
  const table = matrixTable(metrics, ctx);
  if (format === "jsonl") (out ? io.stdout : io.stderr).write(table);
  else {
    const text = format === "json" ? matrixJson(metrics, summaries, ctx) : format === "junit" ? matrixJunit(summaries, ctx) : table;
    if (out) {
      try {
        writeFileSync(out, text);
      } catch {
        throw new UsageError(`cannot write ${out}`);
      }
      io.stdout.write(format === "table" ? table : `${table}wrote ${out}\n`);
    } else io.stdout.write(text);
  }
  return metrics.executed.length > 0 ? 1 : 0;
}

/**
 * The metrics of runs made before (one file per shard, or shards already merged): every file must
 * verify, and every run is replayed and re-scored against its matrix fixture, so nothing the file
 * says about verdicts is trusted.
 */
async function fromFiles(files: string[], values: ReturnType<typeof parse>["values"], io: CliIo): Promise<number> {
  const format = parseFormat(values.format, ["table", "json", "junit"]);
  const composed = loadMatrixDir(values.fixtures);
  const byId = new Map(composed.cells.map((c) => [c.id, c.fixture]));
  const maxBytes = maxBytesFrom(values["max-bytes"]);
  const summaries: MatrixRunSummary[] = [];
  const candidates = new Set<string>();
  let trials = 1;
  for (const file of files) {
    const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
    if (!read.ok) throw refusalError(file, read);
    const verified = await verifyExport(read.value, nodeSha256);
    if (verified.status !== "verified") throw refusalError(file, { ...verified, message: `${verified.status}: ${verified.message}` });
    for (const run of runsOf(read.value)) {
      const fixture = byId.get(run.fixture.id);
      if (!fixture) throw new UsageError(`${file}: a run of ${run.fixture.id}, which is not a cell of this attack matrix`);
      const rescored = await rescoreExport(run, fixture);
      summaries.push(summariseMatrixRun(rescored.run, fixture));
      candidates.add(run.candidate.name);
      trials = Math.max(trials, run.trial ?? 1);
    }
  }
  const cells = new Set(summaries.map((s) => s.cell)).size;
  const ctx: MatrixReportContext = { candidate: [...candidates].join(", ") || "none", trials, shard: { index: 1, count: 1 }, matrix: composed, cells };
  return report(summaries, ctx, format, values.out, io);
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
