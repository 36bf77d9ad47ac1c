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

/** CPU milliseconds of each of REPEATS calls of each function, the functions called in turns. */
export async function inTurns(fs: readonly (() => Promise<void>)[]): Promise<number[][]> {
  const times = fs.map((): number[] => []);
  for (let i = 0; i < REPEATS; i++) {
    for (const [k, f] of fs.entries()) {
      // What the last one left behind is collected before this one is timed, when the bench may (npm run bench passes --expose-gc).
      (globalThis as { gc?: () => void }).gc?.();
      times[k]?.push(await cpuMs(f));
    }
  }
  return times;
}

/** A fixed workload's CPU milliseconds (median of REPEATS), and the processor it ran on: how fast this machine is now. */
export async function calibration(): Promise<{ ms: number; cpu: string }> {
  const doc = Array.from({ length: 20_000 }, (_, i) => ({ id: `hh-${i}`, value: i * 1.25, tags: ["a", "b", String(i % 7)], nested: { ok: i % 2 === 0, note: "calibration" } }));
  const once = (): void => {
    for (let i = 0; i < 5; i++) JSON.parse(JSON.stringify(doc));
  };
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i++) samples.push(await cpuMs(once));
  return { ms: median(samples), cpu: `${cpus()[0]?.model.trim() ?? "unknown CPU"} × ${cpus().length}` };
}

/** The calibration line every bench prints first. */
export const calibrationLine = (c: { ms: number; cpu: string }): string => `calibration: ${c.ms.toFixed(0)} ms CPU for a fixed JSON workload on ${c.cpu} (compare figures only at a like calibration)`;
