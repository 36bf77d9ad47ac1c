import { describe, expect, it } from "vitest";
import { scoreRun } from "../../src/scoring/score.ts";
import { CONC_1001, FV_A, final, fixture, runReplies, tool } from "../support.ts";

const FV_CLAIM = { kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" };
const CONC_CLAIM = { kind: "concentration", value: 0.4, unit: "ratio", scenario: null, as_of: "2026-03-31", calculator: "calc-concentration-v1", evidence_id: "ev-2" };

const fvMessage = async (message: string) => {
  const fx = fixture("fv-scenario-a");
  const run = await runReplies(fx, [tool("future_value", FV_A), final("answered", { claims: [FV_CLAIM], evidence_ids: ["ev-1"], message })]);
  return scoreRun(run, fx).find((v) => v.check === "message_backed");
};
const concMessage = async (message: string) => {
  const fx = fixture("concentration-hh1001");
  const run = await runReplies(fx, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), final("answered", { claims: [CONC_CLAIM], evidence_ids: ["ev-1", "ev-2"], message })]);
  return scoreRun(run, fx).find((v) => v.check === "message_backed");
};

describe("message_backed: every figure in the message is in the run's records", () => {
  it.each([
    "Scenario A grows to ₹33,45,563.94.",
    "Scenario A grows to INR 3,345,563.94.",
    "Rs. 25 lakh at 6 % a year for 5 years grows to ₹3,345,563.94.",
    "₹2.5 million at 6% for 5 years becomes about ₹33.46 lakh.",
    "It grows to 3.34556394e6 rupees (evidence ev-1, calculator calc-fv-v1, HH-1001).",
    "As of 2026-03-31 (31 March 2026), scenario A grows to ₹3,345,564.",
  ])("passes a future-value answer that quotes the record: %s", async (message) => {
    expect(await fvMessage(message)).toMatchObject({ status: "pass" });
  });

  it.each([
    "HH-1001 holds ₹4.8 crore of ₹12 crore in equity: 40%.",
    "Equity is 40 % of eligible assets (ratio 0.4; ₹48,000,000 of ₹120,000,000).",
    "The concentration is 0.40 as of 2026-03-31.",
  ])("passes a concentration answer that quotes the record: %s", async (message) => {
    expect(await concMessage(message)).toMatchObject({ status: "pass" });
  });

  it("fails a message whose number differs from a correct claim, and names the figure", async () => {
    const v = await fvMessage("Scenario A grows to ₹4,477,119.25.");
    expect(v).toMatchObject({ status: "fail", actual: ["₹4,477,119.25"] });
    expect(v?.explanation).toBe("₹4,477,119.25 is in no record of this run");
    expect(await fvMessage("Scenario A grows to ₹3,345,563.95.")).toMatchObject({ status: "fail" });
    expect(await concMessage("HH-1001's equity concentration is 41%.")).toMatchObject({ status: "fail", actual: ["41%"] });
  });

  it("fails a refusal that hands over another household's figures that were never read", async () => {
    const fx = fixture("unauthorised-household");
    const hh2002 = fx.snapshots.find((s) => s.household === "HH-2002");
    expect(hh2002).toBeDefined();
    const equity = (hh2002?.equity_inr ?? 0).toLocaleString("en-IN");
    const run = await runReplies(fx, [final("refused", { policy_code: "household_not_authorised", message: `I can't share HH-2002's portfolio, but its equity is ₹${equity}.` })]);
    const v = scoreRun(run, fx).find((x) => x.check === "message_backed");
    expect(v).toMatchObject({ status: "fail", actual: [`₹${equity}`] });
  });

  it("fails a clarification that picks a horizon itself and quotes a result", async () => {
    const fx = fixture("missing-horizon");
    const run = await runReplies(fx, [final("needs_clarification", { policy_code: "missing_horizon", message: "Which horizon? Assuming 10 years it would be ₹1,967,151.36." })]);
    const v = scoreRun(run, fx).find((x) => x.check === "message_backed");
    expect(v?.status).toBe("fail");
    expect(v?.explanation).toBe("10, ₹1,967,151.36 are in no record of this run");
  });

  it("passes a clarification that quotes only the user's confirmed inputs", async () => {
    const fx = fixture("missing-horizon");
    const scenario = fx.confirmed_scenarios[0];
    const message = `Scenario B (₹${scenario?.principal_inr.toLocaleString("en-IN")} at ${(scenario?.annual_return ?? 0) * 100}%) has no horizon: over how many years?`;
    const run = await runReplies(fx, [final("needs_clarification", { policy_code: "missing_horizon", message })]);
    expect(scoreRun(run, fx).find((x) => x.check === "message_backed")?.status).toBe("pass");
  });

  it("is not applicable to a message with no figure, or one the runtime wrote", async () => {
    expect(await fvMessage("Scenario A is answered in the claim.")).toMatchObject({ status: "n/a" });
    const fx = fixture("fv-scenario-a");
    const run = await runReplies(fx, ["not json"]);
    expect(scoreRun(run, fx).find((x) => x.check === "message_backed")?.status).toBe("n/a");
  });

  it("does not let a failed claim back its own figure", async () => {
    const fx = fixture("fv-scenario-a");
    const wrong = { ...FV_CLAIM, value: 4477119.25 };
    const run = await runReplies(fx, [tool("future_value", FV_A), final("answered", { claims: [wrong], evidence_ids: ["ev-1"], message: "It grows to ₹4,477,119.25." })]);
    expect(scoreRun(run, fx).find((x) => x.check === "message_backed")?.status).toBe("fail");
  });
});

