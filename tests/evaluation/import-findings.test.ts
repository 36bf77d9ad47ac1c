import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { describeDifference } from "../../src/evaluation/import/outcome.ts";
import { importFile, MAX_IMPORT_BYTES } from "../../src/evaluation/import/pipeline.ts";
import { bytesSource } from "../../src/evaluation/import/bytes-source.ts";
import type { ImportOptions, ImportResult } from "../../src/evaluation/import/types.ts";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { sealRun } from "../../src/integrity/run-digest.ts";
import { sha256Sync } from "../../src/integrity/sha256-sync.ts";
import { signerOf } from "../../src/integrity/signature.ts";
import { readPrivateKeyPem } from "../../src/integrity/signing-key.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { flippedRun, flippedSuite } from "../integrity/forged.ts";
import { fixture, jsonlSuiteText, loadFixtures } from "../support.ts";

// What an import finds in an export beyond its seals: whether each run states the verdicts its
// replay gives, and who signed the file. `npm run verify` refuses on these; the workbench shows them.

const NOW = "2026-11-30T00:00:00.000Z";
const fixtures = loadFixtures();

async function sealed(id: string, candidate = "reference"): Promise<ScoredRunExport> {
  const run = await evaluateScripted(fixture(id), candidate, { includeDiagnostics: true });
  if (!run) throw new Error("no run");
  return exportRun(run, fixture(id), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW });
}

const imported = (value: unknown, options: Partial<ImportOptions> = {}): Promise<ImportResult> =>
  importFile(bytesSource(new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value)), 4096), { fixtures, sha256: sha256Sync, maxWholeBytes: MAX_IMPORT_BYTES, ...options });


