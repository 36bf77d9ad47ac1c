import { replayCandidate } from "../candidates/replay.ts";
import { DEFAULT_SCRIPTED_LATENCY_MS, replyText } from "../candidates/scripted.ts";
import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { Candidate, CandidateReply } from "../runtime/candidate.ts";
import { createVirtualClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { lookupTool } from "../runtime/tools/catalogue.ts";
import type { ToolEnvironment } from "../runtime/tools/tool.ts";
import { REFERENCE_BUDGET } from "../schemas/budget.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { scoreRun } from "../scoring/score.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { atReferenceSpeed, calibration, calibrationLine, calibrationWork, cpuMs, inTurns, median, REFERENCE_CALIBRATION_MS, REPEATS, SETTLING_TURNS } from "./bench-clock.ts";
import { main as importMain } from "./bench-import.ts";
import { main as mcpMain } from "./bench-mcp.ts";
import { main as scoreMain } from "./bench-score.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run bench -- [--rounds 300] [--long 1000,16000,64000]
  Replays the reference suite on the virtual clock and reports decisions per CPU-second: the
  runtime alone, with scoring, and bare tool calls; then one long synthetic run per --long size.
  npm run bench -- --import FILE …   times the workbench's import instead
  npm run bench -- --score N …       times npm run score of N collected traces instead
  npm run bench -- --mcp …           times the MCP server's boundary per call against the transport alone`;

// Numbers to improve, not tests: nothing here fails on a slow machine. Every figure is the median of
// several measurements of CPU time (REPEATS, or SUITE_TURNS for the reference suite: bench-clock.ts).
const BARE_ROUNDS_FACTOR = 20;
const LONG_FIXTURE = "concentration-hh1001";
// A round takes a tenth of a second or two, and this machine's speed moves within a second: the median of
// seven turns, not three, so one figure is not three short samples.
const SUITE_TURNS = 7;

const OPTIONS = {
  rounds: { type: "string", default: "300" },
  long: { type: "string", default: "1000,16000,64000" },
} as const;

export function main(argv: string[], io: CliIo): Promise<number> {
  // `--import FILE` times the workbench's import pipeline instead (src/cli/bench-import.ts).
  if (argv.includes("--import")) return importMain(argv, io);
  // `--mcp` times the MCP server's boundary per call against the transport alone (src/cli/bench-mcp.ts).
  if (argv.includes("--mcp")) return mcpMain(argv, io);
  // `--score N` times npm run score end to end instead (src/cli/bench-score.ts).
  if (argv.some((a) => a === "--score" || a.startsWith("--score="))) return scoreMain(argv, io);
  return runCommand("finbound bench", io, () => bench(argv, io));
}

async function bench(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: OPTIONS, strict: true }, USAGE);
  const rounds = positiveInteger(values.rounds, "--rounds");
  const longSizes = values.long.split(",").map((s) => positiveInteger(s.trim(), "--long"));
  const fixtures = loadFixtureDir();
  const longFixture = fixtures.find((f) => f.id === LONG_FIXTURE);
  if (!longFixture) throw new UsageError(`the long run needs fixtures/${LONG_FIXTURE}.json`);
  const runs = referenceRuns(fixtures);
  const suite = await referenceSuite(runs);
  const out = (line: string): unknown => io.stdout.write(`${line}\n`);

  out(calibrationLine(await calibration()));
  out(`reference suite: ${fixtures.length} fixtures' reference candidates, ${suite.decisions} decisions a round, ${rounds} rounds; CPU time, median of ${SUITE_TURNS} after ${1 + SETTLING_TURNS} untimed calls`);
  // Taken in turns with the calibration's workload: a shared machine's speed can change twofold between
  // one figure and the next, and each weighs on all of them alike. Bare calls take microseconds a round:
  // more rounds, so the CPU clock's granularity does not show.
  const repeat = (times: number, round: () => Promise<unknown> | unknown) => async (): Promise<void> => {
    for (let i = 0; i < times; i++) await round();
  };
  const turns = await inTurns([repeat(rounds * BARE_ROUNDS_FACTOR, () => bareToolRound(suite)), repeat(rounds, () => suiteRound(runs, false)), repeat(rounds, () => suiteRound(runs, true)), async () => calibrationWork()], { warmUp: true, settle: SETTLING_TURNS, repeats: SUITE_TURNS });
  const [bareMs, runtimeMs, scoredMs, calibrated] = turns.map(median) as [number, number, number, number];
  const usPerDecision = (ms: number, times: number): number => (ms * 1000) / (times * suite.decisions);
  const bare = usPerDecision(bareMs, rounds * BARE_ROUNDS_FACTOR);
  const runtime = usPerDecision(runtimeMs, rounds);
  const scored = usPerDecision(scoredMs, rounds);
  out(`  bare tool calls       ${rate(bare)} decisions per CPU-second (the tools' run functions, same arguments)`);
  out(`  runtime               ${rate(runtime)} decisions per CPU-second  (${(runtime / bare).toFixed(1)}x the CPU of bare tool calls)`);
  out(`  runtime + scoring     ${rate(scored)} decisions per CPU-second  (${(scored / bare).toFixed(1)}x)`);
  const calibrations = turns.at(-1) ?? [];
  const atReference = (k: number, times: number): string => rate(usPerDecision(atReferenceSpeed(turns[k] ?? [], calibrations), times)).trim();
  out(`  the calibration's workload in the same turns: ${calibrated.toFixed(0)} ms (from ${Math.min(...calibrations).toFixed(0)} to ${Math.max(...calibrations).toFixed(0)} ms); at a calibration of ${REFERENCE_CALIBRATION_MS} ms, the runtime would be ${atReference(1, rounds)} and runtime + scoring ${atReference(2, rounds)} decisions per CPU-second`);

  out(`one long run of portfolio.read then a final, step budget raised to its length; median of ${REPEATS}`);
  const costs: number[] = [];
  await longRun(longFixture, Math.min(...longSizes)); // warm-up
  for (const n of longSizes) {
    const perDecisionUs = (await medianCpuUs(REPEATS, () => longRun(longFixture, n))) / n;
    costs.push(perDecisionUs);
    out(`  ${String(n).padStart(7)} decisions   ${perDecisionUs.toFixed(2).padStart(8)} us CPU per decision`);
  }
  const first = costs[0];
  const last = costs.at(-1);
  if (first !== undefined && last !== undefined && costs.length > 1) {
    out(`  ${longSizes.at(-1)} vs ${longSizes[0]}: ${(last / first).toFixed(2)}x the cost per decision (1.00 is linear)`);
  }
  return 0;
}

