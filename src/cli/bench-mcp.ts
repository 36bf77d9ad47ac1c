import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { replyText } from "../candidates/scripted.ts";
import { planJobs } from "../evaluation/plan.ts";
import { AgentServer } from "../mcp/agent-server.ts";
import { startHttpEndpoint, type SessionOpener } from "../mcp/http-endpoint.ts";
import { FINAL_MCP_TOOL, functionNameOf } from "../runtime/protocols/names.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../schemas/budget.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import type { AgentAnswer, AgentCall, AgentsReport, AgentsTask } from "./bench-mcp-agents.ts";
import { calibration, calibrationLine, collectYoungGarbage } from "./bench-clock.ts";
import { runCommand, type CliIo } from "./command.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { parseCli, positiveInt, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run bench -- --mcp [--sessions 100] [--calls 10] [--think 1000] [--fixture ID]
  Serves the bounded tools over Streamable HTTP on loopback, in this process, to agents that are MCP SDK
  clients in a worker thread. Each session makes --calls tool calls (the fixture's reference calls in turn:
  portfolio_read, concentration, future_value) and then submit_final: one run, recorded, scored and sealed.
  The transport alone is the same endpoint and SDK with a tool that answers each call at once with the
  answer finbound gave the same call (the same bytes), so what is compared is finbound's work alone. Prints:
  - each call's latency (p50, p99) with --sessions sessions through finbound and as many through the
    transport alone at once, the agents pausing --think ms (±50 %) before each call; and what the boundary
    adds (median of 3 rounds);
  - the server thread's CPU time per call, each kind alone with the agents calling back to back; and
    sessions per second on one core (runs sealed per CPU-second of the server thread).`;

// Numbers to improve, not tests: nothing here fails on a slow machine. Every figure is the median of REPEATS.
const REPEATS = 3;
const DEFAULT_FIXTURE = "concentration-and-fv-hh1001";
/** The warm-up's sessions: enough for the JIT to have compiled the paths a call takes. */
const WARM_UP_SESSIONS = 10;
const LAG_PERIOD_MS = 1;

const OPTIONS = {
  mcp: { type: "boolean" },
  sessions: { type: "string", default: "100" },
  calls: { type: "string", default: "10" },
  think: { type: "string", default: "1000" },
  fixture: { type: "string", default: DEFAULT_FIXTURE },
} as const;

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound bench --mcp", io, () => benchMcp(argv, io));
}

async function benchMcp(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: OPTIONS, strict: true }, USAGE);
  const sessions = positiveInt("sessions", values.sessions);
  const callCount = positiveInt("calls", values.calls);
  const thinkMs = Number(values.think);
  if (!(Number.isFinite(thinkMs) && thinkMs >= 0)) throw new UsageError(`--think must be a number of milliseconds ≥ 0 (got ${values.think})`);
  const fixture = loadFixtureDir().find((f) => f.id === values.fixture);
  if (!fixture) throw new UsageError(`no fixture ${values.fixture}`);
  const calls = referenceCalls(fixture, callCount);
  const out = (line: string): unknown => io.stdout.write(`${line}\n`);
  out(calibrationLine(await calibration()));

  // Warm-up: both paths once, so neither is timed while the JIT is still compiling it. Finbound's answers
  // to the calls are what the transport alone then sends back, byte for byte.
  const warmUp = Math.min(WARM_UP_SESSIONS, sessions);
  const answers = (await serve([throughFinbound(fixture, warmUp, calls)], (urls) => runAgents({ urls, sessions: warmUp, calls, thinkMs: 0 }))).answers[0] ?? [];
  await serverCpu(transportAlone(answers), warmUp, calls);
  // Taken in turns, so a machine that slows down or speeds up meanwhile weighs on each alike.
  const samples = { transport: [] as number[], boundary: [] as number[] };
  for (let i = 0; i < REPEATS; i++) {
    samples.transport.push(await serverCpu(transportAlone(answers), sessions, calls));
    samples.boundary.push(await serverCpu(throughFinbound(fixture, sessions, calls), sessions, calls));
  }
  const cpu = { transport: percentile(samples.transport, 0.5), boundary: percentile(samples.boundary, 0.5) };
  // How late the server thread's own timers fire meanwhile: the machine's scheduling and the GC, which every latency includes.
  const lag = monitorEventLoopDelay({ resolution: LAG_PERIOD_MS });
  lag.enable();
  // A p99 is a call's in a hundred, and one busy moment of a shared machine moves it: each figure is the median of REPEATS rounds.
  const rounds: { t: Percentiles; b: Percentiles; inside: Percentiles }[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const answeredMs: number[] = [];
    const latency = await serve([transportAlone(answers), throughFinbound(fixture, sessions, calls, answeredMs)], (urls) => runAgents({ urls, sessions, calls, thinkMs }));
    const [t, b] = latency.latenciesMs.map(percentiles) as [Percentiles, Percentiles];
    rounds.push({ t, b, inside: percentiles(answeredMs) });
  }
  lag.disable();
  const mid = (of: (round: (typeof rounds)[number]) => number): number => percentile(rounds.map(of), 0.5);
  const t = { p50: mid((r) => r.t.p50), p99: mid((r) => r.t.p99) };
  const b = { p50: mid((r) => r.b.p50), p99: mid((r) => r.b.p99) };
  const inside = { p50: mid((r) => r.inside.p50), p99: mid((r) => r.inside.p99) };
  const added = rounds.map((r) => r.b.p99 - r.t.p99);

  const perCall = (us: number): number => us / (calls.length * sessions);
  const tools = [...new Set(calls.map((c) => c.name).filter((n) => n !== FINAL_MCP_TOOL))].join(", ");
  out(`MCP over Streamable HTTP on loopback, in one process: each session ${calls.length - 1} tool calls (${tools}) then ${FINAL_MCP_TOOL}, on ${fixture.id}`);
  out(`latency of a call: ${sessions} sessions through finbound and ${sessions} through the transport alone at once (a tool answering at once with finbound's answer to the same call: the same endpoint, SDK, agents and bytes); the agents pause ${thinkMs} ms (±50 %) before each call; median of ${REPEATS} rounds`);
  out(`  transport alone   p50 ${ms(t.p50)}  p99 ${ms(t.p99)}`);
  out(`  through finbound  p50 ${ms(b.p50)}  p99 ${ms(b.p99)}`);
  out(`  boundary added    p50 ${ms(mid((r) => r.b.p50 - r.t.p50))}  p99 ${ms(percentile(added, 0.5))}  (each round's: ${added.map((a) => a.toFixed(2)).join(", ")} ms; goal: p99 ≤ 1 ms beyond the transport)`);
  out(`  inside finbound   p50 ${ms(inside.p50)}  p99 ${ms(inside.p99)}  (a call's arrival at finbound's handler to its answer: record, authorise, validate, execute, seal)`);
  // The histogram holds the intervals between the timer's firings: lateness is what exceeds its period.
  const late = (p: number): number => Math.max(0, lag.percentile(p) / 1e6 - LAG_PERIOD_MS);
  out(`  event-loop delay  p50 ${ms(late(50))}  p99 ${ms(late(99))}  (how late the server thread's ${LAG_PERIOD_MS} ms timer fired meanwhile: the machine's scheduling and the GC)`);
  out(`server CPU: the server thread's, ${sessions} sessions at once calling back to back, each kind alone; median of ${REPEATS}`);
  out(`  transport alone   ${us(perCall(cpu.transport))} per call`);
  out(`  through finbound  ${us(perCall(cpu.boundary))} per call  (each run also scored and sealed once it ends)`);
  out(`  boundary added    ${us(perCall(cpu.boundary - cpu.transport))} per call`);
  out(`  sessions          ${sessions} runs sealed in ${(cpu.boundary / 1000).toFixed(0)} ms of CPU: ${Math.round((sessions * 1e6) / cpu.boundary)} sessions per second on one core`);
  return 0;
}

