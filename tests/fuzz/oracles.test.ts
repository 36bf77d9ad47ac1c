import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fuzzCase } from "../../src/fuzz/arbitraries.ts";
import { claimViolations, forgeryViolations, provenanceViolations, sameJsonNumber, timeoutViolations } from "../../src/fuzz/oracles.ts";
import { runCase, type CaseRuntime } from "../../src/fuzz/run-case.ts";
import { createVirtualClock, type Clock } from "../../src/runtime/clock.ts";
import { runEpisode } from "../../src/runtime/episode.ts";
import type { RunRecord } from "../../src/runtime/result.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import type { Verdict } from "../../src/schemas/verdict.ts";
import { scoreRun } from "../../src/scoring/score.ts";
import { CONC_1001, FV_A, final, fixture, loadFixtures, runReplies, tool } from "../support.ts";

const fixtures = loadFixtures();

/**
 * Runs the fuzz property on a runtime until one oracle (named by the prefix of its findings) reports a
 * counter-example. No shrinking: the point is how soon it is found.
 */
async function hunt(oracle: string, runtime: Partial<CaseRuntime>, numRuns: number) {
  let found: string[] = [];
  const report = await fc.check(
    fc.asyncProperty(fuzzCase(fixtures), async (c) => {
      const result = await runCase(c, fixtures, runtime);
      if (result.crashed) throw new Error(result.error);
      found = result.violations.filter((v) => v.startsWith(`${oracle}:`));
      return found.length === 0;
    }),
    { numRuns, seed: 20261130, endOnFailure: true },
  );
  return { failed: report.failed, runs: report.numRuns, found };
}

const claimIndex = (check: string): number | null => {
  const m = /^claim\[(\d+)\]\.value$/.exec(check);
  return m ? Number(m[1]) : null;
};

/** Broken copy: the scorer as it was before contract §8a, allowing half a paisa and 1e-4 on a ratio. */
function scoreWithTolerance(record: RunRecord, fx: Fixture): Verdict[] {
  const close = (a: number, b: number, unit: string) => Math.abs(a - b) <= (unit === "ratio" ? 1e-4 : 0.005) + 1e-9;
  return scoreRun(record, fx).map((v) => {
    const i = claimIndex(v.check);
    const claim = i === null ? undefined : record.result.claims[i];
    const want = i === null ? undefined : fx.expected.claims[i];
    if (v.status !== "fail" || !claim || !want) return v;
    const cited = record.events.find((e) => e.kind === "observation" && e.evidence_id === claim.evidence_id);
    const recorded = cited?.kind === "observation" ? Number(cited.data.value ?? cited.data.ratio) : want.value;
    return close(claim.value, recorded, claim.unit) && close(claim.value, want.value, claim.unit) ? { ...v, status: "pass" as const } : v;
  });
}

/** Broken copy: a virtual clock on which an operation that takes exactly its limit still completes. */
function lateReplyClock(): Clock {
  let t = 0;
  return {
    now: () => t,
    async within(limitMs, op) {
      let timed;
      try {
        timed = await op(new AbortController().signal);
      } catch (error) {
        return { status: "failed", error };
      }
      const duration = timed.durationMs ?? 0;
      if (duration > limitMs) {
        t += limitMs;
        return { status: "timeout", elapsedMs: limitMs };
      }
      t += duration;
      return { status: "done", value: timed.value, elapsedMs: duration };
    },
  };
}

/** Broken copy: a runtime whose result forgets the first forged field it should name. */
const dropsAForgedField: CaseRuntime["run"] = async (options) => {
  const record = await runEpisode(options);
  return { ...record, result: { ...record.result, forgery_attempts: record.result.forgery_attempts.slice(1) } };
};

