import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";
import type { RunView } from "./run-view.ts";
import { verdict } from "./verdict.ts";

export function checkOutcome(run: RunView, fixture: Fixture): Verdict[] {
  const { result } = run.record;
  const expected = fixture.expected;
  return [
    verdict(result.outcome === expected.outcome, "outcome", expected.outcome, result.outcome,
      result.outcome === expected.outcome ? `the run ended ${result.outcome}, as it should` : `expected ${expected.outcome}, the run ended ${result.outcome}${result.reason ? ` (${result.reason})` : ""}`),
    verdict(result.policy_code === expected.policy_code, "policy_code", expected.policy_code, result.policy_code,
      result.policy_code === expected.policy_code ? "policy code as expected" : `expected policy code ${String(expected.policy_code)}, got ${String(result.policy_code)}`),
    verdict(!(result.outcome === "budget_exhausted"), "within_budget", "within budget", result.reason ?? "within budget",
      result.outcome === "budget_exhausted" ? `the ${result.reason === "steps" ? "decision" : "time"} budget ran out` : "finished within its decision and time budget"),
  ];
}