function positiveInteger(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer (or a comma-separated list of them)`);
  return n;
}

/** The median of `repeats` measurements of the CPU microseconds `work` takes. */
async function medianCpuUs(repeats: number, work: () => Promise<unknown> | unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) samples.push((await cpuMs(work)) * 1000);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const rate = (usPerDecision: number): string => String(Math.round(1e6 / usPerDecision)).padStart(9);

interface ToolCall {
  tool: string;
  args: unknown;
  env: ToolEnvironment;
}

interface ReferenceSuite {
  decisions: number;
  /** Every call the runtime executed in one round (an observation came back), with its fixture's world. */
  calls: ToolCall[];
}

/** One recorded round: how many decisions it takes and which tool calls really ran. */
async function referenceSuite(runs: readonly ReferenceRun[]): Promise<ReferenceSuite> {
  let decisions = 0;
  const calls: ToolCall[] = [];
  for (const run of runs) {
    const fx = run.fixture;
    const record = await runEpisode({ fixture: fx, candidate: reference(run), clock: createVirtualClock() });
    const env: ToolEnvironment = {
      context: fx.context,
      snapshots: new Map(fx.snapshots.map((s) => [s.household, s])),
      confirmedScenarios: fx.confirmed_scenarios,
    };
    const observed = new Set(record.events.flatMap((e) => (e.kind === "observation" ? [e.call_id] : [])));
    for (const e of record.events) {
      if (e.kind === "decision") decisions += 1;
      if (e.kind === "attempt" && observed.has(e.call_id)) calls.push({ tool: e.tool, args: e.arguments, env });
    }
  }
  return { decisions, calls };
}

/** A fixture with its reference candidate's replies as text, written once so a round times the runtime, not JSON.stringify. */
interface ReferenceRun {
  fixture: Fixture;
  replies: readonly CollectedResponse[];
}

function referenceRuns(fixtures: readonly Fixture[]): ReferenceRun[] {
  return fixtures.map((fixture) => {
    const script = Object.hasOwn(fixture.candidates, "reference") ? fixture.candidates.reference : undefined;
    if (!script) throw new UsageError(`fixture ${fixture.id} has no reference candidate`);
    return { fixture, replies: script.replies.map((r) => ({ text: replyText(r), latency_ms: r.latency_ms ?? DEFAULT_SCRIPTED_LATENCY_MS })) };
  });
}

const reference = (run: ReferenceRun): Candidate => replayCandidate("reference", run.replies);

async function suiteRound(runs: readonly ReferenceRun[], score: boolean): Promise<void> {
  for (const run of runs) {
    const record = await runEpisode({ fixture: run.fixture, candidate: reference(run), clock: createVirtualClock() });
    if (score) scoreRun(record, run.fixture);
  }
}

function bareToolRound(suite: ReferenceSuite): void {
  for (const call of suite.calls) lookupTool(call.tool)?.run(call.args as never, call.env);
}

/** One run of `n` decisions: n − 1 reads of an authorised household, then a final. */
async function longRun(fixture: Fixture, n: number): Promise<void> {
  const household = fixture.context.authorised_households[0];
  const read = JSON.stringify({ decision: "tool", tool: "portfolio.read", arguments: { household } });
  const final = JSON.stringify({ decision: "final", outcome: "refused", claims: [], evidence_ids: [], policy_code: null, message: "Done." });
  let given = 0;
  const candidate: Candidate = {
    name: "long",
    // At once, as a replay's: the long run times the runtime, not a promise per decision.
    next() {
      given += 1;
      const value: CandidateReply = { ok: true, text: given < n ? read : final, finishReason: "stop", usage: null };
      return { value, durationMs: 0 };
    },
  };
  const budget = { ...REFERENCE_BUDGET, max_decisions: n };
  const record = await runEpisode({ fixture, candidate, clock: createVirtualClock(), budget });
  if (record.result.outcome !== "refused") throw new Error(`the long run ended ${record.result.outcome}, not with its final`);
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
