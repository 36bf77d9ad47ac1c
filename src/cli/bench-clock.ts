import { cpus } from "node:os";

// How every bench measures: CPU time (process.cpuUsage: user + system, so a busy machine's waiting is
// not counted, but the GC's helper threads are), the median of REPEATS, and the machine's
// calibration printed beside the figures, so figures from two sittings can be told apart.

export const REPEATS = 3;

/** CPU milliseconds that `work` takes. */
export async function cpuMs(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = process.cpuUsage();
  await work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * What the last workload left in the young generation, collected before the next is timed, when the
 * bench may (npm run bench passes --expose-gc). A minor collection: a full one threw away the optimized
 * code of the workloads before it, and each then paid to optimize it again (the runtime's replays read
 * 2.5x dearer, with twice the optimizations and ten times the deoptimizations).
 */
export const collectYoungGarbage = (): void => (globalThis as { gc?: (options: { type: "minor" }) => void }).gc?.({ type: "minor" });

/**
 * Untimed turns after the first, for a workload of many small calls (a replayed and scored round, a
 * score of thousands of traces): in their second and third turns such workloads read a third dearer or
 * more than later (their functions still moving up the JIT's tiers, the scorer's memos filling), then settle.
 */
export const SETTLING_TURNS = 3;

/**
 * CPU milliseconds of each of `repeats` (REPEATS unless said) calls of each function, the functions
 * called in turns. With `warmUp`, each is first called once more, in the same order, and timed apart
 * (`cold`): what the JIT compiling it costs is then a figure of its own, not part of the first timed
 * call. With `settle`, that many more turns follow, untimed: for workloads of many small calls, whose
 * code reaches its last tier (and whose memos fill) only after several turns.
 */
export async function inTurns(fs: readonly (() => Promise<void>)[], options: { warmUp?: boolean; settle?: number; repeats?: number } = {}): Promise<number[][] & { cold?: number[] }> {
  const timed = async (f: () => Promise<void>): Promise<number> => {
    collectYoungGarbage();
    return cpuMs(f);
  };
  const cold: number[] = [];
  if (options.warmUp) for (const f of fs) cold.push(await timed(f));
  for (let i = 0; i < (options.settle ?? 0); i++) for (const f of fs) await timed(f);
  const times = fs.map((): number[] => []);
  for (let i = 0; i < (options.repeats ?? REPEATS); i++) {
    for (const [k, f] of fs.entries()) times[k]?.push(await timed(f));
  }
  return options.warmUp ? Object.assign(times, { cold }) : times;
}

/** A fixed workload's CPU milliseconds (median of REPEATS), and the processor it ran on: how fast this machine is now. */
export async function calibration(): Promise<{ ms: number; cpu: string }> {
  calibrationDocument();
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i++) samples.push(await cpuMs(calibrationWork));
  return { ms: median(samples), cpu: `${cpus()[0]?.model.trim() ?? "unknown CPU"} × ${cpus().length}` };
}

let calibrationDoc: unknown[] | undefined;
/** The workload's document, made once and never inside a timing. */
const calibrationDocument = (): unknown[] =>
  (calibrationDoc ??= Array.from({ length: 20_000 }, (_, i) => ({ id: `hh-${i}`, value: i * 1.25, tags: ["a", "b", String(i % 7)], nested: { ok: i % 2 === 0, note: "calibration" } })));

/**
 * The calibration's workload, once: for a bench that times it in turns with its own figures, since a
 * shared machine's speed can change twofold within a minute.
 */
export function calibrationWork(): void {
  const doc = calibrationDocument();
  for (let i = 0; i < 5; i++) JSON.parse(JSON.stringify(doc));
}

/** The calibration docs/performance.md's table is read at: figures from a faster or slower hour are scaled to it. */
export const REFERENCE_CALIBRATION_MS = 150;

/**
 * A figure's CPU milliseconds as they would be at the reference calibration: each turn's time scaled by
 * the calibration taken in the same turn, then the median. (A turn's two readings are seconds apart; the
 * medians of each could come from turns minutes apart, at different speeds.)
 */
export function atReferenceSpeed(times: readonly number[], calibrations: readonly number[]): number {
  return median(times.map((ms, i) => ms * (REFERENCE_CALIBRATION_MS / (calibrations[i] ?? REFERENCE_CALIBRATION_MS))));
}

/** The calibration line every bench prints first. */
export const calibrationLine = (c: { ms: number; cpu: string }): string => `calibration: ${c.ms.toFixed(0)} ms CPU for a fixed JSON workload on ${c.cpu} (compare figures only at a like calibration)`;
