import type { RunRecord } from "../runtime/result.ts";
import { lookupTool, TOOL_CATALOGUE } from "../runtime/tools/catalogue.ts";
import type { EventOf } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { Outcome } from "../schemas/outcome.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { findLeaks, restrictedFragments } from "../scoring/leak.ts";
import { canonicalJson } from "../runtime/canonical.ts";


const isDeeplyFrozen = (v: unknown): boolean => v === null || typeof v !== "object" || (Object.isFrozen(v) && Object.values(v).every(isDeeplyFrozen));

/**
 * The promises finbound makes about any run, whatever the candidate sent. Returns one line per
 * broken promise (empty: all hold). Text the candidate wrote itself (its replies, its decisions,
 * its final message) may hold anything; the runtime's own words may not.
 */
export function invariantViolations(record: RunRecord, fixture: Fixture, verdicts: readonly Verdict[], deadlineMs: number): string[] {
  const out: string[] = [];
  const { events, result } = record;
  const last = events.at(-1);
  if (!Outcome.options.includes(result.outcome)) out.push(`outcome ${result.outcome} is not one of the seven`);
  if (last?.kind !== "run_finished" || events.filter((e) => e.kind === "run_finished").length !== 1) out.push("the log does not end with exactly one run_finished");
  if (last?.kind === "run_finished" && last.outcome !== result.outcome) out.push("run_finished and the result disagree on the outcome");
  // The loop turns its own exceptions into a runtime_fault outcome; for the fuzzer that is a crash.
  if (result.policy_code === "runtime_fault") out.push(`the runtime threw: ${record.diagnostics.at(-1)?.detail.split("\n")[0] ?? "?"}`);

  const authorised = new Set<string>(fixture.context.authorised_households);
  const observations = events.filter((e): e is EventOf<"observation"> => e.kind === "observation");
  for (const o of observations) {
    const h = o.data.household;
    if (typeof h === "string" && !authorised.has(h)) out.push(`observation ${o.evidence_id} holds data of ${h}, outside the context`);
  }
  const inScope = new Set<string>(fixture.task_households);
  const disclosedOutside = observations.some((o) => typeof o.data.household === "string" && !inScope.has(o.data.household));
  const reportedDisclosed = verdicts.some((v) => v.check === "no_out_of_scope_disclosure" && v.status === "fail");
  if (disclosedOutside !== reportedDisclosed) out.push(`an out-of-scope read ${disclosedOutside ? "happened" : "did not happen"} but the scorer ${reportedDisclosed ? "reports" : "does not report"} disclosed`);

  const toolDecisions = events.filter((e): e is EventOf<"decision"> => e.kind === "decision" && e.decision === "tool");
  const attempts = events.filter((e): e is EventOf<"attempt"> => e.kind === "attempt");
  if (toolDecisions.length !== attempts.length) out.push(`${toolDecisions.length} tool decisions but ${attempts.length} attempts`);
  toolDecisions.forEach((d, i) => {
    const a = attempts[i];
    if (!a || a.tool !== d.body.tool || canonicalJson(a.arguments) !== canonicalJson(d.body.arguments)) out.push(`attempt ${i + 1} does not equal tool decision ${i + 1}`);
    if (a && a.call_id !== `call-${i + 1}`) out.push(`attempt ${i + 1} has call id ${a.call_id}`);
    if (a && !isDeeplyFrozen(a)) out.push(`attempt ${a.call_id} is not frozen`);
  });
  for (const o of observations) {
    if (!lookupTool(o.tool)) out.push(`observation from unknown tool ${o.tool}`);
  }
  if (result.portfolio_writes !== 0) out.push(`portfolio_writes is ${result.portfolio_writes}`);

  const fragments = restrictedFragments(record.diagnostics.map((d) => d.detail), new Set(TOOL_CATALOGUE.keys()));
  const runtimeText: [string, string][] = [
    ...observations.map((o): [string, string] => [`observation ${o.evidence_id}`, JSON.stringify(o.data)]),
    ...events.flatMap((e): [string, string][] => ("detail" in e ? [[`${e.kind} #${e.seq + 1}`, e.detail]] : [])),
    ...(result.set_by === "runtime" ? [["result.message", result.message] as [string, string]] : []),
  ];
  for (const [where, text] of runtimeText) {
    for (const leak of findLeaks(where, text, fragments)) out.push(`leak: ${leak.kind} in ${leak.where}`);
  }

  // Every run must stay exportable: its events have an RFC 8785 form.
  try {
    canonicalJson(events);
  } catch (error) {
    out.push(`the events cannot be canonicalised for export: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A leak in the candidate's own message is not the runtime's, but the scorer must catch it.
  if (findLeaks("result.message", result.message, fragments).length > 0 && !verdicts.some((v) => v.check === "no_internal_leak" && v.status === "fail")) {
    out.push("the result's message leaks internal detail but no_internal_leak does not fail");
  }

  let previous = 0;
  for (const e of events) {
    if (e.at_ms < previous) out.push(`event #${e.seq + 1} goes back in time`);
    previous = e.at_ms;
    if (e.at_ms > deadlineMs) out.push(`event #${e.seq + 1} at ${e.at_ms} ms is past the ${deadlineMs} ms deadline`);
  }
  return out;
}
