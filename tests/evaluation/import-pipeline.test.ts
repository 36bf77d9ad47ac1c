import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { importFile, importStored, MAX_IMPORT_BYTES } from "../../src/evaluation/import/pipeline.ts";
import { bytesSource } from "../../src/evaluation/import/bytes-source.ts";
import type { ImportOptions, ImportResult, ImportSource } from "../../src/evaluation/import/types.ts";
import { MAX_JSON_FILE_BYTES, tooLargeForJson } from "../../src/files/read-json-file.ts";
import { readExportFile, verifyExport } from "../../src/integrity/export-file.ts";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../../src/integrity/jsonl-suite.ts";
import type { Sha256Hex } from "../../src/integrity/seal.ts";
import { sha256Sync } from "../../src/integrity/sha256-sync.ts";
import { CALCULATOR_VERSIONS } from "../../src/runtime/tools/catalogue.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { plainlyValidRun } from "../../src/schemas/fast-validation.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { fixture, loadFixtures } from "../support.ts";

// The fast validation as it is, watched: which runs the import asks it to take their events as known.
vi.mock("../../src/schemas/fast-validation.ts", async (actual) => {
  const real = await actual<typeof import("../../src/schemas/fast-validation.ts")>();
  return { ...real, plainlyValidRun: vi.fn(real.plainlyValidRun) };
});
/** The trial numbers of the runs whose events the import took as already validated, among the calls since `from`. */
const eventsTakenAsKnown = (from: number): unknown[] =>
  vi
    .mocked(plainlyValidRun)
    .mock.calls.slice(from)
    .filter(([, known]) => known === true)
    .map(([value]) => (value as { trial?: unknown }).trial);

const NOW = "2026-11-30T00:00:00.000Z";
const PLAN = { fixtures: ["fv-scenario-a", "concentration-hh1001"], candidates: ["reference", "alters-input"], trials: 1, shard: { index: 1, count: 1 } };
const fixtures = loadFixtures();

async function sealedRuns(): Promise<ScoredRunExport[]> {
  const runs: ScoredRunExport[] = [];
  for (const id of PLAN.fixtures) {
    for (const name of PLAN.candidates) {
      const run = await evaluateScripted(fixture(id), name, { includeDiagnostics: true });
      if (run) runs.push(await exportRun(run, fixture(id), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW }));
    }
  }
  return runs;
}

const jsonSuite = async (runs: ScoredRunExport[]): Promise<string> => `${JSON.stringify(await sealSuite(runs, { sha256: nodeSha256, nowIso: NOW, plan: PLAN }), null, 2)}\n`;

async function jsonlSuite(runs: readonly ScoredRunExport[]): Promise<string[]> {
  const lines: string[] = [];
  const writer = new JsonlSuiteWriter(jsonlHeader(NOW, PLAN), (line) => lines.push(line), nodeSha256);
  for (const run of runs) writer.add(run);
  await writer.end();
  return lines;
}

/** The import's result, and the runs it handed on, reading the text in chunks of `chunk` bytes. */
async function imported(text: string, options: Partial<ImportOptions> = {}, chunk = 1024): Promise<{ result: ImportResult; runs: ScoredRun[] }> {
  const runs: ScoredRun[] = [];
  const result = await importFile(bytesSource(new TextEncoder().encode(text), chunk), { fixtures, sha256: sha256Sync, maxWholeBytes: MAX_IMPORT_BYTES, onRun: (r) => void runs.push(r), ...options });
  return { result, runs };
}

/** What `npm run verify` says of the same text (src/cli/verify.ts reads and verifies with these), as an import would word it. */
async function cliWords(text: string): Promise<string> {
  const read = readExportFile(new TextEncoder().encode(text));
  if (!read.ok) return read.message;
  const v = await verifyExport(read.value, nodeSha256);
  return v.status === "broken" ? `rejected, not verified: ${v.message}` : `accepted: ${v.status}`;
}

const refusal = (result: ImportResult): string => (result.ok ? `accepted: ${result.kind === "suite" ? result.verification.status : "verified"}` : result.message);

