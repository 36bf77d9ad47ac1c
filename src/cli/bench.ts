import { scriptedCandidate } from "../candidates/scripted.ts";
import { createVirtualClock } from "../runtime/clock.ts";
import { runEpisode } from "../runtime/episode.ts";
import { scoreRun } from "../scoring/score.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run bench -- [--rounds 300]
  Replays the reference suite many times on the virtual clock and reports throughput.`;

// Replays the reference suite many times on the virtual clock and reports throughput.
// A number to improve later, not a test: nothing here fails on a slow machine.

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound bench", io, () => bench(argv, io));
}

async function bench(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: { rounds: { type: "string", default: "300" } }, strict: true }, USAGE);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new UsageError("--rounds must be a positive integer");
  const fixtures = loadFixtureDir();
  const perDecisionUs: number[] = [];
  let runs = 0;
  let decisions = 0;
  // Warm up the JIT so the first round does not dominate.
  for (const fx of fixtures) await runEpisode({ fixture: fx, candidate: scriptedCandidate(fx, "reference")!, clock: createVirtualClock() });
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) {
    for (const fx of fixtures) {
      const start = performance.now();
      const record = await runEpisode({ fixture: fx, candidate: scriptedCandidate(fx, "reference")!, clock: createVirtualClock() });
      scoreRun(record, fx);
      const used = record.events.filter((e) => e.kind === "decision").length || 1;
      perDecisionUs.push(((performance.now() - start) * 1000) / used);
      runs += 1;
      decisions += used;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  io.stdout.write(
    [
      `reference suite: ${fixtures.length} fixtures x ${rounds} rounds on the virtual clock (run + score)`,
      `runs              ${runs}`,
      `decisions         ${decisions}`,
      `wall time         ${seconds.toFixed(2)} s`,
      `runs per second   ${Math.round(runs / seconds)}`,
      `median us/decision ${median(perDecisionUs).toFixed(1)}`,
      "",
    ].join("\n"),
  );
  return 0;
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
