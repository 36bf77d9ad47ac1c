import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzCase } from "../../src/fuzz/arbitraries.ts";
import { runCase } from "../../src/fuzz/run-case.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();

describe("property: whatever the candidate sends", () => {
  it("every run ends in one of the seven outcomes, discloses only what the scorer reports, records attempts as decided, writes nothing, leaks nothing and keeps time (3,000 cases)", async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase(fixtures), async (c) => {
        const result = await runCase(c, fixtures);
        expect(result).toEqual({ crashed: false, violations: [] });
      }),
      { numRuns: 3_000, seed: 20261130 },
    );
  }, 120_000);

  it("the invariant checker itself catches a broken promise", async () => {
    // A run whose observation is edited to hold another household must be reported.
    const { runEpisode } = await import("../../src/runtime/episode.ts");
    const { replayCandidate } = await import("../../src/candidates/replay.ts");
    const { createVirtualClock } = await import("../../src/runtime/clock.ts");
    const { invariantViolations } = await import("../../src/fuzz/invariants.ts");
    const { scoreRun } = await import("../../src/scoring/score.ts");
    const fx = fixtures.find((f) => f.id === "concentration-hh1001")!;
    const record = await runEpisode({ fixture: fx, candidate: replayCandidate("x", [{ text: '{"decision":"tool","tool":"portfolio.read","arguments":{"household":"HH-1001"}}', latency_ms: 1 }, { text: "{}", latency_ms: 1 }]), clock: createVirtualClock() });
    const tampered = { ...record, events: record.events.map((e) => (e.kind === "observation" ? { ...e, data: { ...e.data, household: "HH-2002" } } : e)) };
    expect(invariantViolations(tampered, fx, scoreRun(record, fx), 30_000)).toEqual(expect.arrayContaining([expect.stringMatching(/holds data of HH-2002, outside the context/)]));
  });
});
