import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { RunEvent } from "../../src/schemas/event.ts";
import { ScoredRunExport, ScoredSuiteExport } from "../../src/schemas/export.ts";
import { EVENT_SHAPES, EXPORT_SHAPES, plainlyValidEvent, plainlyValidRun, plainlyValidDecision, plainlyValidSuite, plainlyValidTrace, TRACE_SHAPES, type Shape } from "../../src/schemas/fast-validation.ts";
import { generateTraces } from "../../src/cli/bench-score.ts";
import { REFERENCE_BUDGET } from "../../src/schemas/budget.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { Decision } from "../../src/schemas/decision.ts";
import { CollectedFailure, CollectedResponse, CollectedSettings, CollectedTrace } from "../../src/schemas/collected-trace.ts";
import { EvaluationPlan, EvaluationStop, PlannedJob } from "../../src/schemas/export.ts";
import { Integrity, SealSignature, SuiteIntegrity } from "../../src/schemas/integrity.ts";
import { DiagnosticEntry, RunResult } from "../../src/schemas/result.ts";
import { ToolCallRecord } from "../../src/schemas/tool-call.ts";
import { Verdict } from "../../src/schemas/verdict.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { loadFixtures } from "../support.ts";

const fixtures = loadFixtures();

/** Every scripted run of every fixture, exported and read back as a file is: plain parsed JSON. */
async function exportedRuns(): Promise<unknown[]> {
  const runs: unknown[] = [];
  for (const fixture of fixtures) {
    for (const name of Object.keys(fixture.candidates)) {
      const run = await evaluateScripted(fixture, name, { includeDiagnostics: true });
      if (run) runs.push(JSON.parse(JSON.stringify(await exportRun(run, fixture, "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: "2026-01-01T00:00:00.000Z" }))));
    }
  }
  return runs;
}

const runs = await exportedRuns();
const events = runs.flatMap((r) => (r as { events: unknown[] }).events);

/** Replaces the value at a path of keys and indexes (or deletes it, or adds a key beside it). */
function mutated(value: unknown, path: readonly (string | number)[], change: { op: "set"; to: unknown } | { op: "delete" } | { op: "add"; key: string; to: unknown }): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return copy;
  if (change.op === "set") at[last] = change.to;
  else if (change.op === "delete") delete at[last];
  else Object.defineProperty(at, change.key, { value: change.to, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Every path to a value inside an event. */
function pathsIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsIn((value as Record<string | number, unknown>)[k], [...prefix, k]))];
}

/** `value` altered at the n-th path inside it (of those `where` allows, counted round): a value set, deleted, or a key added beside it. */
function alteredAt(value: unknown, n: number, to: unknown, op: "set" | "delete" | "add", key: string, where: (path: readonly (string | number)[]) => boolean = () => true): unknown {
  const paths = pathsIn(value).filter((p) => p.length > 0 && where(p));
  const path = paths[n % paths.length] as (string | number)[];
  // A key is added to objects only: JSON cannot give an array a property beside its items.
  const inArray = typeof path.at(-1) === "number";
  return mutated(value, path, op === "set" ? { op, to } : op === "delete" || inArray ? { op: "delete" } : { op, key, to });
}

/** What the fast path vouches for (non-null), zod accepts, giving the same value. */
function vouchesAsZod(vouched: unknown, zod: { success: boolean; data?: unknown }): void {
  if (vouched === null) return;
  expect(zod.success).toBe(true);
  expect(zod.data).toEqual(vouched);
}

const odd = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, -1, -0, 0, 1.5, 2 ** 53, Infinity, NaN, "", "x", "2026-1-1", "2026-01-01", true, [], {}, ["x"], { a: 1 }),
  fc.constantFrom(...new Set(events.flatMap((e) => Object.values(e as Record<string, unknown>)))),
);

/** A shape lists exactly its schema's keys, optional where the schema says so. */
function sameKeys(shape: Shape, schema: z.ZodObject): void {
  const optional = Object.keys(schema.shape).filter((k) => schema.shape[k] instanceof z.ZodOptional);
  expect(Object.keys(shape.optional ?? {}).sort()).toEqual(optional.sort());
  expect(Object.keys(shape.required).sort()).toEqual(Object.keys(schema.shape).filter((k) => !optional.includes(k)).sort());
}

// 4,000 generated cases: a few seconds on an idle machine, several times that beside other work.
const HEAVY_MS = 60_000;

describe("the fast path for an export's events agrees with the zod schema", () => {
  it("vouches for every event a run records, and zod gives back the same value", () => {
    expect(events.length).toBeGreaterThan(100);
    for (const event of events) {
      expect(plainlyValidEvent(event)).toBe(true);
      expect(RunEvent.parse(event)).toEqual(event);
    }
  });

  it("never vouches for an event zod refuses, nor for one zod would change, however an event is altered", () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...events), fc.nat(), odd, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", "kind", "seq"), (event, n, to, op, key) => {
        const altered = alteredAt(event, n, to, op, key);
        const zod = RunEvent.safeParse(altered);
        if (!zod.success) refused += 1;
        if (plainlyValidEvent(altered)) {
          expect(zod.success).toBe(true);
          expect(zod.data).toEqual(altered);
        }
      }),
      { numRuns: 4000 },
    );
    expect(refused).toBeGreaterThan(1000);
  }, HEAVY_MS);

  it("lists exactly the keys of each event kind's schema, optional where the schema says so", () => {
    for (const schema of RunEvent.options) sameKeys(EVENT_SHAPES[schema.shape.kind.value], schema);
  });

  it("hands a run or a suite to the full schema when one event is not plainly valid, and otherwise gives what it gives", () => {
    const run = runs[0] as { events: Record<string, unknown>[] };
    expect(plainlyValidRun(run)).toEqual(ScoredRunExport.parse(run));
    const suite = { format: "finbound.scored-suite/v1", exported_at: "2026-01-01T00:00:00.000Z", runtime_version: "x", runs };
    expect(plainlyValidSuite(suite)).toEqual(ScoredSuiteExport.parse(suite));
    const withProto = mutated(run, ["events", 0, "seq"], { op: "add", key: "__proto__", to: 1 });
    expect(plainlyValidRun(withProto)).toBeNull();
    expect(plainlyValidSuite({ ...suite, runs: [withProto] })).toBeNull();
    expect(plainlyValidRun({ ...run, extra: 1 })).toBeNull();
  });

  it("with the events known valid, looks only at the rest of the run and at the events being an array", () => {
    const run = runs[0] as { events: Record<string, unknown>[] };
    expect(plainlyValidRun(run, true)).toEqual(ScoredRunExport.parse(run));
    // The caller's word stands for the events' content (an import gives it for events it has validated, by their chain head)…
    const oddEvent = mutated(run, ["events", 0, "seq"], { op: "set", to: -1 });
    expect(plainlyValidRun(oddEvent)).toBeNull();
    expect(plainlyValidRun(oddEvent, true)).not.toBeNull();
    // …and for nothing else.
    expect(plainlyValidRun({ ...run, events: { 0: run.events[0] } }, true)).toBeNull();
    expect(plainlyValidRun({ ...run, unused_replies: "none" }, true)).toBeNull();
    expect(plainlyValidRun({ ...run, extra: 1 }, true)).toBeNull();
  });
});

