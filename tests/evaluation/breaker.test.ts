import { describe, expect, it } from "vitest";
import { admission } from "../../src/evaluation/admission.ts";
import { Breaker } from "../../src/evaluation/breaker.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";

const ended = (outcome: string, policy_code: string | null, set_by: "runtime" | "candidate" = "runtime") =>
  ({ result: { outcome, policy_code, set_by, reason: null }, events: [], diagnostics: [] }) as unknown as Pick<ScoredRun, "result" | "events" | "diagnostics">;
const refused = ended("refused", "household_not_authorised", "candidate");
const down = ended("unavailable", "model_network_error");
const http500 = ended("unavailable", "model_http_error");
const queued = ended("unavailable", "model_queue_timeout");

describe("the breaker stops an evaluation whose server keeps failing", () => {
  it("after N infrastructure failures in a row, naming the last", () => {
    const b = new Breaker(3);
    expect([b.record(down), b.record(http500), b.record(down)]).toEqual([false, false, true]);
    expect(b.reason).toBe("3 infrastructure failures in a row (last: model_network_error)");
  });

  it("a run the candidate ended resets the count, pass or fail", () => {
    const b = new Breaker(2);
    expect([b.record(down), b.record(refused), b.record(down), b.record(ended("invalid_output", null)), b.record(down), b.record(down)]).toEqual([false, false, false, false, false, true]);
  });

  it("a queue timeout (a busy server the analyst chose to queue at) neither counts nor resets", () => {
    const b = new Breaker(2);
    expect([b.record(down), b.record(queued), b.record(queued), b.record(down)]).toEqual([false, false, false, true]);
  });
});

describe("admission against the server's slots", () => {
  it("admits no more runs than the server has slots", () => {
    expect(admission({ concurrency: 6, slots: 2, allowServerQueue: false })).toEqual({ runsAtOnce: 2, serverMayQueue: false, case: "held" });
  });

  it("sends them all when the analyst allows the server's queue, which may then hold requests", () => {
    expect(admission({ concurrency: 6, slots: 2, allowServerQueue: true })).toEqual({ runsAtOnce: 6, serverMayQueue: true, case: "queueing" });
  });

  it("sends what was asked when it fits, or when the slots are unknown (where requests may queue)", () => {
    expect(admission({ concurrency: 4, slots: 4, allowServerQueue: false })).toEqual({ runsAtOnce: 4, serverMayQueue: false, case: "fits" });
    expect(admission({ concurrency: 3, slots: null, allowServerQueue: false })).toEqual({ runsAtOnce: 3, serverMayQueue: true, case: "unknown" });
  });
});