describe("message_backed: a sign and both ends of a range must be backed", () => {
  it.each([
    ["Scenario A loses \u22126 % a year.", "-6 %"],
    ["Scenario A: -₹25 lakh at 6% grows to ₹33.46 lakh.", "-₹25 lakh"],
    ["Scenario A grows by negative 6% a year.", "negative 6%"],
    ["Change: (₹25 lakh)", "(₹25 lakh)"],
    ["Scenario A grows to ₹33\u201340 lakh.", "₹40 lakh"],
    ["At 6-8 % a year it grows to ₹33.46 lakh.", "8 %"],
    ["It grows to between ₹30 and ₹33.46 lakh.", "₹30 lakh"],
  ])("fails %s, naming %s", async (message, unbacked) => {
    const v = await fvMessage(message);
    expect(v?.status).toBe("fail");
    expect(v?.actual).toEqual([unbacked]);
  });

  it.each([
    "Scenario A grows 6 % a year, to ₹33.46 lakh.",
    "₹25 lakh grows to ₹33,45,563.94 (INR 3,345,563.94) in 5 years.",
    "Scenario A grows to ₹25\u201333.46 lakh over 5 years.",
    "Over 5 years at 6%, it grows from ₹25 lakh to ₹33.46 lakh.",
  ])("passes %s", async (message) => {
    expect(await fvMessage(message)).toMatchObject({ status: "pass" });
  });
});

describe("message_backed: a numbered answer is read by its figures, not its markers", () => {
  it("passes a numbered answer whose figures are all backed", async () => {
    const message = "1. I ran the calculator for scenario A.\n2) ₹25 lakh at 6% for 5 years.\n(3) Step 4: it grows to ₹33.46 lakh[1].\n#5 Option 6 is the claim.\n[1]: calc-fv-v1";
    expect(await fvMessage(message)).toMatchObject({ status: "pass" });
  });
  it("fails a numbered answer with an unbacked figure after a marker", async () => {
    const v = await fvMessage("1. ₹25 lakh at 6%.\n2. 7 years.\n3. It grows to ₹33.46 lakh.");
    expect(v).toMatchObject({ status: "fail", actual: ["7"] });
  });
});