const suiteOf = (rs: readonly unknown[]) => ({ format: "finbound.scored-suite/v1", exported_at: "2026-01-01T00:00:00.000Z", runtime_version: "x", runs: rs });
const sealedSuite = { ...suiteOf(runs.slice(0, 3)), plan: { fixtures: ["a"], candidates: ["b"], trials: 1, shard: { index: 1, count: 1 } }, integrity: { algorithm: "sha256", canonicalization: "RFC8785", digest: "0".repeat(64) } };

describe("the fast path for the rest of an export agrees with the zod schemas", () => {
  it("lists exactly the keys of each object's schema, optional where the schema says so", () => {
    const schemas: Record<keyof typeof EXPORT_SHAPES, z.ZodObject> = {
      fixtureRef: ScoredRunExport.shape.fixture,
      candidateRef: ScoredRunExport.shape.candidate,
      toolCall: ToolCallRecord,
      result: RunResult,
      verdict: Verdict,
      diagnostic: DiagnosticEntry,
      signature: SealSignature,
      integrity: Integrity,
      plannedJob: PlannedJob,
      stopped: EvaluationStop,
      run: ScoredRunExport,
      shard: EvaluationPlan.shape.shard,
      plan: EvaluationPlan,
      suiteIntegrity: SuiteIntegrity,
      suite: ScoredSuiteExport,
    };
    for (const [name, shape] of Object.entries(EXPORT_SHAPES)) sameKeys(shape, schemas[name as keyof typeof EXPORT_SHAPES]);
  });

  it("vouches for every exported run and a sealed suite of them, giving back the value zod gives", () => {
    for (const run of runs) expect(plainlyValidRun(run)).toEqual(ScoredRunExport.parse(run));
    expect(plainlyValidSuite(sealedSuite)).toEqual(ScoredSuiteExport.parse(sealedSuite));
    const signature = { algorithm: "ed25519", key_fingerprint: `sha256:${"1".repeat(64)}`, public_key: "2".repeat(64), value: "3".repeat(128) };
    const signedSuite = { ...sealedSuite, integrity: { ...sealedSuite.integrity, signature } };
    expect(plainlyValidSuite(signedSuite)).toEqual(ScoredSuiteExport.parse(signedSuite));
    expect(plainlyValidSuite({ ...signedSuite, integrity: { ...signedSuite.integrity, signature: { ...signature, value: "3" } } })).toBeNull();
  });

  it("never vouches for a run or suite zod refuses, nor for one zod would change, however it is altered outside its events", () => {
    const withDiagnostics = { ...(runs[0] as object), trial: 2, diagnostics: [{ step: 1, call_id: null, source: "tool", detail: "x" }] };
    const values = fc.oneof(odd, fc.constantFrom<unknown>("0".repeat(64), "A".repeat(64), `sha256:${"0".repeat(64)}`, "answered", "runtime", "denied", "not_found", "pass", "n/a", "finbound.scored-run/v1"));
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...runs, withDiagnostics, sealedSuite), fc.nat(), values, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", "check", "trial"), (file, n, to, op, key) => {
        // Events have their own test above; here, anything else.
        const altered = alteredAt(file, n, to, op, key, (p) => !p.includes("events"));
        const isSuite = "runs" in (file as object);
        const zod = (isSuite ? ScoredSuiteExport : ScoredRunExport).safeParse(altered);
        if (!zod.success) refused += 1;
        vouchesAsZod(isSuite ? plainlyValidSuite(altered) : plainlyValidRun(altered), zod);
      }),
      { numRuns: 4000 },
    );
    expect(refused).toBeGreaterThan(1000);
  }, HEAVY_MS);
});

