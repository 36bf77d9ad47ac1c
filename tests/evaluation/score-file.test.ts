import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { recordedReplies } from "../../src/candidates/recorded.ts";
import { evaluateScripted, scoreCollectedTrace } from "../../src/evaluation/evaluate.ts";
import { scoreTraceToReplay, TraceScorer, tracesToReplay, type TracesToReplay } from "../../src/evaluation/score-file.ts";
import { readExportFile, verifyExport } from "../../src/integrity/export-file.ts";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { REFERENCE_BUDGET, type BudgetConfig } from "../../src/schemas/budget.ts";
import { CollectedTrace } from "../../src/schemas/collected-trace.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { FV_A, fixture, jsonlSuiteText, loadFixtures } from "../support.ts";

const NOW = "2026-11-30T00:00:00.000Z";
const fixtures = loadFixtures();
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const read = (text: string, fx: readonly Fixture[] = fixtures): Promise<TracesToReplay> => tracesToReplay(utf8(text), { fixtures: fx, sha256: nodeSha256 });

async function scripted(id: string, name: string, trial?: number, budget?: BudgetConfig): Promise<ScoredRun> {
  const run = await evaluateScripted(fixture(id), name, { includeDiagnostics: true, ...(budget ? { budget } : {}) });
  if (!run) throw new Error(`no ${name} on ${id}`);
  return trial === undefined ? run : { ...run, trial };
}

const sealed = async (run: ScoredRun): Promise<ScoredRunExport> => exportRun(run, fixture(run.fixture), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW });

const jsonlText = (runs: readonly ScoredRunExport[]): Promise<string> => jsonlSuiteText(runs, NOW);

const ok = (r: TracesToReplay) => {
  if (!r.ok) throw new Error(r.message);
  return r;
};