interface Percentiles {
  p50: number;
  p99: number;
}

/** A kind of MCP server to serve: what opens its sessions, and what waits for the work they started to end. */
interface Served {
  opener: SessionOpener;
  settle(): Promise<void>;
}

/**
 * The fixture's reference tool calls as an agent makes them over MCP, in turn until there are `count`,
 * then its final decision. Evidence ids follow the calls, so the first round's ids are the ones the final cites.
 */
function referenceCalls(fixture: Fixture, count: number): AgentCall[] {
  const script = Object.hasOwn(fixture.candidates, "reference") ? fixture.candidates.reference : undefined;
  const decisions = (script?.replies ?? []).map((r) => JSON.parse(replyText(r)) as Record<string, unknown>);
  const tools = decisions.flatMap((d) => (d.decision === "tool" ? [{ name: functionNameOf(String(d.tool)), arguments: d.arguments as Record<string, unknown> }] : []));
  const final = decisions.find((d) => d.decision === "final");
  if (tools.length === 0 || !final) throw new UsageError(`fixture ${fixture.id} has no reference candidate that calls a tool and ends with a final`);
  const { decision: _decision, ...fields } = final;
  return [...Array.from({ length: count }, (_, i) => tools[i % tools.length] as AgentCall), { name: FINAL_MCP_TOOL, arguments: fields }];
}

