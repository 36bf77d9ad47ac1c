// An evaluation as a list of jobs (fixture × candidate × trial), a deterministic slice of it for one
// shard, and a pool that runs jobs with at most N in flight. Inference scales on the serving engine
// (vLLM, a llama.cpp pool): finbound's part is only how many requests it keeps in flight and how the
// work is split and joined.

export interface Job {
  readonly fixture: string;
  readonly candidate: string;
  /** 1-based. */
  readonly trial: number;
}

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

export const jobKey = (j: Job): string => `${j.fixture}\u0000${j.candidate}\u0000${j.trial}`;

/** Every job, in one canonical order: fixture, then candidate, then trial. */
export function planJobs(fixtures: readonly string[], candidates: readonly string[], trials: number): Job[] {
  return fixtures.flatMap((fixture) => candidates.flatMap((candidate) => Array.from({ length: trials }, (_, i) => ({ fixture, candidate, trial: i + 1 }))));
}

/** Orders names by their place in `order`; a name not in it comes after every one that is. */
export function byPlace(order: readonly string[]): (a: string, b: string) => number {
  const place = new Map(order.map((name, i) => [name, i]));
  return (a, b) => (place.get(a) ?? place.size) - (place.get(b) ?? place.size);
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order results are shown in: the plan's fixtures, and its candidates when it names them (else by name). */
export interface PlanOrder {
  readonly fixtures: readonly string[];
  readonly candidates?: readonly string[];
}

/**
 * Items in plan order — fixture, then candidate, then trial — whatever order they finished or were
 * read in. Fixtures the order does not name come last, by id; items of one job keep their order.
 */
export function inPlanOrder<T>(items: readonly T[], order: PlanOrder, jobOf: (item: T) => Job): T[] {
  const fixture = byPlace(order.fixtures);
  const candidate = order.candidates ? byPlace(order.candidates) : byName;
  const keyed = items.map((item) => ({ item, job: jobOf(item) }));
  keyed.sort(({ job: a }, { job: b }) => fixture(a.fixture, b.fixture) || byName(a.fixture, b.fixture) || candidate(a.candidate, b.candidate) || byName(a.candidate, b.candidate) || a.trial - b.trial);
  return keyed.map(({ item }) => item);
}

export type ShardParse = { ok: true; shard: Shard } | { ok: false; code: "bad_shard"; message: string };

/** `I/N` with 1 ≤ I ≤ N. */
export function parseShard(text: string): ShardParse {
  const m = /^([0-9]+)\/([0-9]+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) return { ok: false, code: "bad_shard", message: `--shard must be I/N with 1 ≤ I ≤ N (got ${text})` };
  return { ok: true, shard: { index, count } };
}

/**
 * The jobs of one shard: job j of the canonical order goes to shard (j mod N) + 1, so every shard
 * gets a fair share of each fixture's trials and the shards together hold every job exactly once.
 */
export const jobsOfShard = (jobs: readonly Job[], shard: Shard): Job[] => jobs.filter((_, j) => j % shard.count === shard.index - 1);

/**
 * Runs `work` over `items` with at most `concurrency` in flight and yields each result as it
 * finishes (completion order), so a caller can write it out at once and hold nothing else.
 */
export async function* runPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): AsyncGenerator<{ item: T; index: number; result: R }> {
  const limit = Math.max(1, Math.floor(concurrency));
  const running = new Map<number, Promise<{ item: T; index: number; result: R }>>();
  let next = 0;
  const start = (): void => {
    const index = next++;
    const item = items[index] as T;
    running.set(index, work(item, index).then((result) => ({ item, index, result })));
  };
  while (next < items.length && running.size < limit) start();
  while (running.size > 0) {
    const done = await Promise.race(running.values());
    running.delete(done.index);
    if (next < items.length) start();
    yield done;
  }
}

/**
 * A plan's jobs handed out one at a time, as MCP sessions open: session n takes job n. A job given
 * back (its session left before starting a run) is the next one taken; a job is finished when its
 * run is written. What is not finished when the server stops was not run.
 */
export class JobQueue {
  readonly #jobs: readonly Job[];
  readonly #waiting: Job[];
  readonly #finished = new Set<Job>();

  constructor(jobs: readonly Job[]) {
    this.#jobs = jobs;
    this.#waiting = [...jobs];
  }

  take(): Job | undefined {
    return this.#waiting.shift();
  }

  giveBack(job: Job): void {
    this.#waiting.unshift(job);
  }

  finish(job: Job): void {
    this.#finished.add(job);
  }

  get allFinished(): boolean {
    return this.#finished.size === this.#jobs.length;
  }

  /** The jobs not finished, in plan order. */
  unfinished(): Job[] {
    return this.#jobs.filter((j) => !this.#finished.has(j));
  }
}
