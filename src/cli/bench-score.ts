import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCollectedTraceFile } from "../candidates/collected-trace.ts";
import { recordedReplies } from "../candidates/recorded.ts";
import { evaluateScripted, scoreCollectedTrace } from "../evaluation/evaluate.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../schemas/collected-trace.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { atReferenceSpeed, calibration, calibrationLine, calibrationWork, inTurns, median, REFERENCE_CALIBRATION_MS, SETTLING_TURNS } from "./bench-clock.ts";
import { runCommand, type CliIo } from "./command.ts";
import { main as scoreMain } from "./score.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run bench -- --score N [--format json|table|junit] [--keep FILE]
  Writes N collected traces (every scripted candidate of every fixture in turn, trials 1, 2, …, one per
  line in plan order as eval --collect writes them), once with trials alike and once with each trial's
  own seed, and times, each the median of 5 in CPU time after a first call (printed apart: the JIT cold)
  and three untimed turns:
    a bare JSON.parse of the same bytes, line by line (the baseline);
    npm run score on the file in this process, end to end: read, replay, score and the report written
      (--format, default json, to a file as --out writes it);
    the replays and scoring alone, the traces already read: after the rest, in turns with the
      calibration's workload, the traces read only then.
  --keep FILE   write the distinct traces to FILE and keep it (default: a temporary file, removed after)`;

// Five timed turns, not three: a short turn (the alike traces' score takes a tenth of a second) that a
// collection of the turns before it lands in reads half again as dear, and one such turn must not be the median.
const SCORE_TURNS = 5;

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound bench --score", io, () => benchScore(argv, io));
}

async function benchScore(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: { score: { type: "string" }, format: { type: "string", default: "json" }, keep: { type: "string" } }, strict: true }, USAGE);
  const n = Number(values.score);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--score must be a whole number of traces ≥ 1 (got ${values.score})\n${USAGE}`);
  const out = (line: string): unknown => io.stdout.write(`${line}\n`);
  const fixtures = loadFixtureDir();
  const dir = mkdtempSync(join(tmpdir(), "finbound-bench-score-"));
  try {
    const alike = join(dir, "traces.jsonl");
    const distinct = values.keep ?? join(dir, "distinct.jsonl");
    const { alikeBytes, distinctBytes } = await writeTraces(n, fixtures, alike, distinct);
    // Each report to a file of its own, as a user writes one: replacing the last one would time its removal too.
    const reportFile = (i: number): string => join(dir, `report-${i}.${values.format === "junit" ? "xml" : values.format}`);
    let reports = 0;
    const discard = { write: () => true };
    const score = (file: string) => async (): Promise<void> => {
      const status = await scoreMain([file, "--format", values.format, "--out", reportFile(++reports)], { stdout: discard, stderr: discard });
      if (status === 2 || status === 70) throw new UsageError(`npm run score refused the generated traces (exit ${status})`);
    };
    out(calibrationLine(await calibration()));
    // Taken in turns, so a machine that slows down or speeds up meanwhile weighs on each alike.
    // Each is called once before it is timed, and that first call printed apart; then they settle, untimed: the median is of a compiled path.
    const turns = await inTurns([async () => void bareParse(alikeBytes), score(alike), async () => void bareParse(distinctBytes), score(distinct)], { warmUp: true, settle: SETTLING_TURNS, repeats: SCORE_TURNS });
    // The replays alone come after, on traces read for them only now: held in memory through the turns
    // above, 9,000 parsed traces made every collection of theirs dearer, which no npm run score pays.
    const { replay, decisions, calibrations } = await timeReplays(distinctBytes, fixtures);
    const cold = turns.cold ?? [];
    const [bareAlike, scoreAlike, bareDistinct, scoreDistinct] = turns.map(median) as [number, number, number, number];
    const calibrated = median(calibrations);
    const mb = (bytes: Uint8Array): number => bytes.length / (1024 * 1024);
    const perSecond = (ms: number): string => `${String(Math.round(decisions / (ms / 1000))).padStart(7)} decisions per CPU-second`;
    const reportMb = readFileSync(reportFile(1)).length / (1024 * 1024);
    out(`${n} collected traces: ${mb(alikeBytes).toFixed(1)} MiB, ${decisions} decisions; report: --format ${values.format}, ${reportMb.toFixed(1)} MiB; CPU time, median of ${SCORE_TURNS} after a first call and ${SETTLING_TURNS} untimed turns`);
    out(`  trials alike (a scripted candidate's: the same replies and timings each trial): read and replayed once`);
    out(`    bare JSON.parse (per line)   ${ms(bareAlike)}  (${(mb(alikeBytes) / (bareAlike / 1000)).toFixed(0)} MiB/s)`);
    out(`    npm run score, end to end    ${ms(scoreAlike)}  ${perSecond(scoreAlike)}, ${(scoreAlike / bareAlike).toFixed(2)}x the CPU of the bare parse`);
    out(`      its first call, the JIT cold as in a one-off npm run score: ${ms(cold[1] ?? 0).trim()}, ${((cold[1] ?? 0) / bareAlike).toFixed(2)}x`);
    out(`  every trace distinct (each trial sent its own seed; a live model's trials differ at least in their timings): every trace replayed`);
    out(`    bare JSON.parse (per line)   ${ms(bareDistinct)}  (${(mb(distinctBytes) / (bareDistinct / 1000)).toFixed(0)} MiB/s)`);
    out(`    npm run score, end to end    ${ms(scoreDistinct)}  ${perSecond(scoreDistinct)}, ${(scoreDistinct / bareDistinct).toFixed(2)}x the CPU of the bare parse`);
    out(`      its first call, the JIT cold: ${ms(cold[3] ?? 0).trim()}, ${((cold[3] ?? 0) / bareDistinct).toFixed(2)}x`);
    out(`    runtime + scoring            ${ms(replay.median)}  ${perSecond(replay.median)} (the traces already read), ${(replay.median / bareDistinct).toFixed(2)}x the CPU of the bare parse`);
    out(`  the calibration's workload in the same turns: ${ms(calibrated).trim()} (from ${Math.min(...calibrations).toFixed(0)} to ${Math.max(...calibrations).toFixed(0)} ms); at a calibration of ${REFERENCE_CALIBRATION_MS} ms, runtime + scoring would be ${Math.round(decisions / (atReferenceSpeed(replay.times, calibrations) / 1000))} decisions per CPU-second`);
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The N traces written twice, with trials alike and each trial with its own seed; only their bytes are
 * kept, so no trace object outlives this call into the turns that are timed.
 */
async function writeTraces(n: number, fixtures: readonly Fixture[], alike: string, distinct: string): Promise<{ alikeBytes: Uint8Array; distinctBytes: Uint8Array }> {
  const write = (file: string, traces: readonly CollectedTrace[]): Uint8Array => {
    writeFileSync(file, `${traces.map((t) => JSON.stringify(t)).join("\n")}\n`);
    return readFileSync(file);
  };
  const traces = await generateTraces(n, fixtures);
  return { alikeBytes: write(alike, traces), distinctBytes: write(distinct, traces.map(seeded)) };
}

/** The distinct traces' replays and scoring alone, in turns with the calibration's workload: each turn's CPU time, their median, and the decisions a turn takes. */
async function timeReplays(distinctBytes: Uint8Array, fixtures: readonly Fixture[]): Promise<{ replay: { times: number[]; median: number }; decisions: number; calibrations: number[] }> {
  const read = parseCollectedTraceFile(distinctBytes);
  if (!read.ok) throw new Error(`the generated traces do not read back: ${read.message}`);
  let decisions = 0;
  const replays = async (): Promise<void> => {
    let counted = 0;
    for (const trace of read.traces) {
      const scored = await scoreCollectedTrace(trace, fixtures);
      if (!scored.ok) throw new Error(scored.message);
      for (const e of scored.run.events) if (e.kind === "decision") counted += 1;
    }
    decisions = counted;
  };
  // The calibration in the same turns: a shared machine's speed can change twofold between the first figure and the last.
  const [times = [], calibrations = []] = await inTurns([replays, async () => calibrationWork()], { warmUp: true, settle: SETTLING_TURNS, repeats: SCORE_TURNS });
  return { replay: { times, median: median(times) }, decisions, calibrations };
}

/** The trace as a trial sent with its own seed (eval --trials K --seed S --temperature 0) records it: no two trials alike. */
const seeded = (trace: CollectedTrace): CollectedTrace => ({ ...trace, candidate: { ...trace.candidate, settings: { ...trace.candidate.settings, temperature: 0, seed: trace.trial ?? 1 } } });

function bareParse(bytes: Uint8Array): unknown {
  let last: unknown = null;
  for (const line of new TextDecoder().decode(bytes).split("\n")) if (line.trim() !== "") last = JSON.parse(line);
  return last;
}

const ms = (n: number): string => `${n.toFixed(0).padStart(7)} ms`;

/**
 * n collected traces: every scripted candidate of every fixture in turn, trials 1, 2, …, in plan
 * order (fixture, candidate, trial), each as the run it replays to recorded it (its replies, how
 * each request ended, the budget and settings).
 */
export async function generateTraces(n: number, fixtures: readonly Fixture[]): Promise<CollectedTrace[]> {
  const kinds: Omit<CollectedTrace, "trial">[] = [];
  for (const fixture of fixtures) {
    for (const name of Object.keys(fixture.candidates)) {
      const run = await evaluateScripted(fixture, name);
      const started = run?.events[0];
      if (!run || started?.kind !== "run_started") continue;
      const settings = { repair: started.budget.repair, lenient_fence: false, budget: started.budget };
      kinds.push({ format: COLLECTED_TRACE_FORMAT, fixture: fixture.id, candidate: { name, settings }, ...recordedReplies(run.events) });
    }
  }
  if (kinds.length === 0) throw new UsageError("no fixture has a scripted candidate to generate traces from");
  // Trace i is kind i mod K's trial ⌊i / K⌋ + 1, written in plan order as eval --collect writes them: a candidate's trials together.
  const planned = Array.from({ length: n }, (_, i) => ({ kind: i % kinds.length, trial: Math.floor(i / kinds.length) + 1 }));
  planned.sort((a, b) => a.kind - b.kind || a.trial - b.trial);
  return planned.map(({ kind, trial }) => ({ ...(kinds[kind] as Omit<CollectedTrace, "trial">), trial }));
}
