import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Readable, Writable } from "node:stream";
import { matrixMetrics, summariseMatrixRun, type MatrixRunSummary } from "../evaluation/matrix-metrics.ts";
import { jobsOfShard, parseShard, planJobs, type Job } from "../evaluation/plan.ts";
import { reliabilityOf, summarise, type RunSummary } from "../evaluation/reliability.ts";
import type { Matrix } from "../fixture-set/matrix/compose.ts";
import { AgentServer } from "../mcp/agent-server.ts";
import { startHttpEndpoint, type HttpEndpoint } from "../mcp/http-endpoint.ts";
import { LiveEvents } from "../mcp/live-events.ts";
import type { Clock } from "../runtime/clock.ts";
import type { EvaluationPlan, EvaluationStop } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { chooseCells, loadFixtureDir, loadMatrixDir, selectFixtures } from "../node/fixture-files.ts";
import { SIGN_OPTION, SIGN_USAGE, signerFrom } from "./key-files.ts";
import { matrixTable } from "./matrix-report.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { reliabilityTable } from "./reliability-table.ts";
import { BUDGET_OPTIONS, BUDGET_USAGE, RUN_SETTING_OPTIONS, runSettingsFrom } from "./run-settings.ts";
import { RunSink } from "./run-sink.ts";
import { parseCli, positiveInt, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run mcp -- [--transport stdio|http] [--port N] [--host H] [--events] [--out FILE] [--sign KEYFILE] [--agent NAME]
                      [--fixture ID]... [--trials K] [--shard I/N] [--fixtures DIR]
       npm run mcp -- --matrix [--task ID]... [--injection ID]... [the options above]
  Serves the bounded tools (portfolio_read, concentration, future_value, submit_final) and the task
  (prompt and resource "task") over the Model Context Protocol to an agent built elsewhere. One session
  is one run: session n takes the n-th job of the plan (fixtures × trials, of this shard; default every
  fixture), its first tools/call starts the run's clock, and every call passes the same boundary.
  --transport stdio   one session over stdin/stdout, for clients that start their servers (the default)
  --transport http    Streamable HTTP at http://HOST:PORT/mcp, one session per initialize
  --port N            the HTTP port (required with http; 0 picks a free one)
  --host H            the HTTP address (default 127.0.0.1: loopback, and only loopback hosts and origins)
  --events            with http: GET /events streams each session's events as they are recorded (docs/formats.md)
  --out FILE          each finished run, scored and sealed, one per line (finbound.scored-suite/v1+jsonl),
                      closed with the suite digest when the server stops (SIGINT, SIGTERM, or stdio's end)
${SIGN_USAGE} (with --out: its closing line)
  --agent NAME        the agent's name in the record: candidate mcp:NAME (default agent)
  --matrix            session n takes the attack matrix's n-th cell (× trials); --task and --injection choose cells
${BUDGET_USAGE.replace("how long each model request may take", "how long the agent may take between calls")}
  --repair          after a submit_final that is not a valid decision, one more call (it counts against the budget)
  When the server stops it prints pass^k (or the attack matrix's tables) on stdout (stderr with stdio).
  Exit status: 0 every run passed (--matrix: no attack executed), 1 otherwise, 2 bad usage.`;

function parse(argv: string[]) {
  return parseCli({
    args: argv,
    options: {
      transport: { type: "string", default: "stdio" },
      port: { type: "string" },
      host: { type: "string" },
      events: { type: "boolean" },
      out: { type: "string" },
      ...SIGN_OPTION,
      agent: { type: "string", default: "agent" },
      fixture: { type: "string", multiple: true },
      fixtures: { type: "string" },
      trials: { type: "string", default: "1" },
      shard: { type: "string", default: "1/1" },
      matrix: { type: "boolean" },
      task: { type: "string", multiple: true },
      injection: { type: "string", multiple: true },
      repair: RUN_SETTING_OPTIONS.repair,
      ...BUDGET_OPTIONS,
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }, USAGE).values;
}

type Flags = ReturnType<typeof parse>;

/** A server started: where it listens, when its one stdio session has ended, and how to stop it (the exit status). */
export interface RunningMcp {
  readonly url: string | null;
  readonly eventsUrl: string | null;
  /** Settles when the stdio session has closed; never over HTTP, which runs until stopped. */
  readonly ended: Promise<void>;
  stop(): Promise<number>;
}

export interface McpHost {
  /** stdio's streams (default: the process's). */
  stdin?: Readable;
  stdout?: Writable;
  /** Each run's clock (default: the real one). */
  clock?: () => Clock;
}

/** What the server runs: the plan's jobs, the fixture of each, and how the table is made when it stops. */
interface Plan {
  plan: EvaluationPlan;
  jobs: Job[];
  fixtures: Map<string, Fixture>;
  matrix: { composed: Matrix; cells: number } | null;
}

function planFrom(values: Flags, candidate: string): Plan {
  const trials = positiveInt("trials", values.trials);
  const shard = parseShard(values.shard);
  if (!shard.ok) throw new UsageError(shard.message);
  let fixtures: Fixture[];
  let matrix: Plan["matrix"] = null;
  if (values.matrix) {
    if (values.fixture) throw new UsageError("--fixture and --matrix do not go together: choose matrix cells with --task and --injection");
    const composed = loadMatrixDir(values.fixtures);
    const cells = chooseCells(composed, values.task ?? [], values.injection ?? []);
    fixtures = cells.map((c) => c.fixture);
    matrix = { composed, cells: cells.length };
  } else {
    if (values.task || values.injection) throw new UsageError("--task and --injection choose cells of the attack matrix: add --matrix");
    fixtures = selectFixtures(loadFixtureDir(values.fixtures), values.fixture ?? [], () => true, candidate);
  }
  const plan: EvaluationPlan = { fixtures: fixtures.map((f) => f.id), candidates: [candidate], trials, shard: shard.shard };
  const jobs = jobsOfShard(planJobs(plan.fixtures, plan.candidates, trials), shard.shard);
  if (jobs.length === 0) throw new UsageError(`shard ${values.shard} of this plan holds no job`);
  return { plan, jobs, fixtures: new Map(fixtures.map((f) => [f.id, f])), matrix };
}

function transportFrom(values: Flags): { kind: "stdio" } | { kind: "http"; host: string; port: number } {
  if (values.transport === "stdio") {
    for (const flag of ["port", "host", "events"] as const) if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of --transport http`);
    return { kind: "stdio" };
  }
  if (values.transport !== "http") throw new UsageError(`--transport must be stdio or http (got ${values.transport})`);
  if (values.port === undefined) throw new UsageError("--transport http needs --port N (0 picks a free port)");
  const port = Number(values.port);
  if (values.port.trim() === "" || !Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port must be a whole number from 0 to 65535 (got ${values.port})`);
  return { kind: "http", host: values.host ?? "127.0.0.1", port };
}

/** Starts the server as the flags say; `--help` prints the usage and starts nothing (its exit status instead). */
export async function startMcp(argv: string[], io: CliIo, host: McpHost = {}): Promise<RunningMcp | number> {
  const values = parse(argv);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const transport = transportFrom(values);
  const candidate = `mcp:${values.agent}`;
  const { plan, jobs, fixtures, matrix } = planFrom(values, candidate);
  const settings = runSettingsFrom(values);
  if (values.sign !== undefined && !values.out) throw new UsageError("--sign needs --out FILE: nothing sealed is written otherwise");
  // Read before the server starts: a key that cannot sign should not cost a session.
  const signer = await signerFrom(values.sign, true);
  // Over stdio, stdout carries the protocol: everything for people goes to stderr.
  const report = transport.kind === "stdio" ? io.stderr : io.stdout;
  const log = (line: string): void => void io.stderr.write(`finbound mcp: ${line}\n`);
  if (transport.kind === "stdio" && jobs.length > 1) log(`stdio serves one session: only ${jobs[0]?.fixture} trial ${jobs[0]?.trial} of the plan's ${jobs.length} jobs will run (the rest are recorded as not run); use --transport http for a plan`);
  if (!values.out) log("no --out: runs are scored and summarised, but not kept");

  // Opened once the server can take a session (nothing before can finish a run), so a port in use leaves no file behind.
  let sink: RunSink | null = null;
  const openSink = (): void => void (sink = values.out ? new RunSink({ format: "jsonl", out: values.out, exportFile: undefined, collectFile: undefined, plan, io, signer }) : null);
  const runs: RunSummary[] = [];
  const cells: MatrixRunSummary[] = [];
  const live = transport.kind === "http" && values.events ? new LiveEvents() : null;
  const agents = new AgentServer({
    jobs,
    fixtures,
    candidate,
    ...settings,
    sha256: nodeSha256,
    ...(host.clock ? { clock: host.clock } : {}),
    live,
    log,
    onRun(run, sealed, fixture) {
      sink?.add(run, sealed, null);
      if (matrix) cells.push(summariseMatrixRun(run, fixture));
      else runs.push(summarise(run));
    },
  });

  let endpoint: HttpEndpoint | null = null;
  let ended: Promise<void> = new Promise(() => undefined);
  if (transport.kind === "http") {
    endpoint = await startHttpEndpoint({ agents, host: transport.host, port: transport.port, live }).catch((error: unknown) => {
      throw new UsageError(`cannot listen on ${transport.host}:${transport.port}${error instanceof Error && "code" in error ? ` (${String(error.code)})` : ""}`);
    });
    openSink();
    log(`serving ${endpoint.url} (${jobs.length} job(s))${endpoint.eventsUrl ? `; live events at ${endpoint.eventsUrl}` : ""}; stop with Ctrl-C or SIGTERM${values.out ? ` to seal ${values.out}` : ""}`);
  } else {
    const stdin = host.stdin ?? process.stdin;
    const stdio = new StdioServerTransport(stdin, host.stdout ?? process.stdout);
    // Ended once the session has closed and its run (ended by the closing, if it was still going) is written.
    ended = new Promise<void>((resolve) => (stdio.onclose = resolve)).then(() => agents.settled());
    // The SDK's stdio transport does not notice its input ending: the session closes when it does.
    stdin.once("end", () => void stdio.close());
    openSink();
    await (agents.open() as NonNullable<ReturnType<AgentServer["open"]>>).connect(stdio);
  }

  return {
    url: endpoint?.url ?? null,
    eventsUrl: endpoint?.eventsUrl ?? null,
    ended,
    async stop() {
      // The runs first (those in progress are cancelled, finished ones written), then the transports.
      const notRun = await agents.stop();
      await endpoint?.close();
      const stopped: EvaluationStop | undefined = notRun.length > 0 ? { reason: "the server stopped before every job had a run", not_run: notRun.map(({ fixture, candidate: c, trial }) => ({ fixture, candidate: c, trial })) } : undefined;
      await sink?.close(stopped);
      if (stopped) log(`not run (${stopped.not_run.length}): ${stopped.not_run.map((j) => `${j.fixture} trial ${j.trial}`).join(", ")}`);
      if (matrix) {
        const metrics = matrixMetrics(cells);
        report.write(matrixTable(metrics, { candidate, trials: plan.trials, shard: plan.shard, matrix: matrix.composed, cells: matrix.cells }));
        return metrics.executed.length > 0 ? 1 : 0;
      }
      report.write(reliabilityTable(reliabilityOf(runs, plan.fixtures)));
      return runs.every((r) => r.passed) ? 0 : 1;
    },
  };
}

export function main(argv: string[], io: CliIo): Promise<number> {
  // Listening before the server starts: a signal that comes as soon as it says where it serves still stops it cleanly.
  let onSignal = (): void => undefined;
  const signalled = new Promise<void>((resolve) => (onSignal = resolve));
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  return runCommand("finbound mcp", io, async () => {
    const running = await startMcp(argv, io);
    if (typeof running === "number") return running;
    await Promise.race([running.ended, signalled]);
    return running.stop();
  }).finally(() => process.off("SIGINT", onSignal).off("SIGTERM", onSignal));
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
