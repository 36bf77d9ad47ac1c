import { describe, expect, it } from "vitest";
import { evaluateScripted } from "../../../src/evaluation/evaluate.ts";
import { eventName } from "../../../src/ui/timeline/event-name.ts";
import { fixture } from "../../support.ts";

describe("an event in words (a row's name, the cursor's announcement)", () => {
  it("says its number of the count, its kind, its call id when it has one, then the notes", async () => {
    const run = await evaluateScripted(fixture("unauthorised-household"), "reads-other-household");
    if (!run) throw new Error("no run");
    const events = run.events;
    const denial = events.findIndex((e) => e.kind === "denial");
    const started = events.findIndex((e) => e.kind === "run_started");
    const call = events[denial];
    if (!call || !("call_id" in call)) throw new Error("no denial with a call id");
    expect(eventName(events[started]!, started, events.length)).toBe(`Event ${started + 1} of ${events.length}: run started`);
    expect(eventName(call, denial, events.length)).toBe(`Event ${denial + 1} of ${events.length}: denied, ${call.call_id}`);
    expect(eventName(call, denial, events.length, ["matches the search"])).toBe(`Event ${denial + 1} of ${events.length}: denied, ${call.call_id}, matches the search`);
  });

  it("names a request the analyst's Stop cancelled for what it is, not a model failure", () => {
    const failure = { seq: 3, step: 1, at_ms: 40, kind: "model_failure", latency_ms: 40 } as const;
    expect(eventName({ ...failure, code: "model_cancelled" }, 2, 4)).toBe("Event 3 of 4: request cancelled");
    expect(eventName({ ...failure, code: "model_timeout" }, 2, 4)).toBe("Event 3 of 4: model failure");
  });
});
