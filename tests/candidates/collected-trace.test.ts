import { describe, expect, it } from "vitest";
import { responsesFromEvents } from "../../src/candidates/recorded.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { parseCollectedTraceFile } from "../../src/candidates/collected-trace.ts";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import { evaluateScripted, scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { fixture, loadFixtures } from "../support.ts";

const fixtures = loadFixtures();

const traceOf = (fixtureId: string, candidate: string): CollectedTrace => {
  const fx = fixture(fixtureId);
  const script = fx.candidates[candidate];
  if (!script) throw new Error(`no ${candidate}`);
  return {
    format: "finbound.collected-trace/v1",
    fixture: fixtureId,
    candidate: { name: candidate, settings: { temperature: 0 } },
    responses: script.replies.map((r) => ({ text: replyText(r), latency_ms: r.latency_ms ?? 800 })),
  };
};

describe("scoring a collected trace", () => {
  // Every fixture and candidate, run and replayed: CPU-bound work that grows with the fixtures.
  // Measured 0.2 s, and 2.4 s beside four `yes > /dev/null` and a mutation run; 30 s is generous.
  it("replays the replies recorded in any run's events to the same events and verdicts, for every fixture and candidate", async () => {
    for (const fx of fixtures) {
      for (const name of Object.keys(fx.candidates)) {
        const original = await evaluateScripted(fx, name);
        const trace: CollectedTrace = { format: "finbound.collected-trace/v1", fixture: fx.id, candidate: { name }, responses: responsesFromEvents(original?.events ?? []) };
        const replayed = await scoreCollectedTrace(trace, fixtures);
        expect(replayed.ok && replayed.run.verdicts, `${fx.id}/${name}`).toEqual(original?.verdicts);
        expect(replayed.ok && replayed.run.events, `${fx.id}/${name}`).toEqual(original?.events);
      }
    }
  });

  it("replays raw replies to the same verdicts as the scripted run", async () => {
    for (const [fx, candidate] of [["fv-scenario-a", "reference"], ["concentration-hh1001", "alters-input"], ["injection-adviser-scope", "reads-in-scope-other"], ["fv-scenario-a", "slow"]] as const) {
      const scored = await scoreCollectedTrace(traceOf(fx, candidate), fixtures);
      const scripted = await evaluateScripted(fixture(fx), candidate);
      expect(scored.ok && scored.run.verdicts).toEqual(scripted?.verdicts);
    }
  });

  it("takes evidence only from the replay, never from the file", async () => {
    const trace = traceOf("fv-scenario-a", "reference");
    // A trace that carries its own 'observation' in the final reply gains nothing from it.
    const forged = JSON.parse(trace.responses[1]?.text ?? "{}") as Record<string, unknown>;
    forged.observations = [{ evidence_id: "ev-7", data: { value: 1 } }];
    const claims = forged.claims as Record<string, unknown>[];
    (claims[0] as Record<string, unknown>).evidence_id = "ev-7";
    forged.evidence_ids = ["ev-7"];
    const edited = { ...trace, responses: [trace.responses[0]!, { text: JSON.stringify(forged), latency_ms: 10 }] };
    const scored = await scoreCollectedTrace(edited, fixtures);
    expect(scored.ok).toBe(true);
    if (!scored.ok) return;
    expect(scored.run.passed).toBe(false);
    expect(scored.run.verdicts.find((v) => v.check === "claim[0].evidence")?.status).toBe("fail");
    expect(scored.run.result.forgery_attempts).toEqual(["observations"]);
  });

  it("reports replies left over when the run ended as unused", async () => {
    const trace = traceOf("unauthorised-household", "reference");
    const padded = { ...trace, responses: [...trace.responses, { text: "extra", latency_ms: 1 }, { text: "more", latency_ms: 1 }] };
    const scored = await scoreCollectedTrace(padded, fixtures);
    expect(scored.ok && scored.run.unused_replies).toBe(2);
  });

  it("uses the recorded latencies on a virtual clock", async () => {
    const trace = traceOf("fv-scenario-a", "reference");
    const slow = { ...trace, responses: trace.responses.map((r) => ({ ...r, latency_ms: 16_000 })) };
    const scored = await scoreCollectedTrace(slow, fixtures);
    expect(scored.ok && scored.run.result).toMatchObject({ outcome: "unavailable", policy_code: "model_timeout" });
  });

  it("rejects a trace for an unknown fixture with a clear code", async () => {
    expect(await scoreCollectedTrace({ ...traceOf("fv-scenario-a", "reference"), fixture: "nope" }, fixtures)).toMatchObject({ ok: false, code: "unknown_fixture" });
  });

  it("accepts one trace or an array of them, and nothing else", () => {
    const t = traceOf("fv-scenario-a", "reference");
    expect(parseCollectedTraceFile(JSON.stringify(t)).ok).toBe(true);
    expect(parseCollectedTraceFile(JSON.stringify([t, t])).ok).toBe(true);
    expect(parseCollectedTraceFile(JSON.stringify({ ...t, format: "other/v1" }))).toMatchObject({ ok: false, code: "invalid_trace", at: { path: ["format"] } });
    expect(parseCollectedTraceFile(JSON.stringify([t, { ...t, responses: [{ text: "x" }] }]))).toMatchObject({ ok: false, code: "invalid_trace", at: { path: [1, "responses", 0, "latency_ms"] } });
    // JSON Lines of traces: the refusal names the line, and the field within it.
    const lines = `${JSON.stringify(t)}\n${JSON.stringify({ ...t, responses: [{ text: "x" }] })}\n`;
    expect(parseCollectedTraceFile(lines)).toMatchObject({ ok: false, code: "invalid_trace", at: { line: 2, path: ["responses", 0, "latency_ms"] } });
    // A byte-order mark is refused, as by every reader (contract §8a: files are read one way).
    expect(parseCollectedTraceFile(`\uFEFF${JSON.stringify(t)}`)).toMatchObject({ ok: false, code: "byte_order_mark" });
  });

  it("reads k trials alike (lines that differ in their trial alone) each with its trial, and refuses a trial that is none in the words of any line", () => {
    const t = traceOf("fv-scenario-a", "reference");
    const trials = [1, 2, 3].map((trial) => JSON.stringify({ ...t, trial })).join("\n");
    const read = parseCollectedTraceFile(trials);
    expect(read.ok && read.traces.map((r) => r.trial)).toEqual([1, 2, 3]);
    expect(read.ok && read.traces[2]).toEqual({ ...t, trial: 3 });
    const zero = `${JSON.stringify({ ...t, trial: 1 })}\n${JSON.stringify({ ...t, trial: 0 })}`;
    expect(parseCollectedTraceFile(zero)).toMatchObject({ ok: false, code: "invalid_trace", at: { line: 2, path: ["trial"] } });
  });
});
