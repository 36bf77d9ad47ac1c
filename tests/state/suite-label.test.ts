import { describe, expect, it } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { designCounts, headlineFigure, runDesign, summaryLine } from "../../src/state/suite/suite-design.ts";
import { suiteLabel, suiteShape } from "../../src/state/suite/suite-label.ts";
import { fixture } from "../support.ts";

const run = (fx: string, candidate: string, passed: boolean, extra: Partial<ScoredRun> & { infra?: string } = {}): ScoredRun => {
  const { infra, ...rest } = extra;
  return {
    fixture: fx,
    candidate,
    passed,
    verdicts: passed || infra ? [] : [{ check: "outcome", status: "fail", explanation: "" }],
    result: infra ? { outcome: "unavailable", set_by: "runtime", policy_code: infra } : { outcome: "answered", set_by: "candidate", policy_code: null },
    ...rest,
  } as unknown as ScoredRun;
};

describe("what ran, in words", () => {
  it("names a model's trials by the model, the fixtures and K", () => {
    const runs = [1, 2, 3].flatMap((trial) => ["a", "b"].map((fx) => run(fx, "simulated:reference", true, { trial })));
    expect(suiteLabel(suiteShape(runs), "other")).toBe("simulated:reference × 2 fixtures × 3 trials");
  });

  it("names a scripted suite as every candidate with its size, and the attack matrix as cells", () => {
    const runs = [run("a", "reference", true), run("a", "loops", false), run("b", "reference", true)];
    expect(suiteLabel(suiteShape(runs), "scripted")).toBe("every scripted candidate × 2 fixtures (3 runs)");
    expect(suiteLabel(suiteShape([run("mx-1", "obedient", true)]), "matrix")).toBe("attack matrix: obedient × 1 cell");
  });
});

describe("the headline's figures", () => {
  const fx = fixture("fv-scenario-a");
  it("leaves runs the serving side failed out of the figure and counts them beside it", () => {
    const runs = [run(fx.id, "sim", true), run(fx.id, "sim", false), run(fx.id, "sim", false, { infra: "model_http_error" })];
    expect(runDesign(runs[2]!, fx).status).toBe("infrastructure");
    const counts = designCounts(runs, () => fx);
    expect(counts).toEqual({ total: 3, ok: 1, regressions: 0, failed: 1, declared: 0, infrastructure: 1 });
    expect(headlineFigure(counts)).toBe("1 of 2 passed");
    expect(summaryLine(counts)).toBe("1 of 2 passed · 1 infrastructure");
  });

  it("says 'as designed' for candidates that declare their failures, and marks regressions", () => {
    const declared = Object.entries(fx.candidates).find(([, c]) => (c.expected_failures?.length ?? 0) > 0)?.[0] ?? "";
    const counts = designCounts([run(fx.id, declared, true), run(fx.id, "reference", true)], () => fx);
    expect(summaryLine(counts)).toBe("1 of 2 as designed · ▲ 1 regression");
  });
});
