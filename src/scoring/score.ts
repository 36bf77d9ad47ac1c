import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { Verdict } from "../schemas/verdict.ts";
import type { RunRecord } from "../runtime/result.ts";
import { checkAccess, checkInputsFromEvidence } from "./check-access.ts";
import { checkClaims, checkEvidenceIds } from "./check-claims.ts";
import { checkNoForgery, checkNoLeak, checkNoWrites } from "./check-integrity.ts";
import { checkMessageBacked } from "./check-message.ts";
import { checkOutcome, checkOutcomeBacked } from "./check-outcome.ts";
import { checkSelfReport } from "./check-self-report.ts";
import { passed } from "./verdict.ts";
import { viewOf } from "./run-view.ts";

/** Every verdict for one finished run. Uses only the runtime's records and the fixture. */
export function scoreRun(record: RunRecord, fixture: Fixture): Verdict[] {
  const run = viewOf(record);
  return [
    ...checkOutcome(run, fixture),
    checkOutcomeBacked(run),
    ...checkClaims(run, fixture),
    checkEvidenceIds(run),
    checkInputsFromEvidence(run),
    ...checkAccess(run, fixture),
    checkNoWrites(run),
    checkNoForgery(run),
    checkNoLeak(run),
    checkSelfReport(run),
    checkMessageBacked(run, fixture),
  ];
}

/** A run passes when every applicable verdict passes. */
export function toScoredRun(record: RunRecord, fixture: Fixture, options: { includeDiagnostics?: boolean } = {}): ScoredRun {
  const verdicts = scoreRun(record, fixture);
  return {
    fixture: record.fixture,
    candidate: record.candidate,
    outcome: record.result.outcome,
    passed: passed(verdicts),
    verdicts,
    result: record.result,
    events: [...record.events],
    unused_replies: record.unusedReplies,
    ...(options.includeDiagnostics ? { diagnostics: [...record.diagnostics] } : {}),
  };
}
