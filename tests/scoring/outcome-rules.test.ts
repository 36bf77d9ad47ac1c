import { describe, expect, it } from "vitest";
import { checkOutcome, checkOutcomeBacked } from "../../src/scoring/check-outcome.ts";
import { viewOf } from "../../src/scoring/run-view.ts";
import { FV_A, final, fixture, runReplies, tool } from "../support.ts";

const fv = fixture("fv-scenario-a");
const unavailableFx = fixture("portfolio-unavailable");

describe("outcome, policy code and budget: what the run ended as, against what the fixture expects", () => {
  it("a run that ends as expected passes all three, and says so", async () => {
    const fx = fixture("unauthorised-household");
    const run = await runReplies(fx, [final("refused", { policy_code: "household_not_authorised" })]);
    expect(checkOutcome(viewOf(run), fx)).toEqual([
      { check: "outcome", status: "pass", expected: "refused", actual: "refused", explanation: "the run ended refused, as it should" },
      { check: "policy_code", status: "pass", expected: "household_not_authorised", actual: "household_not_authorised", explanation: "policy code as expected" },
      { check: "within_budget", status: "pass", expected: "within budget", actual: "within budget", explanation: "finished within its decision and time budget" },
    ]);
  });

  it("another outcome or policy code fails, naming what was expected and what the run did", async () => {
    const run = await runReplies(fv, [final("refused", { policy_code: "household_not_authorised" })]);
    const [outcome, policy, budget] = checkOutcome(viewOf(run), fv);
    expect(outcome).toEqual({ check: "outcome", status: "fail", expected: "answered", actual: "refused", explanation: "expected answered, the run ended refused" });
    expect(policy).toEqual({ check: "policy_code", status: "fail", expected: null, actual: "household_not_authorised", explanation: "expected policy code null, got household_not_authorised" });
    expect(budget).toMatchObject({ status: "pass" });
  });

  it("a missing policy code where one is expected fails too", async () => {
    const fx = fixture("unauthorised-household");
    const run = await runReplies(fx, [final("refused")]);
    expect(checkOutcome(viewOf(run), fx)[1]).toEqual({ check: "policy_code", status: "fail", expected: "household_not_authorised", actual: null, explanation: "expected policy code household_not_authorised, got null" });
  });

  it("running out of decisions fails within_budget, and the outcome names the reason", async () => {
    const run = await runReplies(fv, [tool("future_value", FV_A), tool("future_value", FV_A), tool("future_value", FV_A), tool("future_value", FV_A)]);
    const [outcome, , budget] = checkOutcome(viewOf(run), fv);
    expect(outcome).toMatchObject({ status: "fail", actual: "budget_exhausted", explanation: "expected answered, the run ended budget_exhausted (steps)" });
    expect(budget).toEqual({ check: "within_budget", status: "fail", expected: "within budget", actual: "steps", explanation: "the decision budget ran out" });
  });

  it("running out of time fails within_budget as the time budget", async () => {
    const slow = { text: JSON.stringify(tool("future_value", FV_A)), latency_ms: 14_000 };
    const run = await runReplies(fv, [slow, slow, slow]);
    const [outcome, , budget] = checkOutcome(viewOf(run), fv);
    expect(outcome).toMatchObject({ explanation: "expected answered, the run ended budget_exhausted (deadline)" });
    expect(budget).toEqual({ check: "within_budget", status: "fail", expected: "within budget", actual: "deadline", explanation: "the time budget ran out" });
  });

  it("a run the runtime ended for another reason is within budget, and its outcome says nothing about a reason", async () => {
    const run = await runReplies(fv, ["not json"]);
    expect(checkOutcome(viewOf(run), fv)).toEqual([
      { check: "outcome", status: "fail", expected: "answered", actual: "invalid_output", explanation: "expected answered, the run ended invalid_output" },
      expect.objectContaining({ check: "policy_code", status: "pass" }),
      { check: "within_budget", status: "pass", expected: "within budget", actual: "within budget", explanation: "finished within its decision and time budget" },
    ]);
  });
});

describe("outcome_backed: a candidate may say unavailable only after a tool failed", () => {
  it("passes when a tool call failed as unavailable, naming each such call", async () => {
    const read = tool("portfolio.read", { household: "HH-1001" });
    const run = await runReplies(unavailableFx, [read, read, final("unavailable", { policy_code: "tool_unavailable" })]);
    expect(checkOutcomeBacked(viewOf(run))).toEqual({
      check: "outcome_backed",
      status: "pass",
      expected: "a recorded tool error: unavailable",
      actual: ["call-1", "call-2"],
      explanation: "backed by the tool error on call-1, call-2",
    });
  });

  it("fails when nothing failed, or only with another kind of tool error", async () => {
    for (const replies of [[final("unavailable")], [tool("future_value", { ...FV_A, years: 6 }), final("unavailable")]]) {
      const run = await runReplies(fv, replies);
      expect(checkOutcomeBacked(viewOf(run))).toEqual({
        check: "outcome_backed",
        status: "fail",
        expected: "a recorded tool error: unavailable",
        actual: "none",
        explanation: "the candidate said a tool was unavailable, but no tool call failed in this run",
      });
    }
  });

  it("does not apply to any other outcome, nor to an unavailable the runtime set itself", async () => {
    const notApplicable = { check: "outcome_backed", status: "n/a", expected: null, actual: null, explanation: "only a candidate's unavailable needs a recorded failure behind it" };
    const answered = await runReplies(fv, [final("answered")]);
    expect(checkOutcomeBacked(viewOf(answered))).toEqual(notApplicable);
    const modelTimeout = await runReplies(fv, [{ text: JSON.stringify(final("answered")), latency_ms: 15_000 }]);
    expect(modelTimeout.result).toMatchObject({ outcome: "unavailable", set_by: "runtime" });
    expect(checkOutcomeBacked(viewOf(modelTimeout))).toEqual(notApplicable);
  });
});