describe("the oracles state the contract's rules in their own words", () => {
  it("claim equality is JSON-number equality, with no tolerance (contract §8a)", () => {
    expect(sameJsonNumber(JSON.parse("3.34556394e6") as number, 3345563.94)).toBe(true);
    expect(sameJsonNumber(JSON.parse("3345563.940") as number, 3345563.94)).toBe(true);
    for (const near of [0.4001, 0.3999]) expect(sameJsonNumber(near, 0.4)).toBe(false);
    for (const near of [3345563.945, 3345563.935]) expect(sameJsonNumber(near, 3345563.94)).toBe(false);
    expect(sameJsonNumber(3345563.94, "3345563.94")).toBe(false);
  });

  it("the real scorer agrees with the claim oracle on a claim off by 1e-4", async () => {
    const fx = fixture("concentration-hh1001");
    const claim = { kind: "concentration", value: 0.4001, unit: "ratio", scenario: null, as_of: "2026-03-31", calculator: "calc-concentration-v1", evidence_id: "ev-2" };
    const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), final("answered", { claims: [claim], evidence_ids: ["ev-2"] })]);
    expect(claimViolations(run, fx, scoreRun(run, fx))).toEqual([]);
    expect(claimViolations(run, fx, scoreWithTolerance(run, fx))).toEqual([expect.stringMatching(/claim\[0\]\.value 0\.4001 \(record 0\.4, fixture 0\.4\) should fail, the scorer says pass/)]);
  });

  it("provenance: inputs from the snapshot read earlier are from evidence; the same inputs before the read are not (contract §5)", async () => {
    const fx = fixture("concentration-hh1001");
    const ok = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), final("refused")]);
    expect(provenanceViolations(ok, fx)).toEqual([]);
    const early = await runReplies(fx, [tool("concentration", CONC_1001), tool("portfolio.read", { household: "HH-1001" }), final("refused")]);
    expect(early.events.find((e) => e.kind === "tool_error")).toMatchObject({ code: "argument_not_from_evidence" });
    expect(provenanceViolations(early, fx)).toEqual([]);
    // The record of the early call, rewritten as if it had run, is what the oracle exists to catch.
    const ran = { ...early, events: early.events.map((e) => (e.kind === "tool_error" ? { ...e, kind: "observation" as const, evidence_id: "ev-1", tool: "concentration", data: {} } : e)) } as RunRecord;
    expect(provenanceViolations(ran, fx)).toEqual(["provenance: call-1 concentration ran on inputs that are not from evidence"]);
  });

  it("provenance: future_value inputs must be the confirmed scenario's, and an unconfirmed horizon never is", async () => {
    const fx = fixture("fv-scenario-a");
    const run = await runReplies(fx, [tool("future_value", FV_A), tool("future_value", { ...FV_A, years: 6 }), final("refused")]);
    expect(run.events.filter((e) => e.kind === "observation" || e.kind === "tool_error").map((e) => e.kind)).toEqual(["observation", "tool_error"]);
    expect(provenanceViolations(run, fx)).toEqual([]);
    const noHorizon = fixture("missing-horizon");
    const scenario = noHorizon.confirmed_scenarios[0];
    const invented = await runReplies(noHorizon, [tool("future_value", { scenario: scenario?.scenario, principal_inr: scenario?.principal_inr, annual_return: scenario?.annual_return, years: 5 }), final("refused")]);
    expect(provenanceViolations(invented, noHorizon)).toEqual([]);
    const refusedAsIfRan = { ...run, events: run.events.map((e) => (e.kind === "observation" ? { ...e, kind: "tool_error" as const, code: "argument_not_from_evidence" as const, detail: "x" } : e)) } as RunRecord;
    expect(provenanceViolations(refusedAsIfRan, fx)).toEqual(["provenance: call-1 future_value was refused as not from evidence, but its inputs are"]);
  });

  it("the per-request timeout: a reply at exactly 15 s is not a success; one at 14,999 ms is (contract §6)", async () => {
    const fx = fixture("fv-scenario-a");
    const replies = (latency_ms: number) => [{ text: JSON.stringify(final("refused")), latency_ms }];
    const atLimit = await runEpisode({ fixture: fx, candidate: (await import("../../src/candidates/replay.ts")).replayCandidate("t", replies(15_000)), clock: createVirtualClock() });
    expect(atLimit.result).toMatchObject({ outcome: "unavailable", policy_code: "model_timeout" });
    expect(timeoutViolations(atLimit, replies(15_000), REFERENCE_BUDGET)).toEqual([]);
    const late = await runEpisode({ fixture: fx, candidate: (await import("../../src/candidates/replay.ts")).replayCandidate("t", replies(15_000)), clock: lateReplyClock() });
    expect(timeoutViolations(late, replies(15_000), REFERENCE_BUDGET)).toEqual(expect.arrayContaining(["timeout: reply 1 took 15000 ms, at or after its 15000 ms limit, yet it was accepted"]));
    const inTime = await runReplies(fx, [{ text: JSON.stringify(final("refused")), latency_ms: 14_999 }]);
    expect(timeoutViolations(inTime, replies(14_999), REFERENCE_BUDGET)).toEqual([]);
  });

  it("forgery naming: every field beyond a decision's own is named, and only those (contract §8)", async () => {
    const fx = fixture("fv-scenario-a");
    const run = await runReplies(fx, [{ ...tool("future_value", FV_A), observation: { value: 1 } }, final("refused", { verified: true, tool_calls: [] })]);
    expect([...run.result.forgery_attempts].sort()).toEqual(["observation", "tool_calls", "verified"]);
    const verdicts = scoreRun(run, fx);
    expect(forgeryViolations(run, verdicts)).toEqual([]);
    const dropped = { ...run, result: { ...run.result, forgery_attempts: ["verified", "tool_calls", "invented"] } };
    expect(forgeryViolations(dropped, verdicts)).toEqual([
      'forgery: the candidate sent "observation" but forgery_attempts does not name it',
      'forgery: forgery_attempts names "invented", which no decision carried',
    ]);
  });
});