describe("importing a suite run by run", () => {
  it("imports an untouched suite, JSON or JSONL, verified, every run re-scored to the same verdicts and events", async () => {
    const runs = await sealedRuns();
    for (const text of [await jsonSuite(runs), `${(await jsonlSuite(runs)).join("\n")}\n`]) {
      const { result, runs: rescored } = await imported(text);
      expect(result).toMatchObject({ ok: true, kind: "suite", runs: 4, differing: 0, firstDifference: null, replayed: 4, verification: { status: "verified", message: "verified (4 runs)" }, signature: { code: "unsigned" } });
      expect(rescored.map((r) => `${r.fixture}/${r.candidate}`)).toEqual(runs.map((r) => `${r.fixture.id}/${r.candidate.name}`));
      expect(rescored.map((r) => canonicalize(r.events))).toEqual(runs.map((r) => canonicalize(r.events)));
    }
  });

  it("replays trials that recorded the same events once, with the runs and verdicts of replaying each", async () => {
    // Trials of a scripted candidate record the same events; each is sealed with its trial.
    const trial = async (id: string, name: string, n: number): Promise<ScoredRunExport> => {
      const run = await evaluateScripted(fixture(id), name, { includeDiagnostics: true });
      if (!run) throw new Error(`no scripted ${name}`);
      return exportRun({ ...run, trial: n }, fixture(id), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW });
    };
    const runs = [await trial("fv-scenario-a", "reference", 1), await trial("concentration-hh1001", "reference", 1), await trial("fv-scenario-a", "reference", 2), await trial("concentration-hh1001", "reference", 2), await trial("fv-scenario-a", "reference", 3)];
    for (const text of [await jsonSuite(runs), `${(await jsonlSuite(runs)).join("\n")}\n`]) {
      const once = await imported(text);
      const each = await imported(text, { replaysKept: 0 });
      expect(once.result).toMatchObject({ ok: true, kind: "suite", runs: 5, differing: 0, replayed: 2 });
      expect(each.result).toMatchObject({ ok: true, kind: "suite", runs: 5, differing: 0, replayed: 5 });
      expect(once.runs).toEqual(each.runs);
      expect(once.runs.map((r) => r.trial)).toEqual([1, 1, 2, 2, 3]);
    }
  });

  it("hashes each event once: a suite costs one hash per event, one per run digest and one for the suite", async () => {
    const runs = await sealedRuns();
    const events = runs.reduce((n, r) => n + r.events.length, 0);
    for (const text of [await jsonSuite(runs), `${(await jsonlSuite(runs)).join("\n")}\n`]) {
      let calls = 0;
      const counting: Sha256Hex = (t) => (calls++, sha256Sync(t));
      expect((await imported(text, { sha256: counting })).result.ok).toBe(true);
      expect(calls).toBe(events + runs.length + 1);
    }
    // A lone run: its events, its digest, and its fixture's content hash.
    const [one] = runs;
    let calls = 0;
    const { result } = await imported(JSON.stringify(one), { sha256: (t) => (calls++, sha256Sync(t)) });
    expect(result).toMatchObject({ ok: true, kind: "run", report: { verified: true, eventsMatch: true, fixtureMatches: true, differences: [] } });
    expect(calls).toBe((one?.events.length ?? 0) + 2);
  });

  it("names a tampered event as npm run verify names it, in a JSON suite and in a JSONL line", async () => {
    const runs = await sealedRuns();
    const tampered = structuredClone(runs);
    const events = tampered[2]!.events as { kind: string; data?: Record<string, unknown> }[];
    const index = events.findIndex((e) => e.kind === "observation");
    events[index]!.data = { ...events[index]!.data, equity_inr: 1 };
    const json = JSON.stringify({ ...(JSON.parse(await jsonSuite(runs)) as object), runs: tampered }, null, 2);
    const { result } = await imported(json);
    expect(refusal(result)).toMatch(new RegExp(`^rejected, not verified: run 2 \\(concentration-hh1001 / reference\\): event #${index + 1} \\(observation call-1\\) breaks the hash chain`));
    expect(refusal(result)).toBe(await cliWords(json));
    const lines = await jsonlSuite(runs);
    lines[3] = JSON.stringify(tampered[2]);
    const jsonl = `${lines.join("\n")}\n`;
    expect(refusal((await imported(jsonl)).result)).toMatch(new RegExp(`^rejected, not verified: run 2 \\(line 4\\): event #${index + 1} \\(observation call-1\\) breaks`));
    expect(refusal((await imported(jsonl)).result)).toBe(await cliWords(jsonl));
  });

  it("refuses a streamed JSONL suite with the problem reading it whole names first, whatever comes later in the file", async () => {
    const lines = await jsonlSuite(await sealedRuns());
    const edited = (edit: (l: string[]) => void): string => {
      const copy = [...lines];
      edit(copy);
      return `${copy.join("\n")}\n`;
    };
    const broken = (l: string): string => l.replace('"passed":true', '"passed":false');
    const invalid = (l: string): string => l.replace('"unused_replies":0', '"unused_replies":"none"');
    const cases = {
      "an invalid line, then a line that is not JSON": edited((l) => ((l[2] = invalid(l[2]!)), (l[4] = "{ nope"))),
      "a broken seal, then an invalid line": edited((l) => ((l[1] = broken(l[1]!)), (l[3] = invalid(l[3]!)))),
      "an invalid header and an invalid closing line": edited((l) => ((l[0] = l[0]!.replace('"runtime_version"', '"runtime"')), (l[5] = '{"end":"finbound.scored-suite/v1+jsonl"}'))),
      "an invalid run line and an invalid closing line": edited((l) => ((l[1] = invalid(l[1]!)), (l[5] = '{"end":"finbound.scored-suite/v1+jsonl"}'))),
      "a run line removed": edited((l) => l.splice(2, 1)),
      "two run lines swapped": edited((l) => ([l[1], l[2]] = [l[2]!, l[1]!])),
      "a line with a duplicate key": edited((l) => (l[3] = l[3]!.replace('"passed":', '"passed":true,"passed":'))),
    };
    for (const [what, text] of Object.entries(cases)) {
      const words = await cliWords(text);
      expect(words, what).not.toMatch(/^accepted/);
      for (const chunk of [97, 1 << 20]) expect(refusal((await imported(text, {}, chunk)).result), what).toBe(words);
    }
  });

  it("validates the events of alike trials once, and still refuses, in the CLI's words, a later trial whose other fields or whose own events are not valid", async () => {
    const run = await evaluateScripted(fixture("fv-scenario-a"), "reference", { includeDiagnostics: true });
    if (!run) throw new Error("no scripted reference");
    // Three trials of a deterministic candidate: the same events (one chain head), each trial sealed on its own.
    const trials = await Promise.all([1, 2, 3].map((trial) => exportRun({ ...run, trial }, fixture("fv-scenario-a"), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW })));
    expect(new Set(trials.map((t) => t.integrity?.chain_head)).size).toBe(1);
    const lines = await jsonlSuite(trials);
    const before = vi.mocked(plainlyValidRun).mock.calls.length;
    const whole = await imported(`${lines.join("\n")}\n`);
    expect(refusal(whole.result)).toBe("accepted: verified");
    expect(whole.runs.map((r) => r.trial)).toEqual([1, 2, 3]);
    // The first trial's events are validated; the next two hold the same chain head and are taken as known.
    expect(eventsTakenAsKnown(before)).toEqual([2, 3]);

    const edited = (at: number, edit: (line: string) => string): string => `${lines.map((l, i) => (i === at ? edit(l) : l)).join("\n")}\n`;
    const cases = {
      "a later trial with an invalid field beside its known events": edited(3, (l) => l.replace('"unused_replies":0', '"unused_replies":"none"')),
      "a later trial whose own events are not valid": edited(3, (l) => l.replace('"seq":0,', '"seq":-1,')),
      "a later trial whose events are not an array": edited(2, (l) => l.replace(/"events":\[.*?\],"result"/, '"events":{"0":1},"result"')),
    };
    for (const [what, text] of Object.entries(cases)) {
      const words = await cliWords(text);
      expect(words, what).toMatch(/not a valid finbound\.scored-run\/v1 line|invalid|expected/);
      expect(refusal((await imported(text)).result), what).toBe(words);
    }

    // A run without events has the chain's first head: a later run whose events are no array, or are missing, hashes to it too, and is still refused.
    const [empty] = await jsonlSuite([{ ...trials[0]!, events: [], integrity: undefined } as unknown as ScoredRunExport]).then((l) => [l[1]!]);
    for (const [what, other] of Object.entries({ "events not an array": (l: string) => l.replace(/"events":\[.*?\],"result"/, '"events":{},"result"'), "events missing": (l: string) => l.replace(/"events":\[.*?\],"result"/, '"result"') })) {
      const text = `${[lines[0], empty, other(lines[2]!), lines[3], lines[4]].join("\n")}\n`;
      const from = vi.mocked(plainlyValidRun).mock.calls.length;
      const words = await cliWords(text);
      expect(words, what).toMatch(/^line 3: not a valid finbound\.scored-run\/v1 line/);
      expect(refusal((await imported(text)).result), what).toBe(words);
      expect(eventsTakenAsKnown(from), what).toEqual(what === "events not an array" ? [2] : []);
    }
  });

  it("names a broken suite digest before an unknown fixture, and an unknown fixture when the seals hold", async () => {
    const runs = await sealedRuns();
    const lines = await jsonlSuite(runs);
    const other = (l: string): string => l.replace('"id":"concentration-hh1001"', '"id":"no-such-fixture"');
    // Renaming the fixture breaks that run's digest: the seal is named, not the fixture.
    const renamed = [...lines];
    renamed[3] = other(renamed[3]!);
    expect(refusal((await imported(`${renamed.join("\n")}\n`)).result)).toMatch(/^rejected, not verified: run 2 \(line 4\): the run digest does not match/);
    // Unsealed, nothing breaks: the first run whose fixture this workbench lacks is named.
    const unsealed = runs.map(({ integrity: _seal, ...run }) => run as ScoredRunExport);
    const text = `${(await jsonlSuite(unsealed)).map((l, i) => (i === 3 || i === 4 ? other(l) : l)).join("\n")}\n`;
    expect(refusal((await imported(text)).result)).toBe('field "runs[2].fixture.id": unknown fixture "no-such-fixture"');
  });

  it("says a JSONL suite cut short is not sealed, and still imports its runs", async () => {
    const lines = await jsonlSuite(await sealedRuns());
    const { result, runs } = await imported(`${lines.slice(0, 3).join("\n")}\n`);
    expect(result).toMatchObject({ ok: true, kind: "suite", runs: 2, verification: { status: "unsealed", message: expect.stringMatching(/^not sealed: the file ends without its closing line/) } });
    expect(runs).toHaveLength(2);
  });

  it("says when replaying an unsealed run does not reproduce its events", async () => {
    const [run] = await sealedRuns();
    const { integrity: _seal, ...file } = structuredClone(run!);
    const events = file.events as { kind: string; latency_ms?: number }[];
    const reply = events.find((e) => e.kind === "model_reply");
    if (reply) reply.latency_ms = (reply.latency_ms ?? 0) + 1;
    const { result } = await imported(JSON.stringify(file));
    expect(result).toMatchObject({ ok: true, kind: "run", report: { verified: false, eventsMatch: false } });
  });

  it("hands on a run only when the caller has taken the last (the promise onRun returns), and ends after it took the last", async () => {
    const runs = await sealedRuns();
    for (const text of [await jsonSuite(runs), `${(await jsonlSuite(runs)).join("\n")}\n`, JSON.stringify(runs[0])]) {
      let taking = 0;
      let most = 0;
      let taken = 0;
      const onRun = async (): Promise<void> => {
        most = Math.max(most, (taking += 1));
        await new Promise((resolve) => setTimeout(resolve, 1));
        taking -= 1;
        taken += 1;
      };
      const { result } = await imported(text, { onRun });
      expect(result.ok).toBe(true);
      expect({ most, taking, taken }).toEqual({ most: 1, taking: 0, taken: text.startsWith("{\"format\":\"finbound.scored-run") ? 1 : runs.length });
    }
  });

  it("stops between runs when cancelled, handing on nothing more", async () => {
    const lines = await jsonlSuite(await sealedRuns());
    let seen = 0;
    const { result } = await imported(`${lines.join("\n")}\n`, { onRun: () => void (seen += 1), cancelled: () => seen >= 1 });
    expect(result).toMatchObject({ ok: false, cancelled: true, code: "cancelled", cause: "cancelled", at: {} });
    expect(seen).toBe(1);
  });
});