const traces = await generateTraces(runs.length, fixtures);

describe("the fast path for collected traces agrees with the zod schema", () => {
  const withEverything = {
    ...traces[0],
    candidate: { name: "m", settings: { repair: true, lenient_fence: false, response_format: "prompt_only", model: "x", reported_model: null, budget: REFERENCE_BUDGET, protocol: "tools", max_tokens: 512, temperature: 0.2, seed: 7, extra_setting: { any: ["thing"] } } },
    responses: [
      { text: "{}", latency_ms: 1.5, finish_reason: null, usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }, model: "m", at_ms: 0, ending: "answered", queue_ms: 1, prompt_ms: 2, generation_ms: 3 },
      { text: "", latency_ms: 20, failure: { code: "model_http_error", status: 500 }, at_ms: 2, ending: "http" },
      { text: "", latency_ms: 20, failure: { code: "model_timeout" } },
    ],
    deadline_reached_at_ms: 30,
  };
  const all = [...traces.map((t) => JSON.parse(JSON.stringify(t)) as unknown), withEverything];

  it("lists exactly the keys of each object's schema, optional where the schema says so", () => {
    const schemas: Record<keyof typeof TRACE_SHAPES, z.ZodObject> = {
      collectedFailure: CollectedFailure,
      collectedResponse: CollectedResponse,
      collectedSettings: CollectedSettings,
      collectedCandidate: CollectedTrace.shape.candidate,
      collectedTrace: CollectedTrace,
    };
    for (const [name, shape] of Object.entries(TRACE_SHAPES)) sameKeys(shape, schemas[name as keyof typeof TRACE_SHAPES]);
  });

  it("vouches for every trace a run records, and zod gives back the same value", () => {
    for (const trace of all) expect(plainlyValidTrace(trace)).toEqual(CollectedTrace.parse(trace));
  });

  it("never vouches for a trace zod refuses, nor for one zod would change, however it is altered", () => {
    const values = fc.oneof(odd, fc.constantFrom<unknown>("answered", "http", "model_timeout", "json_schema", "tools", { code: "model_timeout" }, "finbound.collected-trace/v1", REFERENCE_BUDGET));
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.nat(), values, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", "failure", "ending", "trial"), (trace, n, to, op, key) => {
        const altered = alteredAt(trace, n, to, op, key);
        const zod = CollectedTrace.safeParse(altered);
        if (!zod.success) refused += 1;
        vouchesAsZod(plainlyValidTrace(altered), zod);
      }),
      { numRuns: 4000 },
    );
    expect(refused).toBeGreaterThan(1000);
  }, HEAVY_MS);
});

/** Every decision a fixture's scripted candidates send, as a reply parses to it. */
const decisions = fixtures.flatMap((f) => Object.values(f.candidates).flatMap((c) => c.replies.map((r) => replyText(r)))).flatMap((text) => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? [value as Record<string, unknown>] : [];
  } catch {
    return [];
  }
});

describe("the fast path for a reply's decision agrees with the zod schema", () => {
  it("vouches for every decision the scripted candidates send that zod accepts, giving what zod gives", () => {
    let vouched = 0;
    for (const d of decisions) {
      const zod = Decision.safeParse(d);
      const fast = plainlyValidDecision(d);
      if (zod.success) {
        expect(fast).toEqual(zod.data);
        vouched += 1;
      } else expect(fast).toBeNull();
    }
    expect(vouched).toBeGreaterThan(50);
  });

  it("never vouches for a decision zod refuses, nor gives other than what zod gives, however it is altered", () => {
    const values = fc.oneof(odd, fc.constantFrom<unknown>("tool", "final", "answered", "invalid_output", "portfolio.read", { household: "HH-1001" }, [{}], null));
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...decisions), fc.nat(), values, fc.constantFrom("set", "delete", "add"), fc.constantFrom("extra", "__proto__", "arguments", "claims", "decision"), (d, n, to, op, key) => {
        const altered = alteredAt(d, n, to, op, key) as Record<string, unknown>;
        const zod = Decision.safeParse(altered);
        if (!zod.success) refused += 1;
        vouchesAsZod(plainlyValidDecision(altered), zod);
      }),
      { numRuns: 4000 },
    );
    expect(refused).toBeGreaterThan(500);
  }, HEAVY_MS);
});
