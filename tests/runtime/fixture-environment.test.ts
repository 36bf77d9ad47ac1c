import { describe, expect, it } from "vitest";
import { fixtureParts } from "../../src/runtime/fixture-environment.ts";
import { isDeeplyFrozen } from "../../src/runtime/freeze.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { fixture, runReplies, tool, final } from "../support.ts";

describe("a run's environment and brief, made once per loaded fixture", () => {
  it("shares them between runs of a fixture loaded from a file, per max_decisions", () => {
    const fx = fixture("fv-scenario-a");
    const a = fixtureParts(fx, 4);
    expect(fixtureParts(fx, 4)).toBe(a);
    expect(fixtureParts(fx, 8)).not.toBe(a);
    expect(fixtureParts(fx, 8).brief.maxDecisions).toBe(8);
    expect(isDeeplyFrozen(a.brief)).toBe(true);
    expect(a.env.context).toBe(fx.context);
    expect(a.env.snapshots.get(fx.snapshots[0]!.household)).toBe(fx.snapshots[0]);
  });

  it("copies a fixture built in memory and left unfrozen every run, so a change to it is seen", () => {
    const loaded = fixture("fv-scenario-a");
    const fx = structuredClone(loaded) as Fixture;
    const first = fixtureParts(fx, 4);
    (fx as { request: string }).request = "something else";
    const second = fixtureParts(fx, 4);
    expect(second).not.toBe(first);
    expect(second.brief.request).toBe("something else");
    expect(first.brief.request).toBe(loaded.request);
  });

  it("gives every run of a loaded fixture the same verdict-relevant view (two runs, same events)", async () => {
    const fx = fixture("fv-scenario-a");
    const replies = [tool("portfolio.read", { household: "HH-1001" }), final("answered", { claims: [], evidence_ids: [] })];
    const one = await runReplies(fx, replies);
    const two = await runReplies(fx, replies);
    expect(two.events).toEqual(one.events);
  });
});
