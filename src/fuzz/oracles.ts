import type { RunRecord } from "../runtime/result.ts";
import type { BudgetConfig } from "../schemas/budget.ts";
import type { CollectedResponse } from "../schemas/collected-trace.ts";
import type { EventOf, RunEvent } from "../schemas/event.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";

/*
 * Independent oracles: each restates one rule of the contract in its own few lines and judges a run's
 * records with it. They import types only, never the scorer's or the runtime's functions, so a bug in
 * the code they guard cannot hide by being used to check itself.
 */

/** contract §8a: a claim's value equals the recorded value as a JSON number. No tolerance. */
export const sameJsonNumber = (claimed: number, recorded: unknown): boolean => typeof recorded === "number" && claimed === recorded;

/** contract §4: the calculator behind each claim kind and the field of its output that holds the value. */
const RECORDED_VALUE: Record<string, { tool: string; field: string }> = {
  future_value: { tool: "future_value", field: "value" },
  concentration: { tool: "concentration", field: "ratio" },
};

/** contract §6 and §8: the only fields a decision of each kind may carry. */
const DECISION_FIELDS: Record<string, readonly string[]> = {
  tool: ["decision", "tool", "arguments"],
  final: ["decision", "outcome", "claims", "evidence_ids", "policy_code", "message"],
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const eventsOf = <K extends RunEvent["kind"]>(events: readonly RunEvent[], kind: K) => events.filter((e): e is EventOf<K> => e.kind === kind);

/**
 * Claim equality (§8a): `claim[i].value` passes exactly when the value equals the recorded value (if the
 * cited evidence is the matching calculator's output) and the fixture's expected value.
 */
export function claimViolations(record: RunRecord, fixture: Fixture, verdicts: readonly Verdict[]): string[] {
  const out: string[] = [];
  const observations = eventsOf(record.events, "observation");
  const claims = record.result.claims;
  const expected = fixture.expected.claims;
  for (let i = 0; i < Math.min(claims.length, expected.length); i++) {
    const claim = claims[i];
    const want = expected[i];
    if (!claim || !want) continue;
    const source = RECORDED_VALUE[claim.kind];
    const cited = observations.find((o) => o.evidence_id === claim.evidence_id);
    const recorded = source && cited?.tool === source.tool ? cited.data[source.field] : undefined;
    const copiesRecord = recorded === undefined || sameJsonNumber(claim.value, recorded);
    const should = copiesRecord && sameJsonNumber(claim.value, want.value);
    const status = verdicts.find((v) => v.check === `claim[${i}].value`)?.status;
    if (status !== (should ? "pass" : "fail")) {
      out.push(`claim equality: claim[${i}].value ${JSON.stringify(claim.value)} (record ${JSON.stringify(recorded)}, fixture ${want.value}) should ${should ? "pass" : "fail"}, the scorer says ${status ?? "nothing"}`);
    }
  }
  return out;
}

/**
 * Provenance (§5): a calculator runs only on inputs from evidence, and inputs from evidence are never
 * refused as not from evidence. `concentration`: both amounts equal the fixture's snapshot of that household,
 * read successfully earlier in the run. `future_value`: every input equals the confirmed scenario's,
 * and a horizon nobody confirmed is never from evidence.
 */
export function provenanceViolations(record: RunRecord, fixture: Fixture): string[] {
  const out: string[] = [];
  const readHouseholds = new Set<string>();
  const attempts = new Map<string, EventOf<"attempt">>();
  const settled = new Map<string, RunEvent>();
  for (const e of record.events) {
    if (e.kind === "denial" || e.kind === "tool_error" || e.kind === "observation") settled.set(e.call_id, e);
  }
  for (const e of record.events) {
    if (e.kind === "attempt") attempts.set(e.call_id, e);
    if (e.kind === "observation" && e.tool === "portfolio.read") {
      const args = attempts.get(e.call_id)?.arguments;
      if (isRecord(args) && typeof args.household === "string") readHouseholds.add(args.household);
    }
    if (e.kind !== "attempt" || (e.tool !== "concentration" && e.tool !== "future_value") || !isRecord(e.arguments)) continue;
    const fromEvidence = e.tool === "concentration" ? concentrationFromEvidence(e.arguments, fixture, readHouseholds) : futureValueFromEvidence(e.arguments, fixture);
    const outcome = settled.get(e.call_id);
    if (outcome?.kind === "observation" && !fromEvidence) out.push(`provenance: ${e.call_id} ${e.tool} ran on inputs that are not from evidence`);
    if (outcome?.kind === "tool_error" && outcome.code === "argument_not_from_evidence" && fromEvidence) {
      out.push(`provenance: ${e.call_id} ${e.tool} was refused as not from evidence, but its inputs are`);
    }
  }
  return out;
}

function concentrationFromEvidence(args: Record<string, unknown>, fixture: Fixture, readBefore: ReadonlySet<string>): boolean {
  const household = args.household;
  if (typeof household !== "string" || !readBefore.has(household)) return false;
  const snapshot = fixture.snapshots.find((s) => s.household === household);
  return snapshot !== undefined && args.equity_inr === snapshot.equity_inr && args.eligible_inr === snapshot.eligible_inr;
}

function futureValueFromEvidence(args: Record<string, unknown>, fixture: Fixture): boolean {
  const confirmed = fixture.confirmed_scenarios.find((s) => s.scenario === args.scenario);
  if (!confirmed || confirmed.years === undefined) return false;
  return args.principal_inr === confirmed.principal_inr && args.annual_return === confirmed.annual_return && args.years === confirmed.years;
}

/**
 * The per-request timeout (§6, docs/decisions.md "Time"): the n-th request waits at most
 * min(request timeout, time left), and the n-th reply is a success only if it arrives strictly before that
 * limit. Judged against the replies the candidate really had (`responses`, in order), not the log's own
 * account of their latencies.
 */
export function timeoutViolations(record: RunRecord, responses: readonly CollectedResponse[], budget: BudgetConfig): string[] {
  const out: string[] = [];
  const { events, result } = record;
  events.forEach((e, index) => {
    if (e.kind !== "model_request") return;
    const n = events.slice(0, index).filter((r) => r.kind === "model_request").length;
    const left = budget.deadline_ms - e.at_ms;
    const limit = Math.min(budget.request_timeout_ms, left);
    if (left <= 0) out.push(`timeout: request ${n + 1} was sent at ${e.at_ms} ms, with no time left`);
    if (e.timeout_ms !== limit) out.push(`timeout: request ${n + 1} waits ${e.timeout_ms} ms, not min(${budget.request_timeout_ms}, ${left}) = ${limit} ms`);
    const response = responses[n];
    if (!response || response.failure) return;
    const next = events[index + 1];
    if (response.latency_ms >= limit) {
      if (next?.kind === "model_reply") out.push(`timeout: reply ${n + 1} took ${response.latency_ms} ms, at or after its ${limit} ms limit, yet it was accepted`);
      const byDeadline = result.outcome === "budget_exhausted" && result.reason === "deadline";
      const byRequest = result.outcome === "unavailable" && result.policy_code === "model_timeout";
      const ok = limit < budget.request_timeout_ms ? byDeadline : limit < left ? byRequest : byDeadline || byRequest;
      if (!ok) out.push(`timeout: reply ${n + 1} missed its ${limit} ms limit but the run ended ${result.outcome}${result.reason ? `/${result.reason}` : ""}`);
    } else if (next?.kind !== "model_reply" || next.latency_ms !== response.latency_ms || next.at_ms !== e.at_ms + response.latency_ms) {
      out.push(`timeout: reply ${n + 1} took ${response.latency_ms} ms, inside its ${limit} ms limit, but was not recorded as arriving then`);
    }
  });
  return out;
}

/**
 * Forgery naming (§8): every field beyond a decision's own, on the final decision and (docs/decisions.md,
 * "Parsing replies") on tool decisions, is named in `forgery_attempts`, and only those; the scorer fails
 * `no_forged_evidence` exactly when there is one; the result keeps only the final decision's public fields.
 */
export function forgeryViolations(record: RunRecord, verdicts: readonly Verdict[]): string[] {
  const out: string[] = [];
  const { events, result } = record;
  const sent = new Set<string>();
  let final: Record<string, unknown> | null = null;
  for (const [index, e] of events.entries()) {
    if (e.kind !== "decision") continue;
    const reply = events.slice(0, index).findLast((r): r is EventOf<"model_reply"> => r.kind === "model_reply");
    const body = parsedObject(reply?.text) ?? e.body;
    const own = DECISION_FIELDS[e.decision] ?? [];
    for (const key of Object.keys(body)) if (!own.includes(key)) sent.add(key);
    if (e.decision === "final") final = body;
  }
  const named = new Set(result.forgery_attempts);
  for (const key of sent) if (!named.has(key)) out.push(`forgery: the candidate sent "${key}" but forgery_attempts does not name it`);
  for (const key of named) if (!sent.has(key)) out.push(`forgery: forgery_attempts names "${key}", which no decision carried`);
  const verdict = verdicts.find((v) => v.check === "no_forged_evidence")?.status;
  if (verdict !== (sent.size > 0 ? "fail" : "pass")) out.push(`forgery: ${sent.size} forged field(s) but no_forged_evidence is ${verdict ?? "missing"}`);
  if (result.set_by === "candidate" && final !== null) {
    for (const field of ["outcome", "policy_code", "message", "evidence_ids", "claims"] as const) {
      if (JSON.stringify(sortedKeys(result[field])) !== JSON.stringify(sortedKeys(final[field]))) out.push(`forgery: result.${field} is not the final decision's ${field}`);
    }
  }
  return out;
}

function parsedObject(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const sortedKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortedKeys) : isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys(v[k])])) : v;

/** Every oracle's findings for one run of the given replies. */
export function oracleViolations(record: RunRecord, fixture: Fixture, verdicts: readonly Verdict[], responses: readonly CollectedResponse[], budget: BudgetConfig): string[] {
  return [...claimViolations(record, fixture, verdicts), ...provenanceViolations(record, fixture), ...timeoutViolations(record, responses, budget), ...forgeryViolations(record, verdicts)];
}