/**
 * Each session a plain MCP server whose tool answers its i-th call at once with `answers[i]`, finbound's
 * answer to the same call: what the transport costs, the answer's bytes included, without finbound's work.
 */
function transportAlone(answers: readonly AgentAnswer[]): Served {
  const opener: SessionOpener = {
    open() {
      const server = new Server({ name: "finbound-bench-transport", version: "1.0.0" }, { capabilities: { tools: {} } });
      let call = 0;
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
      server.setRequestHandler(CallToolRequestSchema, () => {
        const answer = answers[Math.min(call++, answers.length - 1)] ?? { text: "", isError: false };
        return { content: [{ type: "text", text: answer.text }], isError: answer.isError };
      });
      return server;
    },
  };
  return { opener, settle: async () => undefined };
}

/** Each session one run of the fixture through AgentServer, as `npm run mcp -- --transport http` serves it. */
function throughFinbound(fixture: Fixture, sessions: number, calls: readonly AgentCall[], answeredMs?: number[]): Served {
  // Room for every call and the final; time enough for agents that pause, so no run is cut short.
  const budget: BudgetConfig = { ...REFERENCE_BUDGET, max_decisions: calls.length, deadline_ms: 3_600_000, request_timeout_ms: 600_000 };
  let sealed = 0;
  const agents = new AgentServer({
    jobs: planJobs([fixture.id], ["mcp:bench"], sessions),
    fixtures: new Map([[fixture.id, fixture]]),
    candidate: "mcp:bench",
    budget,
    sha256: nodeSha256,
    onRun: () => void (sealed += 1),
    ...(answeredMs ? { onCallAnswered: (ms: number) => void answeredMs.push(ms) } : {}),
  });
  return {
    opener: agents,
    async settle() {
      await agents.settled();
      await agents.stop();
      if (sealed !== sessions) throw new Error(`${sealed} of ${sessions} runs were sealed`);
    },
  };
}

/** Serves each on loopback while `work` runs against their URLs, then waits for what their sessions started to end. */
async function serve<T>(served: readonly Served[], work: (urls: string[]) => Promise<T>): Promise<T> {
  const endpoints = await Promise.all(served.map((s) => startHttpEndpoint({ agents: s.opener, host: "127.0.0.1", port: 0, live: null })));
  try {
    const result = await work(endpoints.map((e) => e.url));
    for (const s of served) await s.settle();
    return result;
  } finally {
    await Promise.all(endpoints.map((e) => e.close()));
  }
}

/** The server thread's CPU microseconds for `sessions` sessions calling back to back, from the first session to the last run sealed. */
async function serverCpu(served: Served, sessions: number, calls: readonly AgentCall[]): Promise<number> {
  collectYoungGarbage();
  let started = threadCpuUsage();
  const used = await serve([served], async (urls) => {
    started = threadCpuUsage();
    await runAgents({ urls, sessions, calls, thinkMs: 0 });
  }).then(() => threadCpuUsage(started));
  return used.user + used.system;
}

/** The agents, in a worker thread: its source beside this file when run from source, its bundle beside this bundle. */
async function runAgents(task: AgentsTask): Promise<AgentsReport> {
  const file = new URL(import.meta.url.endsWith(".ts") ? "./bench-mcp-agents.ts" : "./bench-mcp-agents.js", import.meta.url);
  const worker = new Worker(file, { workerData: task });
  const report = await new Promise<AgentsReport>((resolve, reject) => {
    worker.once("message", (message: { ok: true; report: AgentsReport } | { ok: false; message: string }) => (message.ok ? resolve(message.report) : reject(new Error(`the agents failed: ${message.message}`))));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the agents' worker exited (${code}) before it reported`)));
  }).finally(() => void worker.terminate());
  if (report.failures.length > 0) throw new Error(`${report.failures.length} call(s) failed: ${report.failures.slice(0, 3).join("; ")}`);
  return report;
}

/** This thread's CPU time (Node's process.threadCpuUsage; the whole process's where Node has none). */
function threadCpuUsage(since?: NodeJS.CpuUsage): NodeJS.CpuUsage {
  const own = (process as { threadCpuUsage?: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage;
  return own ? own.call(process, since) : process.cpuUsage(since);
}

const percentiles = (samples: readonly number[]): Percentiles => ({ p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) });

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

const ms = (n: number): string => `${n.toFixed(2).padStart(6)} ms`;
const us = (n: number): string => `${n.toFixed(0).padStart(5)} us`;
