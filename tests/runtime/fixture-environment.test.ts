import { describe, expect, it } from "vitest";
import { fixtureParts } from "../../src/runtime/fixture-environment.ts";
import { isDeeplyFrozen } from "../../src/runtime/freeze.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import type { Snapshot } from "../../src/schemas/snapshot.ts";
import { fixture } from "../support.ts";

describe("a run's environment and brief, made once per loaded fixture", () => {
  it("shares the frozen parts between runs of a fixture loaded from a file, per max_decisions", () => {
    const fx = fixture("fv-scenario-a");
    const a = fixtureParts(fx, 4);
    expect(fixtureParts(fx, 4).brief).toBe(a.brief);
    expect(fixtureParts(fx, 8).brief).not.toBe(a.brief);
    expect(fixtureParts(fx, 8).brief.maxDecisions).toBe(8);
    expect(isDeeplyFrozen(a.brief)).toBe(true);
    expect(a.env.context).toBe(fx.context);
    expect(a.env.snapshots.get(fx.snapshots[0]!.household)).toBe(fx.snapshots[0]);
  });

  it("gives each run its own snapshot lookup, so nothing one run does to it reaches the next", () => {
    const fx = fixture("fv-scenario-a");
    const first = fixtureParts(fx, 4);
    (first.env.snapshots as Map<string, Snapshot>).set("HH-9999", fx.snapshots[0]!);
    (first.env.snapshots as Map<string, Snapshot>).delete(fx.snapshots[0]!.household);
    const second = fixtureParts(fx, 4);
    expect(second.env.snapshots).not.toBe(first.env.snapshots);
    expect(second.env.snapshots.has("HH-9999")).toBe(false);
    expect(second.env.snapshots.get(fx.snapshots[0]!.household)).toBe(fx.snapshots[0]);
  });

  it("copies a fixture that is not deeply frozen every run, so a change to it is seen", () => {
    const loaded = fixture("fv-scenario-a");
    const unfrozen = structuredClone(loaded) as Fixture;
    const first = fixtureParts(unfrozen, 4);
    (unfrozen as { request: string }).request = "something else";
    expect(fixtureParts(unfrozen, 4).brief.request).toBe("something else");
    expect(first.brief.request).toBe(loaded.request);

    // Frozen at the top only: a snapshot inside can still change between runs.
    const snapshot = structuredClone(loaded.snapshots[0]!) as Snapshot & { as_of: string };
    const shallow = Object.freeze({ ...structuredClone(loaded), snapshots: [snapshot] }) as Fixture;
    const before = fixtureParts(shallow, 4).env.snapshots.get(snapshot.household) as Snapshot & { as_of: string };
    snapshot.as_of = "2099-01-01";
    const after = fixtureParts(shallow, 4).env.snapshots.get(snapshot.household) as Snapshot & { as_of: string };
    expect(after.as_of).toBe("2099-01-01");
    expect(before.as_of).toBe(loaded.snapshots[0]!.as_of);
  });
});
