import { describe, expect, it } from "vitest";
import { replyText } from "../../src/candidates/scripted.ts";
import { mistakeAt, simulateChat, type SimReply } from "../../src/mocks/simulated-model.ts";
import { fixture, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();
const fx = fixture("concentration-hh1001");
const contentOf = (r: SimReply): string =>
  r.kind === "json" ? String((r.body as { choices?: { message?: { content?: string } }[] }).choices?.[0]?.message?.content ?? `HTTP ${r.status}`) : r.kind === "text" ? `HTTP ${r.status}` : r.kind;

const body = (temperature: number, seed: number) => ({ model: "finbound-sim/reference", temperature, seed, messages: [{ role: "user", content: `Task ${fx.id}. …` }] });
const firstReply = (temperature: number, seed: number) => contentOf(simulateChat(body(temperature, seed), fixtures, { latencyScale: 0 }));
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("the simulated model's seeded temperature", () => {
  it("never errs at temperature 0, and always at 1", () => {
    expect(seeds(50).map((s) => mistakeAt(body(0, s), fx, "reference", 0))).toEqual(Array(50).fill(null));
    expect(seeds(50).every((s) => mistakeAt(body(1, s), fx, "reference", 0) !== null)).toBe(true);
  });

  it("errs on about a fraction p of replies", () => {
    const mistakes = seeds(1000).filter((s) => mistakeAt(body(0.3, s), fx, "reference", 0) !== null).length;
    expect(mistakes).toBeGreaterThan(240);
    expect(mistakes).toBeLessThan(360);
  });

  it("makes only catalogued mistakes: a faulty candidate's reply at this turn, or a generic malformed reply, never a server error", () => {
    const faulty = Object.entries(fx.candidates).filter(([n]) => n !== "reference").flatMap(([, c]) => (c.replies[0] ? [replyText(c.replies[0])] : []));
    const allowed = new Set([...faulty, "Sure! I think the answer is about 3.3 million rupees.", '{"decision":"final","outcome":"answered","claims":[{"kind":"future_va']);
    const replies = seeds(200).map((s) => firstReply(1, s));
    for (const r of replies) expect(allowed, r).toContain(r);
    expect(new Set(replies).size).toBeGreaterThan(3);
  });

  it("replays the same mistakes for the same seed, and other ones for another", () => {
    const a = seeds(60).map((s) => firstReply(0.5, s));
    expect(seeds(60).map((s) => firstReply(0.5, s))).toEqual(a);
    expect(seeds(60).map((s) => firstReply(0.5, s + 1000))).not.toEqual(a);
  });
});