describe("an import names the runs whose stated verdicts their replay does not give", () => {
  it("a verdict flipped and every seal made again: the seals verify, the run and the check are named", async () => {
    const suite = await sealSuite([await sealed("concentration-hh1001"), await sealed("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW });
    const { suite: forged, check } = await flippedSuite(suite, 1);
    const result = await imported(forged);
    expect(result).toMatchObject({ ok: true, kind: "suite", runs: 2, differing: 1, verification: { status: "verified" } });
    const first = result.ok && result.kind === "suite" ? result.firstDifference : null;
    expect(first).toMatchObject({ run: "run 1 (fv-scenario-a / reference)", passed: null, fixtureChanged: false, differences: [{ check, inFile: { status: "fail" }, recomputed: { status: "pass" } }] });
    expect(describeDifference(first!)).toBe(`run 1 (fv-scenario-a / reference): check ${check} (the file says fail, the replay pass)`);
  });

  it("in a JSONL suite the run's line is named too, and a lone run is `run`", async () => {
    const { run, check } = await flippedRun(await sealed("fv-scenario-a"));
    const lines = await imported(await jsonlSuiteText([await sealed("concentration-hh1001"), run]));
    expect(lines).toMatchObject({ ok: true, differing: 1, firstDifference: { run: "run 1 (fv-scenario-a / reference), line 3", differences: [{ check }] } });
    expect(await imported(run)).toMatchObject({ ok: true, kind: "run", differing: 1, firstDifference: { run: "run" }, report: { differences: [{ check }], passedDiffers: false } });
  });

  it("`passed` flipped alone is a difference too", async () => {
    const { integrity: _seal, ...run } = await sealed("concentration-hh1001", "alters-input");
    const lying = { ...run, passed: true };
    const result = await imported({ ...lying, integrity: await sealRun(lying, nodeSha256) });
    expect(result).toMatchObject({ ok: true, differing: 1, firstDifference: { differences: [], passed: { inFile: true, recomputed: false } }, report: { passedDiffers: true } });
  });

  it("a result edited alone (its message) and sealed again is a difference too, though every verdict stands", async () => {
    const { integrity: _seal, ...run } = await sealed("fv-scenario-a");
    const edited = { ...run, result: { ...run.result, message: `${run.result.message} Guaranteed returns.` } };
    const result = await imported({ ...edited, integrity: await sealRun(edited, nodeSha256) });
    expect(result).toMatchObject({ ok: true, differing: 1, firstDifference: { differences: [], passed: null, resultDiffers: true }, report: { resultDiffers: true } });
    expect(describeDifference((result as { firstDifference: Parameters<typeof describeDifference>[0] }).firstDifference)).toBe("run: result (the file's is not the one its replay assembles)");
  });

  it("an untouched export differs nowhere", async () => {
    expect(await imported(await jsonlSuiteText([await sealed("fv-scenario-a"), await sealed("concentration-hh1001", "alters-input")]))).toMatchObject({ ok: true, differing: 0, firstDifference: null });
  });
});

describe("an import says who signed the file", () => {
  const pem = generateKeyPairSync("ed25519", { privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } }).privateKey;

  it("signed by the key's fingerprint, or refused when another signer is required", async () => {
    const key = readPrivateKeyPem(pem);
    const made = key.ok ? await signerOf(key.der) : null;
    if (!made?.ok) throw new Error("no signer");
    const suite = await sealSuite([await sealed("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW, signer: made.signer });
    expect(await imported(suite)).toMatchObject({ ok: true, signature: { code: "signed", fingerprint: made.signer.fingerprint } });
    expect(await imported(suite, { signedBy: `sha256:${"0".repeat(64)}` })).toMatchObject({ ok: true, signature: { code: "wrong_key" } });
    expect(await imported(await flippedSuite(suite, 0, true).then((f) => f.suite))).toMatchObject({ ok: true, differing: 1, signature: { code: "signature_mismatch" } });
  });

  // The verification crosses from the import's worker to the page: a run's whole seal holds a hash per event.
  it("names the verified seal by its digest and signature alone, whatever the file's form", async () => {
    const key = readPrivateKeyPem(pem);
    const made = key.ok ? await signerOf(key.der) : null;
    if (!made?.ok) throw new Error("no signer");
    const run = await sealed("concentration-hh1001");
    expect(run.integrity?.event_hashes.length).toBeGreaterThan(3);
    const suite = await sealSuite([run], { sha256: nodeSha256, nowIso: NOW, signer: made.signer });
    const sealOf = (result: ImportResult) => (result.ok && "verification" in result && result.verification.status === "verified" ? result.verification.seal : undefined);
    expect(sealOf(await imported(run))).toStrictEqual({ digest: run.integrity?.digest });
    expect(sealOf(await imported(suite))).toStrictEqual({ digest: suite.integrity?.digest, signature: suite.integrity?.signature });
    const jsonl = sealOf(await imported(await jsonlSuiteText([run])));
    expect(Object.keys(jsonl ?? {})).toStrictEqual(["digest"]);
  });
});

describe("what an import refuses carries a code", () => {
  it("a broken seal (with what broke), an unknown fixture, and — for exports only — a collected trace", async () => {
    const run = await sealed("fv-scenario-a");
    const edited = { ...run, passed: false };
    expect(await imported(edited)).toMatchObject({ ok: false, code: "broken_seal", cause: "digest_mismatch", at: { path: ["integrity", "digest"] }, verification: { status: "broken", code: "digest_mismatch" } });
    expect(await imported({ ...run, fixture: { ...run.fixture, id: "no-such-fixture" } })).toMatchObject({ ok: false, code: "unknown_fixture", cause: "unknown_fixture", at: { path: ["fixture", "id"] } });
    const trace = { format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m" }, responses: [] };
    const refused = await imported(trace, { exportsOnly: true });
    expect(refused).toMatchObject({ ok: false, cancelled: false, code: "unreadable", cause: "unknown_format", at: { path: ["format"] } });
    expect(!refused.ok && refused.message).toBe('unknown format "finbound.collected-trace/v1": expected finbound.scored-run/v1 or finbound.scored-suite/v1');
    expect(await imported(trace)).toMatchObject({ ok: true, kind: "traces" });
  });

  it("refuses a collected trace of an unknown fixture as unreadable, naming the trace and its field", async () => {
    const trace = { format: "finbound.collected-trace/v1", fixture: "fv-scenario-a", candidate: { name: "m" }, responses: [] };
    const refused = await imported([trace, { ...trace, fixture: "nope" }]);
    expect(refused).toMatchObject({ ok: false, code: "unreadable", cause: "unknown_fixture", at: { run: 1, path: ["fixture"] } });
    expect(!refused.ok && refused.message).toBe('trace 1: field "fixture": unknown fixture "nope"');
  });

  it("names the reader's refusal beneath `unreadable` as its cause, with its place", async () => {
    const text = `${JSON.stringify(await sealed("fv-scenario-a"))}`.replace('"passed":', '"passed":true,"passed":');
    expect(await imported(text)).toMatchObject({ ok: false, code: "unreadable", cause: "duplicate_key", at: { path: ["passed"] } });
    expect(await imported("\uFEFF{}")).toMatchObject({ ok: false, code: "unreadable", cause: "byte_order_mark", at: {} });
  });
});
