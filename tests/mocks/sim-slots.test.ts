import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSlots, type SlotTimers } from "../../src/mocks/sim-slots.ts";

// Virtual time: vitest's fake timers, advanced by hand. Nothing here waits on the host's clock.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());
const timers: SlotTimers = { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/** Slots whose requests record when they were answered, and the lines logged. */
function harness(total: number | null) {
  const answered: [string, number][] = [];
  const log: string[] = [];
  const slots = createSlots(total, timers, (line) => log.push(line));
  const submit = (model: string, processingMs: number) => slots.submit({ model, processingMs, answer: () => answered.push([model, Date.now()]) });
  return { slots, submit, answered, log };
}

describe("the simulated server's slots", () => {
  it("answer a request on a free slot once its processing time has passed", () => {
    const { submit, answered } = harness(1);
    submit("a", 100);
    vi.advanceTimersByTime(99);
    expect(answered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(answered).toEqual([["a", 100]]);
  });

  it("keep requests beyond the slots waiting in arrival order; a request's processing time counts from its slot", () => {
    const { slots, submit, answered, log } = harness(1);
    submit("a", 100);
    submit("b", 50);
    submit("c", 10);
    expect(slots.stats()).toMatchObject({ decoding: 1, queued: 2 });
    vi.runAllTimers();
    expect(answered).toEqual([["a", 100], ["b", 150], ["c", 160]]);
    expect(slots.stats()).toMatchObject({ requests: 3, decoding: 0, queued: 0, max_queued: 2, waited: 2, queued_ms_total: 100 + 150, answered: 3, cancelled: 0 });
    expect(log).toEqual(["queued 0.10 s for a slot (model b)", "queued 0.15 s for a slot (model c)"]);
  });

  it("process as many requests at once as there are slots", () => {
    const { submit, answered } = harness(2);
    for (const model of ["a", "b", "c"]) submit(model, 100);
    vi.runAllTimers();
    expect(answered).toEqual([["a", 100], ["b", 100], ["c", 200]]);
  });

  it("take a queued request out of the queue when its client leaves, and give the slot to the next one", () => {
    const { slots, submit, answered, log } = harness(1);
    submit("a", 100);
    const leaveB = submit("b", 50);
    submit("c", 10);
    vi.advanceTimersByTime(30);
    leaveB();
    expect(slots.stats()).toMatchObject({ queued: 1, cancelled: 1 });
    vi.runAllTimers();
    expect(answered).toEqual([["a", 100], ["c", 110]]);
    expect(slots.stats()).toMatchObject({ max_queued: 2, waited: 2, queued_ms_total: 30 + 100, answered: 2, cancelled: 1 });
    expect(log).toEqual(["queued 0.03 s for a slot, then its client left (model b)", "queued 0.10 s for a slot (model c)"]);
  });

  it("free a slot at once when the client of the request holding it leaves", () => {
    const { slots, submit, answered } = harness(1);
    const leaveA = submit("a", 1000);
    submit("b", 100);
    vi.advanceTimersByTime(10);
    leaveA();
    expect(slots.stats()).toMatchObject({ decoding: 1, queued: 0, cancelled: 1 });
    vi.runAllTimers();
    expect(answered).toEqual([["b", 110]]);
    expect(slots.stats()).toMatchObject({ queued_ms_total: 10, answered: 1 });
  });

  it("count nothing when a client leaves after its answer", () => {
    const { slots, submit } = harness(1);
    const leave = submit("a", 100);
    vi.runAllTimers();
    leave();
    leave();
    expect(slots.stats()).toMatchObject({ decoding: 0, answered: 1, cancelled: 0 });
  });

  it("never queue when unlimited, and log nothing", () => {
    const { slots, submit, answered, log } = harness(null);
    for (let i = 0; i < 50; i += 1) submit(`m${i}`, 100);
    expect(slots.stats()).toMatchObject({ slots: null, decoding: 50, queued: 0 });
    vi.runAllTimers();
    expect(answered.every(([, at]) => at === 100)).toBe(true);
    expect(slots.stats()).toMatchObject({ requests: 50, max_queued: 0, waited: 0, queued_ms_total: 0, answered: 50 });
    expect(log).toEqual([]);
  });
});