describe("a file too large to read whole as one JSON value", () => {
  /** A source that says it is `size` bytes and holds only `head`: the import must decide from the head. */
  const claimed = (head: string, size: number): ImportSource => ({
    size,
    async *chunks() {
      yield new TextEncoder().encode(head);
    },
  });

  it("is refused by its size alone, naming the limit and JSONL, whatever the caller's bound", async () => {
    const head = '{\n  "format": "finbound.scored-suite/v1",\n  "runs": [';
    for (const maxWholeBytes of [MAX_IMPORT_BYTES, 4 * MAX_JSON_FILE_BYTES]) {
      const result = await importFile(claimed(head, MAX_JSON_FILE_BYTES + 1), { fixtures, sha256: sha256Sync, maxWholeBytes });
      expect(result).toEqual({ ok: false, cancelled: false, code: "unreadable", cause: "too_large_for_json", at: {}, message: tooLargeForJson().message });
    }
  });

  it("a JSONL suite of that size is streamed, not refused by its size", async () => {
    const [header, ...runs] = await jsonlSuite(await sealedRuns());
    const result = await importFile(claimed(`${header}\n${runs[0]}\n`, 300 * 1000 * 1000), { fixtures, sha256: sha256Sync, maxWholeBytes: MAX_IMPORT_BYTES });
    expect(result).toMatchObject({ ok: true, kind: "suite" });
  });
});

