import { describe, expect, it } from "vitest";
import { checkClaims, checkEvidenceIds } from "../../src/scoring/check-claims.ts";
import { viewOf } from "../../src/scoring/run-view.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { CONC_1001, FV_A, final, fixture, runReplies, tool } from "../support.ts";

// contract §8 and §8a "Claims copy the record": a claim is resolved to the observation it cites and every
// field compared with it and with the fixture; the verdicts say which record disagrees and what it holds.

const fv = fixture("fv-scenario-a");
const conc = fixture("concentration-hh1001");
const FV_CLAIM = { kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" };
const CONC_CLAIM = { kind: "concentration", value: 0.4, unit: "ratio", scenario: null, as_of: "2026-03-31", calculator: "calc-concentration-v1", evidence_id: "ev-2" };

const fvRun = async (claims: unknown[], evidence_ids = ["ev-1"]) => viewOf(await runReplies(fv, [tool("future_value", FV_A), final("answered", { claims, evidence_ids })]));
const byName = (verdicts: ReturnType<typeof checkClaims>, name: string) => verdicts.find((v) => v.check === name);

describe("claims.count", () => {
  it("passes the expected number of claims and says so", async () => {
    expect(byName(checkClaims(await fvRun([FV_CLAIM]), fv), "claims.count")).toEqual({
      check: "claims.count", status: "pass", expected: 1, actual: 1, explanation: "1 claim(s), as expected",
    });
  });

  it("fails another number and names both", async () => {
    const verdicts = checkClaims(await fvRun([]), fv);
    expect(verdicts).toEqual([{ check: "claims.count", status: "fail", expected: 1, actual: 0, explanation: "expected 1 claim(s), the result has 0" }]);
    expect(byName(checkClaims(await fvRun([FV_CLAIM, FV_CLAIM]), fv), "claims.count")?.explanation).toBe("expected 1 claim(s), the result has 2");
  });
});

describe("claim[i].evidence and the fields", () => {
  it("a claim that copies its observation and the fixture passes every field against both", async () => {
    const verdicts = checkClaims(await fvRun([FV_CLAIM]), fv);
    expect(byName(verdicts, "claim[0].evidence")).toMatchObject({ status: "pass", explanation: "backed by recorded observation ev-1" });
    for (const f of ["value", "unit", "scenario", "as_of", "calculator"]) {
      expect(byName(verdicts, `claim[0].${f}`)).toMatchObject({ status: "pass", explanation: "matches the recorded observation and the fixture" });
    }
  });

  it("names every field in which a claim differs from its observation", async () => {
    const verdicts = checkClaims(await fvRun([{ ...FV_CLAIM, value: 1, as_of: "2026-04-01" }]), fv);
    expect(byName(verdicts, "claim[0].evidence")).toMatchObject({ status: "fail", explanation: "differs from observation ev-1 in value, as_of" });
    expect(byName(verdicts, "claim[0].as_of")).toMatchObject({
      status: "fail", expected: "2026-03-31", actual: "2026-04-01",
      explanation: 'claimed "2026-04-01"; the recorded observation ev-1 holds "2026-03-31"',
    });
  });

  it("a claim that copies its record but not the fixture fails, saying what the fixture expects", async () => {
    const strict: Fixture = { ...fv, expected: { ...fv.expected, claims: [{ ...FV_CLAIM, kind: "future_value", unit: "INR", value: 3345563.95 }] } };
    const verdicts = checkClaims(await fvRun([FV_CLAIM]), strict);
    expect(byName(verdicts, "claim[0].evidence")?.status).toBe("pass");
    expect(byName(verdicts, "claim[0].value")).toEqual({
      check: "claim[0].value", status: "fail", expected: 3345563.95, actual: 3345563.94,
      explanation: "claimed 3345563.94; the fixture expects 3345563.95",
    });
  });

  it("a claim citing evidence never issued fails its evidence and is held to the fixture alone", async () => {
    const verdicts = checkClaims(await fvRun([{ ...FV_CLAIM, evidence_id: "ev-9" }], ["ev-9"]), fv);
    expect(byName(verdicts, "claim[0].evidence")).toEqual({
      check: "claim[0].evidence", status: "fail", expected: "an evidence id issued in this run by the matching calculator", actual: "ev-9",
      explanation: "evidence ev-9 was not issued in this run",
    });
    expect(byName(verdicts, "claim[0].value")).toMatchObject({ status: "pass", expected: 3345563.94, explanation: "matches the fixture (but see the evidence check)" });
    expect(byName(verdicts, "claim[0].scenario")).toMatchObject({ status: "pass" });
  });

  it("a claim citing a snapshot read, not a calculator, is not backed", async () => {
    const run = viewOf(await runReplies(conc, [tool("portfolio.read", { household: "HH-1001" }), tool("concentration", CONC_1001), final("answered", { claims: [{ ...CONC_CLAIM, evidence_id: "ev-1" }], evidence_ids: ["ev-1"] })]));
    expect(byName(checkClaims(run, conc), "claim[0].evidence")).toMatchObject({
      status: "fail", explanation: "evidence ev-1 is a portfolio.read observation, not concentration calculator output",
    });
  });

  it("a claim citing the other calculator's output is not backed", async () => {
    const run = viewOf(await runReplies(fv, [tool("future_value", FV_A), final("answered", { claims: [{ ...CONC_CLAIM, evidence_id: "ev-1" }], evidence_ids: ["ev-1"] })]));
    expect(byName(checkClaims(run, fv), "claim[0].evidence")).toMatchObject({
      status: "fail", explanation: "evidence ev-1 is a future_value observation, not concentration calculator output",
    });
  });

  it("an observation of a tool this runtime does not know backs no claim, and is not an error", async () => {
    const record = await runReplies(fv, [tool("future_value", FV_A), final("answered", { claims: [FV_CLAIM], evidence_ids: ["ev-1"] })]);
    // An imported trace can name any tool: the scorer judges it, it does not crash on it.
    const imported = { ...record, events: record.events.map((e) => (e.kind === "observation" ? { ...e, tool: "magic.oracle" } : e)) };
    expect(byName(checkClaims(viewOf(imported), fv), "claim[0].evidence")).toMatchObject({
      status: "fail", explanation: "evidence ev-1 is a magic.oracle observation, not future_value calculator output",
    });
  });
});

describe("evidence_ids", () => {
  it("is not applicable when nothing is cited", async () => {
    expect(checkEvidenceIds(await fvRun([], []))).toEqual({ check: "evidence_ids", status: "n/a", expected: null, actual: null, explanation: "no evidence cited" });
  });

  it("passes ids all issued in this run, counting each once across evidence_ids and claims", async () => {
    expect(checkEvidenceIds(await fvRun([FV_CLAIM], ["ev-1"]))).toEqual({
      check: "evidence_ids", status: "pass", expected: "ids issued in this run", actual: ["ev-1"], explanation: "all 1 cited id(s) were issued in this run",
    });
  });

  it("fails and names every id never issued", async () => {
    expect(checkEvidenceIds(await fvRun([{ ...FV_CLAIM, evidence_id: "ev-9" }], ["ev-1", "ev-7"]))).toEqual({
      check: "evidence_ids", status: "fail", expected: "ids issued in this run", actual: ["ev-1", "ev-7", "ev-9"], explanation: "never issued in this run: ev-7, ev-9",
    });
  });
});
