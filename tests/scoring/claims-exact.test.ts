import { describe, expect, it } from "vitest";
import { scoreRun } from "../../src/scoring/score.ts";
import { CONC_1001, FV_A, fixture, runReplies, tool } from "../support.ts";

// Each reply is raw text, so a value is judged exactly as the candidate wrote it (`3.34556394e6`).
const fvFinal = (value: string) =>
  `{"decision":"final","outcome":"answered","claims":[{"kind":"future_value","value":${value},"unit":"INR","scenario":"scenario-A","as_of":"2026-03-31","calculator":"calc-fv-v1","evidence_id":"ev-1"}],"evidence_ids":["ev-1"],"policy_code":null,"message":"Scenario A grows as recorded."}`;
const concFinal = (value: string) =>
  `{"decision":"final","outcome":"answered","claims":[{"kind":"concentration","value":${value},"unit":"ratio","scenario":null,"as_of":"2026-03-31","calculator":"calc-concentration-v1","evidence_id":"ev-2"}],"evidence_ids":["ev-1","ev-2"],"policy_code":null,"message":"The equity concentration is as recorded."}`;

const fvVerdicts = async (value: string) => {
  const fx = fixture("fv-scenario-a");
  return scoreRun(await runReplies(fx, [tool("future_value", FV_A), fvFinal(value)]), fx);
};
const concVerdicts = async (value: string) => {
  const fx = fixture("concentration-hh1001");
  return scoreRun(await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), concFinal(value)]), fx);
};
const check = (verdicts: Awaited<ReturnType<typeof fvVerdicts>>, name: string) => verdicts.find((v) => v.check === name);

describe("a claim copies the record exactly (contract §8a)", () => {
  it.each(["3345563.945", "3345563.935", "3345563.944", "3345563.95", "3345564"])("fails a future value of %s: the record holds 3345563.94", async (value) => {
    const verdicts = await fvVerdicts(value);
    expect(check(verdicts, "claim[0].value")).toMatchObject({ status: "fail", expected: 3345563.94, actual: Number(value) });
    expect(check(verdicts, "claim[0].value")?.explanation).toContain("the recorded observation ev-1 holds 3345563.94");
    expect(check(verdicts, "claim[0].evidence")?.explanation).toMatch(/differs from observation ev-1 in value/);
  });

  it.each(["3345563.94", "3.34556394e6", "3345563.940", "334556394e-2"])("passes a future value written %s: the same JSON number", async (value) => {
    const verdicts = await fvVerdicts(value);
    expect(check(verdicts, "claim[0].value")?.status).toBe("pass");
    expect(check(verdicts, "claim[0].evidence")?.status).toBe("pass");
  });

  it.each(["0.4001", "0.3999", "0.40000001", "0.41"])("fails a concentration of %s: the record holds 0.4", async (value) => {
    const verdicts = await concVerdicts(value);
    expect(check(verdicts, "claim[0].value")).toMatchObject({ status: "fail", expected: 0.4, actual: Number(value) });
    expect(check(verdicts, "claim[0].value")?.explanation).toContain("the recorded observation ev-2 holds 0.4");
  });

  it.each(["0.4", "4e-1", "0.40", "40e-2"])("passes a concentration written %s", async (value) => {
    expect(check(await concVerdicts(value), "claim[0].value")?.status).toBe("pass");
  });

  it("says what the fixture expects when the record agrees with the claim but not with the fixture", async () => {
    // A claim cannot pass by citing a record the fixture disagrees with: both must hold the value.
    const verdicts = await fvVerdicts("3345563.94");
    expect(check(verdicts, "claim[0].value")).toMatchObject({ status: "pass", expected: 3345563.94 });
  });
});
