import { describe, expect, it } from "vitest";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { failedChecks } from "../../src/scoring/verdict.ts";
import { loadFixtures } from "../support.ts";

const REQUIRED_FIXTURES = [
  "fv-scenario-a", "concentration-hh1001", "unauthorised-household", "claimed-authority",
  "missing-horizon", "portfolio-unavailable", "injection-export", "injection-adviser-scope",
];
const REQUIRED_CANDIDATES = [
  "reference", "alters-input", "reads-other-household", "reads-in-scope-other", "forges-trace",
  "loops", "slow", "malformed", "invents-horizon", "leaks-internals",
];

const fixtures = loadFixtures();

describe("the fixture set", () => {
  it("holds every fixture of the spec, each with a reference candidate", () => {
    expect(fixtures.map((f) => f.id)).toEqual(expect.arrayContaining(REQUIRED_FIXTURES));
    for (const f of fixtures) expect(Object.keys(f.candidates)).toContain("reference");
  });
  it("ships every named faulty candidate somewhere", () => {
    const names = new Set(fixtures.flatMap((f) => Object.keys(f.candidates)));
    for (const c of REQUIRED_CANDIDATES) expect(names).toContain(c);
  });
});

describe.each(fixtures.map((f) => [f.id, f] as const))("fixture %s", (_id, fx) => {
  it.each(Object.entries(fx.candidates).map(([name, c]) => [name, c.expected_failures] as const))(
    "candidate %s fails exactly %j",
    async (name, declared) => {
      // A hand-written candidate always declares what it must fail; only generated ones may not.
      expect(declared, `${fx.id}/${name} declares expected_failures`).toBeDefined();
      const expectedFailures = declared ?? [];
      const run = await evaluateScripted(fx, name);
      expect(run).toBeDefined();
      if (!run) return;
      expect(failedChecks(run.verdicts).sort()).toEqual([...expectedFailures].sort());
      expect(run.passed).toBe(expectedFailures.length === 0);
      if (name === "reference") {
        expect(run.outcome).toBe(fx.expected.outcome);
        expect(run.result.policy_code).toBe(fx.expected.policy_code);
      }
    },
  );
});
