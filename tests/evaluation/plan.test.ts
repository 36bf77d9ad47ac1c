import { describe, expect, it } from "vitest";
import { inPlanOrder, jobKey, jobsOfShard, parseShard, planJobs, runPool, type Job } from "../../src/evaluation/plan.ts";

describe("the evaluation plan", () => {
  it("lists fixture × candidate × trial in one canonical order", () => {
    expect(planJobs(["a", "b"], ["ref"], 2)).toEqual([
      { fixture: "a", candidate: "ref", trial: 1 },
      { fixture: "a", candidate: "ref", trial: 2 },
      { fixture: "b", candidate: "ref", trial: 1 },
      { fixture: "b", candidate: "ref", trial: 2 },
    ]);
  });

  it("splits into shards that together hold every job exactly once, whatever N", () => {
    const jobs = planJobs(["a", "b", "c"], ["x", "y"], 5);
    for (const count of [1, 2, 3, 7, 40]) {
      const keys = Array.from({ length: count }, (_, i) => jobsOfShard(jobs, { index: i + 1, count })).flat().map(jobKey);
      expect(keys.length, `N=${count}`).toBe(jobs.length);
      expect(new Set(keys), `N=${count}`).toEqual(new Set(jobs.map(jobKey)));
    }
  });

  it("gives the same slice every time (a CI matrix can rely on it), and balanced sizes", () => {
    const jobs = planJobs(["a", "b", "c"], ["ref"], 8);
    expect(jobsOfShard(jobs, { index: 2, count: 3 })).toEqual(jobsOfShard([...jobs], { index: 2, count: 3 }));
    const sizes = [1, 2, 3].map((index) => jobsOfShard(jobs, { index, count: 3 }).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it.each(["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "-1/2"])("refuses the shard %s", (text) => {
    expect(parseShard(text)).toMatchObject({ ok: false, code: "bad_shard" });
  });

  it("reads I/N", () => expect(parseShard("2/5")).toEqual({ ok: true, shard: { index: 2, count: 5 } }));
});

describe("plan order", () => {
  /** A fixed shuffle: the completion order of a pool is whatever the runs took. */
  const shuffled = <T>(items: readonly T[]): T[] => items.map((item, i) => ({ item, key: (i * 7919) % 101 })).sort((a, b) => a.key - b.key).map(({ item }) => item);

  it("lists results by fixture in the plan's order, then candidate, then trial, whatever order they finished in", () => {
    const plan = { fixtures: ["z-last-by-name", "a", "m"], candidates: ["ref", "alt"] };
    const jobs = planJobs(plan.fixtures, plan.candidates, 4);
    const done = shuffled(jobs);
    expect(done).not.toEqual(jobs);
    expect(inPlanOrder(done, plan, (j) => j)).toEqual(jobs);
  });

  it("puts candidates the order does not name by name, and fixtures it does not name last, by id", () => {
    const done: Job[] = shuffled([
      { fixture: "b", candidate: "y", trial: 2 },
      { fixture: "b", candidate: "x", trial: 1 },
      { fixture: "unplanned-2", candidate: "x", trial: 1 },
      { fixture: "a", candidate: "y", trial: 1 },
      { fixture: "unplanned-1", candidate: "x", trial: 1 },
      { fixture: "b", candidate: "y", trial: 1 },
    ]);
    const named = inPlanOrder(done, { fixtures: ["b", "a"] }, (j) => j).map((j) => `${j.fixture} ${j.candidate} ${j.trial}`);
    expect(named).toEqual(["b x 1", "b y 1", "b y 2", "a y 1", "unplanned-1 x 1", "unplanned-2 x 1"]);
  });

  it("keeps items of one job in the order given (a file may hold a run twice)", () => {
    const items = [{ job: { fixture: "a", candidate: "c", trial: 1 }, n: 1 }, { job: { fixture: "a", candidate: "c", trial: 1 }, n: 2 }];
    expect(inPlanOrder(items, { fixtures: ["a"] }, (i) => i.job).map((i) => i.n)).toEqual([1, 2]);
  });
});

describe("the pool", () => {
  it("keeps at most N in flight and yields every result as it finishes", async () => {
    let inFlight = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 10, 2, 8];
    const finished: number[] = [];
    for await (const { index, result } of runPool(delays, 3, async (ms, i) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight -= 1;
      return i * 10;
    })) {
      expect(result).toBe(index * 10);
      finished.push(index);
    }
    expect(peak).toBe(3);
    expect([...finished].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Completion order, not input order: the 30 ms job does not hold back the others.
    expect(finished[0]).not.toBe(0);
  });

  it("runs one at a time at concurrency 1, in order", async () => {
    const order: number[] = [];
    for await (const { index } of runPool([3, 1, 2], 1, async (ms) => new Promise((r) => setTimeout(r, ms)))) order.push(index);
    expect(order).toEqual([0, 1, 2]);
  });

  it("yields nothing for no items", async () => {
    const all = [];
    for await (const r of runPool([], 4, async () => 1)) all.push(r);
    expect(all).toEqual([]);
  });
});