const TOOL = JSON.stringify({ decision: "tool", tool: "future_value", arguments: FV_A });
const FINAL = JSON.stringify({ decision: "final", outcome: "answered", claims: [{ kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: "ev-1" }], evidence_ids: ["ev-1"], policy_code: null, message: "Scenario A grows to ₹3,345,563.94." });
const trace = (extra: Record<string, unknown> = {}) => ({ format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m", settings: { repair: false, lenient_fence: false } }, responses: [{ text: TOOL, latency_ms: 5 }, { text: FINAL, latency_ms: 5 }], ...extra });

describe("a file to score → the traces to replay", () => {
  it("reads collected traces as before: one, an array, or one per line, each named by its place", async () => {
    for (const text of [JSON.stringify(trace()), JSON.stringify([trace(), trace({ trial: 2 })]), `${JSON.stringify(trace())}\n${JSON.stringify(trace({ trial: 2 }))}\n`]) {
      const r = ok(await read(text));
      expect(r.kind).toBe("collected-traces");
      expect(r.traces.map((t) => [t.kind, t.name, t.stated])).toEqual(r.traces.map((_, i) => ["collected-trace", `trace ${i}`, null]));
    }
  });

  it("reads a scored run, a scored suite and a JSONL suite as the runs' recorded replies, with what each recorded", async () => {
    const runs = [await sealed(await scripted("fv-scenario-a", "reference", 1)), await sealed(await scripted("concentration-hh1001", "alters-input", 2))];
    const suite = JSON.stringify(await sealSuite(runs, { sha256: nodeSha256, nowIso: NOW }));
    const files: [string, string, string[]][] = [
      ["scored-run", JSON.stringify(runs[0]), ["run"]],
      ["scored-suite", suite, ["run 0", "run 1"]],
      ["jsonl-suite", await jsonlText(runs), ["run 0 (line 2)", "run 1 (line 3)"]],
    ];
    for (const [kind, text, names] of files) {
      const r = ok(await read(text));
      expect(r).toMatchObject({ kind, notes: [] });
      expect(r.traces.map((t) => t.name)).toEqual(names);
      for (const [i, t] of r.traces.entries()) {
        const run = runs[i]!;
        expect(t.kind).toBe("recorded-run");
        expect(t.stated).toEqual(run.verdicts);
        expect(t.trace).toEqual({ format: "finbound.collected-trace/v1", fixture: run.fixture.id, candidate: { name: run.candidate.name, settings: { repair: false, lenient_fence: false, budget: run.budget } }, ...recordedReplies(run.events), trial: run.trial });
      }
    }
  });

  it("a recorded run replays to the verdicts it was sealed with, and keeps its trial", async () => {
    const run = await scripted("injection-adviser-scope", "reads-in-scope-other", 3);
    const r = ok(await read(JSON.stringify(await sealed(run))));
    const scored = await scoreTraceToReplay(r.traces[0]!, fixtures);
    expect(scored).toMatchObject({ ok: true, notes: [] });
    if (!scored.ok) return;
    expect(scored.run.trial).toBe(3);
    expect(scored.run.verdicts).toEqual(run.verdicts);
    expect(scored.run.passed).toBe(false);
  });

  it("replays under the budget the run recorded, not the caller's", async () => {
    const tight = { ...REFERENCE_BUDGET, max_decisions: 1 };
    const run = await scripted("fv-scenario-a", "reference", undefined, tight);
    expect(run.outcome).toBe("budget_exhausted");
    const r = ok(await read(JSON.stringify(await sealed(run))));
    expect(r.traces[0]?.trace.candidate.settings?.budget).toEqual(tight);
    const scored = await scoreTraceToReplay(r.traces[0]!, fixtures, { budget: REFERENCE_BUDGET });
    expect(scored).toMatchObject({ ok: true, run: { outcome: "budget_exhausted", verdicts: run.verdicts }, notes: [] });
  });

  it("replays with the lenient fence when the run recorded it, and says when the command line asked for repair the run did not have", async () => {
    const fenced = CollectedTrace.parse(trace({ candidate: { name: "m", settings: { repair: false, lenient_fence: true } }, responses: [{ text: TOOL, latency_ms: 5 }, { text: "```json\n" + FINAL + "\n```", latency_ms: 5 }] }));
    const collected = await scoreCollectedTrace(fenced, fixtures, { includeDiagnostics: true });
    if (!collected.ok) throw new Error(collected.message);
    const r = ok(await read(JSON.stringify(await sealed(collected.run))));
    expect(r.traces[0]?.trace.candidate.settings).toEqual({ repair: false, lenient_fence: true, budget: REFERENCE_BUDGET });
    const scored = await scoreTraceToReplay(r.traces[0]!, fixtures, { budget: { ...REFERENCE_BUDGET, repair: true } });
    expect(scored).toMatchObject({ ok: true, run: { outcome: "answered" }, notes: ["the trace was collected with repair off: replayed so, whatever the command line says"] });
  });

  it("refuses a broken seal in verify's words, and notes an unsealed part", async () => {
    const run = await sealed(await scripted("fv-scenario-a", "reference"));
    const edited = JSON.stringify({ ...run, passed: false });
    const verify = readExportFile(utf8(edited));
    if (!verify.ok) throw new Error(verify.message);
    const v = await verifyExport(verify.value, nodeSha256);
    expect(await read(edited)).toEqual({ ok: false, code: "broken_seal", at: { path: ["integrity", "digest"] }, message: `NOT VERIFIED — ${v.message}` });
    const cut = (await jsonlText([run, run])).trim().split("\n").slice(0, 3).join("\n");
    const r = ok(await read(`${cut}\n`));
    expect(r.traces).toHaveLength(2);
    expect(r.notes).toEqual([expect.stringContaining("not sealed: the file ends without its closing line")]);
  });

  it("refuses a run of a fixture the set does not have, in the import's words", async () => {
    const run = await sealed(await scripted("fv-scenario-a", "reference"));
    const others = fixtures.filter((f) => f.id !== "fv-scenario-a");
    expect(await read(JSON.stringify(run), others)).toEqual({ ok: false, code: "unknown_fixture", at: { path: ["fixture", "id"] }, message: 'field "fixture.id": unknown fixture "fv-scenario-a"' });
    const suite = JSON.stringify(await sealSuite([await sealed(await scripted("concentration-hh1001", "reference")), run], { sha256: nodeSha256, nowIso: NOW }));
    expect(await read(suite, others)).toMatchObject({ code: "unknown_fixture", at: { run: 1, path: ["runs", 1, "fixture", "id"] }, message: 'field "runs[1].fixture.id": unknown fixture "fv-scenario-a"' });
  });

  it("replays a run against the fixture as it is now, noting that the fixture changed and where the verdicts differ", async () => {
    const run = await sealed(await scripted("fv-scenario-a", "reference"));
    const fv = fixture("fv-scenario-a");
    const changed = [...fixtures.filter((f) => f.id !== fv.id), { ...fv, expected: { ...fv.expected, outcome: "refused" } } as Fixture];
    const r = ok(await read(JSON.stringify(run), changed));
    expect(r.notes).toEqual([`fixture "fv-scenario-a" has changed since the file was written (content hash differs, 1 run(s)): replayed against the fixture as it is now, so verdicts may differ from the file's`]);
    const scored = await scoreTraceToReplay(r.traces[0]!, changed);
    expect(scored).toMatchObject({ ok: true, run: { passed: false }, notes: ["the file's verdicts differ from the replay's on outcome: the replay's are reported"] });
  });

  it.each([
    ["annotations", { format: "finbound.annotations/v1", annotations: [] }, "no_replies", "a finbound.annotations/v1 file holds no replies to score"],
    ["a matrix report", { format: "finbound.matrix-report/v1", metrics: {} }, "no_replies", "a finbound.matrix-report/v1 file holds no replies to score"],
    ["a JSONL header alone", { format: "finbound.scored-suite/v1+jsonl", exported_at: NOW, runtime_version: "x" }, "no_replies", "a finbound.scored-suite/v1+jsonl file holds no replies to score"],
    ["another tool's JSON", { format: "openai.chat/v1" }, "not_finbound", 'not a finbound file: its format is "openai.chat/v1"'],
    ["JSON with no format", { fixture: "fv-scenario-a", responses: [] }, "not_finbound", "not a finbound file: it declares no format"],
    ["a JSON number", 42, "not_finbound", "not a finbound file: it declares no format"],
  ])("refuses %s, naming what it is", async (_what, value, code, message) => {
    const r = await read(JSON.stringify(value));
    expect(r).toMatchObject({ ok: false, code, at: { path: ["format"] } });
    if (!r.ok) expect(r.message.startsWith(message)).toBe(true);
  });

  it("refuses a file with nothing to score, and a file the one reader refuses in its words", async () => {
    expect(await read("[]")).toEqual({ ok: false, code: "nothing_to_score", at: {}, message: "the file holds no trace" });
    expect(await read('{"format":"finbound.scored-suite/v1","exported_at":"x","runtime_version":"y","runs":[]}')).toEqual({ ok: false, code: "nothing_to_score", at: {}, message: "the file holds no run" });
    expect(await read(`${JSON.stringify({ a: 1 })}\n${JSON.stringify({ a: 2 })}\n`)).toMatchObject({ ok: false, code: "not_json", at: {}, message: "the file has text after its one JSON value (line 2, column 1)" });
    expect(await read('{"format":"finbound.scored-run/v1"}')).toMatchObject({ ok: false, code: "invalid", at: { path: ["exported_at"] } });
  });
});

describe("alike traces replayed once", () => {
  it("scores every trace as scoreTraceToReplay does, replaying a trace equal to the one before but for its trial once", async () => {
    const lines = [trace({ trial: 1 }), trace({ trial: 2 }), trace({ trial: 3, responses: [{ text: TOOL, latency_ms: 6 }, { text: FINAL, latency_ms: 5 }] }), trace({ trial: 4 }), trace({ trial: 5 })];
    const traces = ok(await read(lines.map((l) => JSON.stringify(l)).join("\n"))).traces;
    const scorer = new TraceScorer(fixtures, { budget: REFERENCE_BUDGET });
    for (const t of traces) expect(await scorer.score(t)).toEqual(await scoreTraceToReplay(t, fixtures, { budget: REFERENCE_BUDGET }));
    // Trial 2 is alike to trial 1, and 5 to 4; trial 3's first reply took a millisecond longer, so 4 is replayed again.
    expect(scorer.replayed).toBe(3);
    const [first, second] = await Promise.all(traces.slice(0, 2).map((t) => scorer.score(t)));
    expect(first?.ok && second?.ok && first.run.verdicts === second.run.verdicts && Object.isFrozen(first.run.verdicts)).toBe(true);
  });

  it("keeps nothing when told to keep no replay", async () => {
    const traces = ok(await read([trace({ trial: 1 }), trace({ trial: 2 })].map((l) => JSON.stringify(l)).join("\n"))).traces;
    const scorer = new TraceScorer(fixtures, {}, false);
    for (const t of traces) await scorer.score(t);
    expect(scorer.replayed).toBe(2);
  });
});