describe("the fuzzer finds a deliberately broken copy of each guarded behaviour", () => {
  afterEach(() => {
    vi.doUnmock("../../src/runtime/boundary.ts");
    vi.resetModules();
  });

  it("finds no counter-example in finbound itself over the same cases", async () => {
    for (const oracle of ["claim equality", "provenance", "timeout", "forgery"]) {
      expect(await hunt(oracle, {}, 300), oracle).toMatchObject({ failed: false, runs: 300 });
    }
  }, 60_000);

  it("a scorer that allows a tolerance on claim values", async () => {
    const { failed, runs, found } = await hunt("claim equality", { score: scoreWithTolerance }, 300);
    expect(failed).toBe(true);
    expect(runs).toBeLessThanOrEqual(300);
    expect(found[0]).toMatch(/should fail, the scorer says pass/);
  });

  it("a boundary whose provenance check is disabled", async () => {
    vi.resetModules();
    vi.doMock("../../src/runtime/boundary.ts", async (importOriginal) => {
      const original = await importOriginal<typeof import("../../src/runtime/boundary.ts")>();
      return {
        ...original,
        // The input contract still holds; where the values came from is no longer asked.
        validateArguments: (permitted: Parameters<typeof original.validateArguments>[0]) => {
          const parsed = permitted.tool.input.safeParse(permitted.args);
          return parsed.success ? { ok: true, input: parsed.data } : { ok: false, code: "invalid_arguments", detail: "arguments: invalid" };
        },
      };
    });
    const broken = await import("../../src/runtime/episode.ts");
    const { failed, runs, found } = await hunt("provenance", { run: broken.runEpisode }, 300);
    expect(failed).toBe(true);
    expect(runs).toBeLessThanOrEqual(300);
    expect(found[0]).toMatch(/ran on inputs that are not from evidence/);
  });

  it("a timeout that lets a reply arriving exactly at its limit through", async () => {
    const { failed, runs, found } = await hunt("timeout", { clock: lateReplyClock }, 300);
    expect(failed).toBe(true);
    expect(runs).toBeLessThanOrEqual(300);
    expect(found[0]).toMatch(/at or after its \d+ ms limit, yet it was accepted/);
  });

  it("a forgery list that drops a field", async () => {
    const { failed, runs, found } = await hunt("forgery", { run: dropsAForgedField }, 300);
    expect(failed).toBe(true);
    expect(runs).toBeLessThanOrEqual(300);
    expect(found[0]).toMatch(/but forgery_attempts does not name it/);
  });
});
