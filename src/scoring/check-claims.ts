import type { Claim, ExpectedClaim } from "../schemas/claim.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { lookupTool } from "../runtime/tools/catalogue.ts";
import { listed } from "./explain-list.ts";
import type { RunView } from "./run-view.ts";
import { fail, notApplicable, pass, verdict } from "./verdict.ts";

const FIELDS = ["value", "unit", "scenario", "as_of", "calculator"] as const;

// contract §8a: a claim copies the record. Values are compared as JSON numbers, with no tolerance
// (the calculator already rounded): `3.34556394e6` is 3345563.94, `3345563.945` is not.
const same = (a: unknown, b: unknown): boolean => a === b;

/** The observation a claim cites, projected to claim fields; or why it does not back the claim. */
function backing(claim: Claim, run: RunView): { ok: true; fields: ExpectedClaim } | { ok: false; why: string } {
  const observation = run.observations.get(claim.evidence_id);
  if (!observation) return { ok: false, why: `evidence ${claim.evidence_id} was not issued in this run` };
  // The observation's own tool decides: an imported trace may record a tool this runtime does not know.
  const calculator = lookupTool(observation.tool)?.claim;
  if (calculator?.kind !== claim.kind) {
    return { ok: false, why: `evidence ${claim.evidence_id} is a ${observation.tool} observation, not ${claim.kind} calculator output` };
  }
  return { ok: true, fields: calculator.project(observation.data) };
}

export function checkClaims(run: RunView, fixture: Fixture): Verdict[] {
  const claims = run.record.result.claims;
  const expected = fixture.expected.claims;
  const out: Verdict[] = [
    verdict(claims.length === expected.length, "claims.count", expected.length, claims.length,
      claims.length === expected.length ? `${claims.length} claim(s), as expected` : `expected ${expected.length} claim(s), the result has ${claims.length}`),
  ];
  const pairs = Math.min(claims.length, expected.length);
  for (let i = 0; i < pairs; i++) {
    const claim = claims[i] as Claim;
    const want = expected[i] as ExpectedClaim;
    const backed = backing(claim, run);
    const name = `claim[${i}]`;
    if (backed.ok) {
      const drift = FIELDS.filter((f) => !same(claim[f], backed.fields[f]));
      out.push(verdict(drift.length === 0, `${name}.evidence`, claim.evidence_id, claim.evidence_id,
        drift.length === 0 ? `backed by recorded observation ${claim.evidence_id}` : `differs from observation ${claim.evidence_id} in ${drift.join(", ")}`));
    } else {
      out.push(fail(`${name}.evidence`, "an evidence id issued in this run by the matching calculator", claim.evidence_id, backed.why));
    }
    for (const f of FIELDS) {
      const recorded = backed.ok ? backed.fields[f] : undefined;
      const matchesRecord = !backed.ok || same(claim[f], recorded);
      const matchesFixture = same(claim[f], want[f]);
      const expectedValue = backed.ok ? recorded : want[f];
      if (matchesRecord && matchesFixture) {
        out.push(pass(`${name}.${f}`, expectedValue, claim[f], backed.ok ? "matches the recorded observation and the fixture" : "matches the fixture (but see the evidence check)"));
      } else {
        const why = !matchesRecord ? `the recorded observation ${claim.evidence_id} holds ${JSON.stringify(recorded)}` : `the fixture expects ${JSON.stringify(want[f])}`;
        out.push(fail(`${name}.${f}`, matchesRecord ? want[f] : expectedValue, claim[f], `claimed ${JSON.stringify(claim[f])}; ${why}`));
      }
    }
  }
  return out;
}

export function checkEvidenceIds(run: RunView): Verdict {
  const { result } = run.record;
  const ids = new Set<string>();
  // Indexed: the result's lists are frozen, and the engine's array methods take a slow path over a frozen array.
  for (let i = 0; i < result.evidence_ids.length; i++) ids.add(result.evidence_ids[i] as string);
  for (let i = 0; i < result.claims.length; i++) ids.add((result.claims[i] as Claim).evidence_id);
  if (ids.size === 0) return notApplicable("evidence_ids", "no evidence cited");
  const cited = [...ids];
  const unknown = cited.filter((id) => !run.observations.has(id));
  return verdict(unknown.length === 0, "evidence_ids", "ids issued in this run", cited,
    unknown.length === 0 ? `all ${cited.length} cited id(s) were issued in this run` : `never issued in this run: ${listed(unknown, ", ")}`);
}