describe("seals are the contract: the same digests as before", () => {
  // The seal as docs/formats.md defines it, computed independently with the canonicalize package and node:crypto.
  const sha = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");
  function oracleSeal(file: Record<string, unknown>): { event_hashes: string[]; chain_head: string; digest: string } {
    const event_hashes: string[] = [];
    let previous = "0".repeat(64);
    for (const event of file.events as unknown[]) event_hashes.push((previous = sha(`${previous}\n${canonicalize(event)}`)));
    const { events: _events, integrity: _integrity, ...rest } = file;
    return { event_hashes, chain_head: previous, digest: sha(canonicalize({ ...rest, calculators: CALCULATOR_VERSIONS, chain_head: previous }) as string) };
  }

  it("seals every run as the documented algorithm does, and any SHA-256 (node, noble, WebCrypto) verifies it", async () => {
    const runs = await sealedRuns();
    for (const run of runs) expect(run.integrity).toMatchObject(oracleSeal(run as unknown as Record<string, unknown>));
    const webcrypto: Sha256Hex = async (t) => Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(t))).toString("hex");
    const text = await jsonSuite(runs);
    for (const sha256 of [sha256Sync, nodeSha256, webcrypto]) expect((await imported(text, { sha256 })).result).toMatchObject({ ok: true, verification: { status: "verified" } });
    expect(sha256Sync("finbound")).toBe(sha("finbound"));
  });
});

