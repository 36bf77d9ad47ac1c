import { describe, expect, it } from "vitest";
import { choose, passAtK, passHatK, reliability, reliabilityOf, summarise } from "../../src/evaluation/reliability.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";

/** A run reduced to what reliability reads: fixture, pass/fail, how it ended, its events' times and usage. */
function run(fixture: string, passed: boolean, opts: { infra?: string; ms?: number; tokens?: number } = {}): ScoredRun {
  const ending = opts.infra
    ? { outcome: "unavailable", set_by: "runtime", policy_code: opts.infra }
    : { outcome: passed ? "answered" : "refused", set_by: "candidate", policy_code: null };
  return {
    fixture,
    candidate: "c",
    outcome: ending.outcome,
    passed,
    verdicts: [],
    result: ending,
    events: [
      ...(opts.tokens === undefined ? [] : [{ kind: "model_reply", at_ms: 1, usage: { total_tokens: opts.tokens } }]),
      { kind: "run_finished", at_ms: opts.ms ?? 1000 },
    ],
    unused_replies: 0,
  } as unknown as ScoredRun;
}

const trials = (fixture: string, passes: boolean[]) => passes.map((p) => run(fixture, p));

describe("pass^k and pass@k (τ-bench's unbiased estimators)", () => {
  it("computes C(n, k) exactly", () => {
    expect([choose(4, 0), choose(4, 1), choose(4, 2), choose(4, 3), choose(4, 4), choose(4, 5), choose(8, 4)]).toEqual([1, 4, 6, 4, 1, 0, 70]);
  });

  it("gives hand-computed values for 3 fixtures × 4 trials", () => {
    const r = reliability([...trials("a", [true, true, true, true]), ...trials("b", [true, false, true, false]), ...trials("c", [true, true, false, true])]);
    expect(r.k).toBe(4);
    const b = r.fixtures.find((f) => f.fixture === "b");
    // b: 2 of 4. pass^2 = C(2,2)/C(4,2) = 1/6; pass@2 = 1 − C(2,2)/C(4,2) = 5/6.
    expect(b?.passHat).toEqual([0.5, 1 / 6, 0, 0]);
    expect(b?.passAt).toEqual([0.5, 5 / 6, 1, 1]);
    const c = r.fixtures.find((f) => f.fixture === "c");
    // c: 3 of 4. pass^2 = 3/6, pass^3 = 1/4.
    expect(c?.passHat).toEqual([0.75, 0.5, 0.25, 0]);
    expect(c?.passAt).toEqual([0.75, 1, 1, 1]);
    // Overall: the mean over fixtures.
    expect(r.passHat[0]).toBeCloseTo((1 + 0.5 + 0.75) / 3, 12);
    expect(r.passHat[1]).toBeCloseTo((1 + 1 / 6 + 0.5) / 3, 12);
    expect(r.passHat[2]).toBeCloseTo((1 + 0 + 0.25) / 3, 12);
    expect(r.passHat[3]).toBeCloseTo(1 / 3, 12);
    expect(r.passAt[1]).toBeCloseTo((1 + 5 / 6 + 1) / 3, 12);
  });

  it("lists fixtures in the plan's order whatever order their runs finished in; fixtures it does not name follow as first seen", () => {
    // Completion order of a pool: c's first run finished first, then a's, then b's.
    const finished = [run("c", true), run("a", true), run("c", false), run("b", true), run("a", true), run("b", true), run("x", true)];
    const r = reliabilityOf(finished.map(summarise), ["a", "b", "c"]);
    expect(r.fixtures.map((f) => f.fixture)).toEqual(["a", "b", "c", "x"]);
    expect(r.fixtures.map((f) => f.runs)).toEqual([2, 2, 2, 1]);
    expect(reliabilityOf(finished.map(summarise)).fixtures.map((f) => f.fixture)).toEqual(["c", "a", "b", "x"]);
  });

  it("never rises with k: reliability only falls as more trials must all pass", () => {
    const r = reliability([...trials("x", [true, false, true, true, false, true, true, true])]);
    const curve = r.passHat.map((v) => v ?? 0);
    for (let i = 1; i < curve.length; i++) expect(curve[i]).toBeLessThanOrEqual(curve[i - 1] ?? 1);
  });

  it("counts infrastructure failures apart and leaves them out of pass^k", () => {
    const runs = [run("a", true), run("a", true), run("a", false, { infra: "model_http_error" }), run("a", false, { infra: "model_timeout" }), run("b", false), run("b", true), run("b", true), run("b", true)];
    const r = reliability(runs);
    const a = r.fixtures.find((f) => f.fixture === "a");
    expect(a).toMatchObject({ runs: 4, infrastructure: 2, n: 2, c: 2 });
    expect(a?.passHat).toEqual([1, 1, null, null]);
    expect(r.infrastructure).toBe(2);
    // pass^3 is the mean over fixtures with at least 3 counted trials: only b (3 of 4 → C(3,3)/C(4,3) = 1/4).
    expect(r.passHat[2]).toBe(0.25);
  });

  it("does not count a candidate's own unavailable as infrastructure", () => {
    const own = { ...run("a", false), result: { outcome: "unavailable", set_by: "candidate", policy_code: "model_http_error" } } as unknown as ScoredRun;
    expect(reliability([own]).infrastructure).toBe(0);
  });

  it("is null where fewer than k trials were counted", () => {
    expect(passHatK(2, 2, 3)).toBeNull();
    expect(passAtK(2, 1, 3)).toBeNull();
    expect(passAtK(3, 0, 2)).toBe(0);
  });

  it("reports the outcome distribution, latency p50/p95 and tokens per run", () => {
    const r = reliability([run("a", true, { ms: 100, tokens: 10 }), run("a", true, { ms: 200, tokens: 30 }), run("a", false, { ms: 300 }), run("a", false, { ms: 4000, infra: "model_network_error" })]);
    expect(r.outcomes).toEqual({ answered: 2, refused: 1, unavailable: 1 });
    expect(r.latencyMs).toEqual({ p50: 200, p95: 4000 });
    expect(r.tokensPerRun).toBe(20);
  });
});
