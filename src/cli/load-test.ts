import { writeFileSync } from "node:fs";
import { runLoadSuite, type LoadReport } from "../mocks/load-suite.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run load -- [--runs 200] [--concurrency 8] [--seed 1] [--deadline-ms 1500] [--latency-ms 0-400] [--out FILE] [--fixtures DIR]
  Runs the reference candidate over HTTP against a chaotic simulated server (random latency, HTTP 500s,
  dropped connections, garbage and too-slow replies), on the real clock, and checks every run's deadline,
  outcome and requests, then that the exported suite lost nothing. --out writes the sealed suite.
  Exit status: 0 every check held, 1 a check failed, 2 bad usage.`;

function parse(argv: string[]) {
  return parseCli({
    args: argv,
    options: {
      runs: { type: "string", default: "200" },
      concurrency: { type: "string", default: "8" },
      seed: { type: "string", default: "1" },
      "deadline-ms": { type: "string", default: "1500" },
      "latency-ms": { type: "string" },
      out: { type: "string" },
      fixtures: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }, USAGE).values;
}

function positiveInt(name: string, value: string, min = 1): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min} (got ${value})`);
  return n;
}

function latencyRange(value: string | undefined): { min: number; max: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)-(\d+)$/.exec(value);
  const [min, max] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || min > max) throw new UsageError(`--latency-ms must be MIN-MAX in milliseconds, MIN ≤ MAX (got ${value})`);
  return { min, max };
}

const ms = (n: number): string => `${Math.round(n)} ms`;
const counts = (c: Record<string, number>): string[] =>
  Object.entries(c)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `  ${k.padEnd(38)} ${String(n).padStart(6)}`);

function table(r: LoadReport): string {
  const b = r.budget;
  const line = (label: string, value: string | number): string => `${label.padEnd(40)} ${value}`;
  const requests = r.perRun.flatMap((run) => run.requests);
  return [
    `load and faults: ${r.runs} live runs of the reference candidate over HTTP against the chaos server (msw), real clock`,
    `budget scaled by ${b.deadline_ms} / 30000 ms: deadline ${ms(b.deadline_ms)}, request timeout ${ms(b.request_timeout_ms)}, tool timeout ${ms(b.tool_timeout_ms)}, ${b.max_decisions} decisions; reply latency ${r.latencyMs.min}-${r.latencyMs.max} ms; grace ${ms(r.graceMs)}`,
    "",
    line("runs", r.runs),
    line("concurrency", r.concurrency),
    line("seed", r.seed),
    "outcomes",
    ...counts(r.outcomes),
    "chaos events (one per request)",
    ...counts(r.chaos),
    line("requests made / aborted at a limit", `${requests.length} / ${requests.filter((q) => q.aborted).length}`),
    line("run wall time p50 / p95 / max", `${ms(r.wallMs.p50)} / ${ms(r.wallMs.p95)} / ${ms(r.wallMs.max)} (deadline ${ms(b.deadline_ms)})`),
    line("event loop late p50 / max", `${ms(r.lagMs.p50)} / ${ms(r.lagMs.max)} (the host's delay, allowed on top of each run's limits)`),
    line("deadline overruns (> deadline + grace)", r.overruns),
    line("outcome mismatches", r.mismatches),
    line("requests left in flight", r.leftInFlight),
    line("timers left after the suite", r.timersLeft),
    line("exported runs / verified runs", `${r.exported} / ${r.verified}`),
    line("events recorded / exported", `${r.eventsRecorded} / ${r.eventsExported}`),
    line("runs altered in export", r.altered),
    line("suite digest", r.suiteDigestOk ? "verified" : "MISMATCH"),
    line("total wall time", `${(r.totalMs / 1000).toFixed(2)} s`),
    "",
    r.ok ? "every check held" : "A CHECK FAILED",
    "",
  ].join("\n");
}

function unexplained(r: LoadReport): string {
  return r.perRun
    .filter((run) => !run.explained || run.overran || run.leftInFlight > 0)
    .slice(0, 10)
    .map((run) => {
      const seen = run.requests.map((q) => `${q.chaos?.kind ?? "unseen"} ${q.chaos?.delayMs ?? "?"} ms, settled ${q.settledMs === null ? "never" : ms(q.settledMs - q.startedMs)}${q.aborted ? " (aborted)" : ""}`);
      const left = run.leftInFlight ? `; ${run.leftInFlight} request(s) left in flight` : "";
      return `run #${run.index} ${run.fixture}: ${run.outcome} in ${ms(run.wallMs)}; requests: ${seen.join(", ") || "none"}; explainable: ${run.explanations.join(" | ") || "nothing"}${left}\n`;
    })
    .join("");
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound load", io, () => load(argv, io));
}

async function load(argv: string[], io: CliIo): Promise<number> {
  const values = parse(argv);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const latencyMs = latencyRange(values["latency-ms"]);
  const report = await runLoadSuite({
    fixtures: loadFixtureDir(values.fixtures),
    runs: positiveInt("runs", values.runs),
    concurrency: positiveInt("concurrency", values.concurrency),
    seed: positiveInt("seed", values.seed, 0),
    deadlineMs: positiveInt("deadline-ms", values["deadline-ms"], 50),
    ...(latencyMs ? { latencyMs } : {}),
    sha256: nodeSha256,
  });
  io.stdout.write(table(report));
  io.stderr.write(unexplained(report));
  if (values.out) {
    try {
      writeFileSync(values.out, `${JSON.stringify(report.suite, null, 2)}\n`);
    } catch {
      throw new UsageError(`cannot write ${values.out}`);
    }
    io.stderr.write(`exported ${report.exported} sealed run(s) to ${values.out}\n`);
  }
  return report.ok ? 0 : 1;
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