describe("a stored export (a history entry's file) is imported as a value", () => {
  const stored = async (file: Parameters<typeof importStored>[0]): Promise<{ result: ImportResult; runs: ScoredRun[] }> => {
    const runs: ScoredRun[] = [];
    const result = await importStored(file, { fixtures, sha256: sha256Sync, maxWholeBytes: MAX_IMPORT_BYTES, onRun: (r) => void runs.push(r) });
    return { result, runs };
  };

  it("to the result and runs the same file gives imported as bytes", async () => {
    const runs = await sealedRuns();
    const suite = await sealSuite(runs, { sha256: nodeSha256, nowIso: NOW, plan: PLAN });
    for (const file of [runs[1]!, suite]) expect(await stored(file)).toEqual(await imported(JSON.stringify(file)));
  });

  it("under the same policy: a broken seal is rejected, an unsealed edit is re-scored and reported", async () => {
    const [run] = await sealedRuns();
    const edited = { ...run!, passed: !run!.passed };
    const broken = await stored(edited);
    expect(broken.result).toMatchObject({ ok: false, code: "broken_seal" });
    expect(broken).toEqual(await imported(JSON.stringify(edited)));
    const { integrity: _seal, ...unsealed } = edited;
    const reported = await stored(unsealed);
    expect(reported.result).toMatchObject({ ok: true, kind: "run", report: { verified: false, passedDiffers: true } });
    expect(reported).toEqual(await imported(JSON.stringify(unsealed)));
  });
});
