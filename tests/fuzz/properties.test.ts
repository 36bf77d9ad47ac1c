import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzCase } from "../../src/fuzz/arbitraries.ts";
import { runCase } from "../../src/fuzz/run-case.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();

describe("property: whatever the candidate sends", () => {
  it("every run ends in one of the seven outcomes, discloses only what the scorer reports, records attempts as decided, writes nothing, leaks nothing and keeps time; claims, provenance, request timeouts and forgery agree with their independent oracles (3,000 cases)", async () => {
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

describe("the generators reach the paths the invariants are about", () => {
  it("in 3,000 cases: reads, both calculators, provenance refusals, tool faults, denials, disclosures, replies at their limit, near-miss claims and forged fields all occur", async () => {
    const { replayCandidate } = await import("../../src/candidates/replay.ts");
    const { createVirtualClock } = await import("../../src/runtime/clock.ts");
    const { runEpisode } = await import("../../src/runtime/episode.ts");
    const seen = new Map<string, number>();
    const bump = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
    for (const c of fc.sample(fuzzCase(fixtures), { numRuns: 3_000, seed: 11 })) {
      const fx = fixtures.find((f) => f.id === c.fixture)!;
      const r = await runEpisode({ fixture: fx, candidate: replayCandidate("x", c.responses), clock: createVirtualClock() });
      for (const e of r.events) {
        if (e.kind === "observation") bump(`observation:${e.tool}`);
        if (e.kind === "tool_error") bump(`tool_error:${e.code}`);
        if (e.kind === "denial") bump(`denial:${e.code}`);
        if (e.kind === "observation" && typeof e.data.household === "string" && !fx.task_households.includes(e.data.household as never)) bump("disclosed");
        if (e.kind === "model_request" && c.responses[r.events.filter((q) => q.kind === "model_request" && q.seq < e.seq).length]?.latency_ms === e.timeout_ms) bump("reply at exactly its limit");
      }
      // What the oracles judge: a claim a hair off its record, and forged fields.
      for (const claim of r.result.claims) {
        const cited = r.events.find((e) => e.kind === "observation" && e.evidence_id === claim.evidence_id);
        const recorded = cited?.kind === "observation" ? (cited.data.value ?? cited.data.ratio) : undefined;
        if (typeof recorded === "number" && claim.value !== recorded && Math.abs(claim.value - recorded) <= 0.005) bump("claim within half a paisa of its record");
      }
      if (r.result.forgery_attempts.length > 0) bump("forged field");
    }
    for (const path of ["observation:portfolio.read", "observation:future_value", "observation:concentration", "tool_error:argument_not_from_evidence", "tool_error:invalid_arguments", "tool_error:unavailable", "denial:household_not_authorised", "denial:tool_not_available", "disclosed", "reply at exactly its limit", "claim within half a paisa of its record", "forged field"]) {
      expect(seen.get(path) ?? 0, path).toBeGreaterThanOrEqual(10);
    }
  }, 60_000);
});
