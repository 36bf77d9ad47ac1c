import { describe, expect, it } from "vitest";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { describeSealProblem, verifyRun } from "../../src/integrity/run-digest.ts";
import { verifyExportFile } from "../../src/integrity/verify-file.ts";
import { jsonlHeader, JsonlSuiteWriter, validateJsonlSuite, verifyJsonlSuite } from "../../src/integrity/jsonl-suite.ts";
import { readJsonLines } from "../../src/files/read-json-lines.ts";
import { canonicalJson } from "../../src/runtime/canonical.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { fixture } from "../support.ts";

async function sealed(fx: string, candidate: string): Promise<ScoredRunExport> {
  const run = await evaluateScripted(fixture(fx), candidate, { includeDiagnostics: true });
  if (!run) throw new Error("no run");
  return exportRun(run, fixture(fx), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: "2026-11-30T00:00:00.000Z" });
}

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe("tamper-evident exports", () => {
  it("verifies an untouched export", async () => {
    expect(await verifyRun(await sealed("fv-scenario-a", "reference"), nodeSha256)).toMatchObject({ ok: true, status: "verified", seal: { digest: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it("survives a JSON round trip and reformatting (RFC 8785 canonical form)", async () => {
    const file = await sealed("concentration-hh1001", "reference");
    const reformatted = JSON.parse(JSON.stringify(file, null, 7)) as ScoredRunExport;
    expect(await verifyRun(reformatted, nodeSha256)).toMatchObject({ ok: true });
    expect(canonicalJson({ b: 1, a: [1e21, 0.4, "₹"] })).toBe('{"a":[1e+21,0.4,"₹"],"b":1}');
  });

  it("catches one number edited in an event and names that event", async () => {
    const file = copy(await sealed("fv-scenario-a", "reference"));
    const index = file.events.findIndex((e) => e.kind === "observation");
    (file.events[index] as unknown as { data: { value: number } }).data.value = 3345563.95;
    expect(await verifyRun(file, nodeSha256)).toMatchObject({ ok: false, status: "chain_broken", code: "chain_broken", at: { path: ["events", index] }, eventIndex: index });
    expect(describeSealProblem("chain_broken", { value: file.events[index], index })).toMatch(new RegExp(`^event #${index + 1} \\(observation call-1\\) breaks the hash chain`));
  });

  it("catches an event removed, and an event appended", async () => {
    const removed = copy(await sealed("fv-scenario-a", "reference"));
    removed.events.splice(3, 1);
    expect(await verifyRun(removed, nodeSha256)).toMatchObject({ status: "chain_broken", code: "chain_broken", at: { path: ["events", 3] }, eventIndex: 3 });
    const appended = copy(await sealed("fv-scenario-a", "reference"));
    appended.events.push(appended.events.at(-1)!);
    expect(await verifyRun(appended, nodeSha256)).toMatchObject({ status: "chain_broken", eventIndex: appended.events.length - 1 });
  });

  it("catches an edited result, verdict, fixture hash or calculator-bound field through the digest", async () => {
    const edits: ((f: ScoredRunExport) => void)[] = [
      (f) => ((f.result.claims[0] as { value: number }).value = 1),
      (f) => ((f.verdicts[0] as { status: string }).status = "fail"),
      (f) => (f.fixture.content_hash = `sha256:${"1".repeat(64)}`),
      (f) => (f.passed = !f.passed),
      (f) => (f.budget.deadline_ms = 60_000),
    ];
    for (const edit of edits) {
      const file = copy(await sealed("fv-scenario-a", "reference"));
      edit(file);
      expect(await verifyRun(file, nodeSha256)).toMatchObject({ ok: false, status: "digest_mismatch", code: "digest_mismatch", at: { path: ["integrity", "digest"] } });
    }
  });

  it("ignores prototype keys at the top level, but not a candidate's keys inside the bound fields", async () => {
    const text = JSON.stringify(await sealed("fv-scenario-a", "reference"));
    expect(await verifyRun(JSON.parse(text.replace(/^\{/, '{"__proto__":{"passed":false},"constructor":1,')), nodeSha256)).toMatchObject({ ok: true });
    const inner = JSON.parse(text) as { result: { tool_calls: { arguments: Record<string, unknown> }[] } };
    inner.result.tool_calls[0]!.arguments = { ...inner.result.tool_calls[0]!.arguments, constructor: 1 };
    expect(await verifyRun(inner, nodeSha256)).toMatchObject({ ok: false, status: "digest_mismatch" });
  });

  it("reports a file without an integrity block as unsealed, not verified", async () => {
    const { integrity: _gone, ...file } = await sealed("fv-scenario-a", "reference");
    expect(await verifyRun(file, nodeSha256)).toMatchObject({ ok: false, status: "unsealed", code: "unsealed", at: {} });
  });

  it("names the run a suite's broken seal is in, and its line in a JSONL suite, by code and place", async () => {
    const runs = [await sealed("fv-scenario-a", "reference"), await sealed("concentration-hh1001", "reference")];
    const suite = copy(await sealSuite(runs, { sha256: nodeSha256, nowIso: "2026-11-30T00:00:00.000Z" }));
    suite.runs[1]!.events.splice(2, 1);
    expect(await verifyExportFile(suite, nodeSha256)).toMatchObject({ status: "broken", code: "chain_broken", at: { run: 1, path: ["runs", 1, "events", 2] } });
    const reordered = copy(await sealSuite(runs, { sha256: nodeSha256, nowIso: "2026-11-30T00:00:00.000Z" }));
    reordered.runs.reverse();
    expect(await verifyExportFile(reordered, nodeSha256)).toMatchObject({ status: "broken", code: "suite_digest_mismatch", at: { path: ["integrity"] } });
    const { integrity: _none, ...bare } = reordered;
    expect(await verifyExportFile(bare, nodeSha256)).toMatchObject({ status: "unsealed", code: "unsealed", at: {} });

    const lines: string[] = [];
    const writer = new JsonlSuiteWriter(jsonlHeader("2026-11-30T00:00:00.000Z"), (line) => lines.push(line), nodeSha256);
    for (const run of runs) writer.add(run);
    const jsonl = async (text: string) => {
      const read = readJsonLines(new TextEncoder().encode(text));
      if (!read.ok) throw new Error(read.message);
      const valid = validateJsonlSuite(read.lines);
      if (!valid.ok) throw new Error(valid.message);
      return verifyJsonlSuite(valid.suite, nodeSha256);
    };
    expect(await jsonl(`${lines.join("\n")}\n`)).toMatchObject({ status: "unsealed", code: "cut_short", at: {} });
    await writer.end();
    const edited = lines.map((l, i) => (i === 2 ? l.replace('"passed":true', '"passed":false') : l));
    expect(await jsonl(`${edited.join("\n")}\n`)).toMatchObject({ status: "broken", code: "digest_mismatch", at: { run: 1, line: 3, path: ["integrity", "digest"] } });
    const invalid = validateJsonlSuite([{ line: 1, value: { format: "nope" }, parsed: {} }]);
    expect(invalid).toMatchObject({ ok: false, code: "invalid", at: { line: 1, path: ["format"] } });
  });
});
