import { describe, expect, it } from "vitest";
import { concentration } from "../../src/runtime/tools/concentration.ts";
import { futureValue } from "../../src/runtime/tools/future-value.ts";
import { portfolioRead } from "../../src/runtime/tools/portfolio-read.ts";
import type { ToolEnvironment } from "../../src/runtime/tools/tool.ts";
import { fixture, FV_A, CONC_1001 } from "../support.ts";

const fx = fixture("fv-scenario-a");
const env: ToolEnvironment = {
  context: fx.context,
  snapshots: new Map(fx.snapshots.map((s) => [s.household, s])),
  confirmedScenarios: fx.confirmed_scenarios,
};
const noEvidence = { snapshotRead: () => undefined };

describe("future_value", () => {
  it("compounds annually and rounds to the paisa: ₹2,500,000 at 6 % for 5 years is ₹3,345,563.94", () => {
    const run = futureValue.run(FV_A, env);
    expect(run).toEqual({
      ok: true,
      data: {
        value: 3345563.94,
        currency: "INR",
        scenario: "scenario-A",
        as_of: "2026-03-31",
        calculator: "calc-fv-v1",
        assumptions: { principal_inr: 2500000, annual_return: 0.06, years: 5, compounding: "annual" },
      },
    });
    expect(futureValue.output.safeParse((run as { data: unknown }).data).success).toBe(true);
  });
  it("accepts exactly its four fields with their types", () => {
    expect(futureValue.input.safeParse(FV_A).success).toBe(true);
    expect(futureValue.input.safeParse({ ...FV_A, extra: 1 }).success).toBe(false);
    expect(futureValue.input.safeParse({ ...FV_A, principal_inr: "2500000" }).success).toBe(false);
    expect(futureValue.input.safeParse({ ...FV_A, years: 2.5 }).success).toBe(false);
    expect(futureValue.input.safeParse({ ...FV_A, years: 0 }).success).toBe(false);
    const { years: _years, ...noYears } = FV_A;
    expect(futureValue.input.safeParse(noYears).success).toBe(false);
  });
  it("takes its inputs only from the user's confirmed scenario", () => {
    expect(futureValue.provenance(FV_A, noEvidence, env)).toEqual({ ok: true });
    expect(futureValue.provenance({ ...FV_A, principal_inr: 250000 }, noEvidence, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
    expect(futureValue.provenance({ ...FV_A, annual_return: 0.08 }, noEvidence, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
    expect(futureValue.provenance({ ...FV_A, scenario: "scenario-Z" }, noEvidence, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
  });
  it("refuses a horizon the user never confirmed", () => {
    const mh = fixture("missing-horizon");
    const mhEnv = { ...env, confirmedScenarios: mh.confirmed_scenarios };
    const check = futureValue.provenance({ scenario: "scenario-B", principal_inr: 1000000, annual_return: 0.07, years: 10 }, noEvidence, mhEnv);
    expect(check).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
  });
});

describe("concentration", () => {
  it("is equity / eligible to four decimals: 48,000,000 / 120,000,000 is 0.4", () => {
    const run = concentration.run(CONC_1001, env);
    expect(run).toMatchObject({ ok: true, data: { ratio: 0.4, calculator: "calc-concentration-v1", as_of: "2026-03-31", inputs: { equity_inr: 48000000, eligible_inr: 120000000 } } });
  });
  it("needs the snapshot to have been read earlier in the run", () => {
    expect(concentration.provenance(CONC_1001, noEvidence, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
  });
  it("rejects ₹4,800,000 where the snapshot says ₹48,000,000", () => {
    const hh1001 = env.snapshots.get("HH-1001");
    const read = { snapshotRead: (h: string) => (h === "HH-1001" ? hh1001 : undefined) };
    expect(concentration.provenance(CONC_1001, read, env)).toEqual({ ok: true });
    expect(concentration.provenance({ ...CONC_1001, equity_inr: 4800000 }, read, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
    expect(concentration.provenance({ ...CONC_1001, eligible_inr: 12000000 }, read, env)).toMatchObject({ ok: false, code: "argument_not_from_evidence" });
  });
});

describe("portfolio.read", () => {
  it("returns a copy of the household's snapshot, notes included", () => {
    const run = portfolioRead.run({ household: "HH-1001" }, env);
    expect(run).toMatchObject({ ok: true, data: { household: "HH-1001", equity_inr: 48000000, eligible_inr: 120000000, as_of: "2026-03-31" } });
  });
  it("reports a household missing from the store as not_found", () => {
    expect(portfolioRead.run({ household: "HH-9999" }, env)).toMatchObject({ ok: false, code: "not_found" });
  });
});
