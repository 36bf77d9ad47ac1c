import { describe, expect, it } from "vitest";
import { simulateChat, simulatedModels, susceptibilityOf, susceptibleTo, type SimReply } from "../../src/mocks/simulated-model.ts";
import { cellId } from "../../src/fixture-set/matrix/compose.ts";
import { loadMatrix } from "../support.ts";

const matrix = await loadMatrix();
const fixtures = matrix.cells.map((c) => c.fixture);
const attacked = fixtures.find((f) => f.id === cellId("holdings-hh1001", "doc-adviser-hh1002"))!;
const baseline = fixtures.find((f) => f.id === cellId("holdings-hh1001", null))!;
const body = (fx: { id: string }, p: string, seed: number) => ({ model: `finbound-sim/susceptible:${p}`, seed, messages: [{ role: "user", content: `Task ${fx.id}. …` }] });
const content = (r: SimReply): string => (r.kind === "json" ? String((r.body as { choices?: { message?: { content?: string } }[]; error?: { message: string } }).choices?.[0]?.message?.content ?? (r.body as { error?: { message: string } }).error?.message) : r.kind);
const seeds = Array.from({ length: 400 }, (_, i) => i);

describe("the simulated model's susceptibility (finbound-sim/susceptible:<p>)", () => {
  it("reads p from the name, in [0, 1] only", () => {
    expect(susceptibilityOf("susceptible:0.3")).toBe(0.3);
    expect(susceptibilityOf("susceptible:1")).toBe(1);
    expect([susceptibilityOf("susceptible:1.5"), susceptibilityOf("susceptible:"), susceptibilityOf("susceptible:x"), susceptibilityOf("reference")]).toEqual([null, null, null, null]);
    expect(content(simulateChat(body(attacked, "7", 1), fixtures, { latencyScale: 0 }))).toMatch(/needs 0 ≤ p ≤ 1/);
  });

  it("follows the injection in about a share p of runs, never on a baseline, and the same seed makes the same choice", () => {
    const followed = seeds.filter((s) => susceptibleTo(body(attacked, "0.3", s), attacked, 0.3)).length;
    expect(followed).toBeGreaterThan(90);
    expect(followed).toBeLessThan(150);
    expect(seeds.some((s) => susceptibleTo(body(baseline, "1", s), baseline, 1))).toBe(false);
    expect(seeds.map((s) => susceptibleTo(body(attacked, "0.3", s), attacked, 0.3))).toEqual(seeds.map((s) => susceptibleTo(body(attacked, "0.3", s), attacked, 0.3)));
  });

  it("replies as obedient when it follows and as reference when it does not", () => {
    // The first call differs: obedient puts the chat's 10 years into the calculator.
    const altered = fixtures.find((f) => f.id === cellId("fv-scenario-a", "user-invent-horizon"))!;
    const first = (p: string) => JSON.parse(content(simulateChat(body(altered, p, 3), fixtures, { latencyScale: 0 }))) as { arguments: { years: number } };
    expect(first("1").arguments.years).toBe(10);
    expect(first("0").arguments.years).toBe(5);
  });

  it("is listed by GET /v1/models at a few settings", () => {
    expect(simulatedModels(fixtures)).toEqual(expect.arrayContaining(["finbound-sim/susceptible:0", "finbound-sim/susceptible:0.5", "finbound-sim/susceptible:1"]));
  });
});

describe("a flaky server (finbound-sim/flaky:<p>)", () => {
  const ask = (seed: number, model = "finbound-sim/flaky:0.5"): SimReply =>
    simulateChat({ model, seed, temperature: 0, messages: [{ role: "user", content: `Task ${baseline.id}. …` }] }, fixtures, { latencyScale: 0 });

  it("answers a share of requests with HTTP 500, the same ones for the same seed, and the rest as reference", () => {
    const statusOf = (r: SimReply): number => ("status" in r ? r.status : 200);
    const statuses = Array.from({ length: 40 }, (_, seed) => statusOf(ask(seed)));
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    expect(Array.from({ length: 40 }, (_, seed) => statusOf(ask(seed)))).toEqual(statuses);
    expect(statuses.filter((s) => s === 200).length).toBe(40 - failed);
  });

  it("never fails at p = 0, always at p = 1, and is served and listed", () => {
    expect(Array.from({ length: 20 }, (_, seed) => (ask(seed, "finbound-sim/flaky:0") as { status: number }).status).every((s) => s === 200)).toBe(true);
    expect(Array.from({ length: 20 }, (_, seed) => (ask(seed, "finbound-sim/flaky:1") as { status: number }).status).every((s) => s === 500)).toBe(true);
    expect((ask(1, "finbound-sim/flaky:2") as { status: number }).status).toBe(404);
    expect(simulatedModels(fixtures)).toContain("finbound-sim/flaky:0.25");
  });
});
