import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { JsonlSuiteWriter } from "../../src/integrity/jsonl-suite.ts";
import { JsonlSuiteHeader, ScoredRunExport, ScoredSuiteExport } from "../../src/schemas/export.ts";
import { ScoredRun } from "../../src/schemas/scored-run.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { FIXTURE_DIR, fixture, loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";
import { loadFixtureDir } from "../../src/node/fixture-files.ts";

// Each command's main runs in this process: a subprocess adds nothing here but start-up time,
// which a busy machine turns into timeouts. tests/cli/entry.test.ts checks the scripts' entry.
const cli = (script: "eval" | "score", args: string[]) => runCli(script === "eval" ? evalMain : scoreMain, args);

const tmp = () => mkdtempSync(join(tmpdir(), "finbound-cli-"));

describe("npm run eval", () => {
  it("prints one passing row per fixture for the reference and exits 0", async () => {
    const r = await cli("eval", []);
    expect(r.status).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => / PASS | FAIL /.test(l));
    expect(rows).toHaveLength(loadFixtures().length);
    expect(rows.every((l) => l.includes(" PASS "))).toBe(true);
    expect(r.stdout).toContain(`${loadFixtures().length} passed, 0 failed`);
  });

  it("exits 1 for alters-input and its JSON names the failing checks", async () => {
    const r = await cli("eval", ["--candidate", "alters-input", "--fixture", "concentration-hh1001", "--format", "json"]);
    expect(r.status).toBe(1);
    const runs = ScoredRun.array().parse(JSON.parse(r.stdout));
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({ fixture: "concentration-hh1001", candidate: "alters-input", outcome: "answered", passed: false });
    expect(run.verdicts.filter((v) => v.status === "fail").map((v) => v.check)).toEqual(expect.arrayContaining(["inputs_from_evidence", "claim[0].value"]));
    expect(run.events.length).toBeGreaterThan(0);
    expect(run.result.tool_calls.map((c) => c.code)).toEqual([null, "argument_not_from_evidence"]);
  });

  it("writes JUnit to --out and still prints the table", async () => {
    const out = join(tmp(), "report.xml");
    const r = await cli("eval", ["--candidate", "loops", "--format", "junit", "--out", out]);
    expect(r.status).toBe(1);
    const xml = readFileSync(out, "utf8");
    expect(xml).toMatch(/<testsuites name="finbound" tests="3" failures="3" errors="0" time="[0-9.]+">/);
    expect(xml).toContain('<failure type="finbound.checks" message="failed: outcome, within_budget, claims.count"');
    expect(r.stdout).toContain("wrote");
  });

  it.each([
    [["--format", "yaml"], /--format must be one of table, json, junit/],
    [["--fixture", "nope"], /^finbound eval: unknown_fixture: unknown fixture nope/],
    [["--candidate", "reads-in-scope-other", "--fixture", "fv-scenario-a"], /^finbound eval: unknown_candidate: fixture fv-scenario-a has no candidate reads-in-scope-other/],
    [["--candidate", "nobody"], /^finbound eval: unknown_candidate: no fixture has a candidate named nobody/],
    [["--bogus"], /Unknown option '--bogus'/],
  ])("exits 2 with a clear message for %j", async (args, message) => {
    const r = await cli("eval", args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 2 naming an unreadable fixture file", async () => {
    const dir = tmp();
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    mkdirSync(join(dir, "x.json"));
    const r = await cli("eval", ["--fixtures", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^finbound eval: unreadable_file: .*x\.json: cannot read the file/);
    expect(() => loadFixtureDir(dir)).toThrow(expect.objectContaining({ code: "unreadable_file", at: { file: expect.stringMatching(/x\.json$/) } }));
  });

  it("exits 2 naming the file and the field when a fixture file is invalid", async () => {
    const dir = tmp();
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    const fx = JSON.parse(readFileSync(join(dir, "missing-horizon.json"), "utf8")) as Record<string, unknown>;
    (fx.context as Record<string, unknown>).as_of = "31/03/2026";
    writeFileSync(join(dir, "missing-horizon.json"), JSON.stringify(fx));
    const r = await cli("eval", ["--fixtures", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^finbound eval: invalid_fixture: invalid fixture file\(s\):\n.*missing-horizon\.json: field "context\.as_of": expected a date as YYYY-MM-DD/);
    expect(() => loadFixtureDir(dir)).toThrow(expect.objectContaining({ code: "invalid_fixture", at: { file: expect.stringMatching(/missing-horizon\.json$/), path: ["context", "as_of"] } }));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("npm run score", () => {
  const traceFile = (dir: string, fixtureId: string, candidate: string) => {
    const fx = fixture(fixtureId);
    const trace = {
      format: "finbound.collected-trace/v1",
      fixture: fixtureId,
      candidate: { name: candidate, settings: {} },
      responses: (fx.candidates[candidate]?.replies ?? []).map((r) => ({ text: replyText(r), latency_ms: r.latency_ms ?? 800 })),
    };
    const file = join(dir, `${fixtureId}-${candidate}.json`);
    writeFileSync(file, JSON.stringify(trace));
    return file;
  };

  it("scores collected traces to the same verdicts as eval", async () => {
    const dir = tmp();
    const r = await cli("score", [traceFile(dir, "fv-scenario-a", "reference"), traceFile(dir, "injection-adviser-scope", "reads-in-scope-other"), "--format", "json", "--events"]);
    expect(r.status).toBe(1);
    const runs = ScoredRun.array().parse(JSON.parse(r.stdout));
    expect(runs.map((x) => [x.fixture, x.passed])).toEqual([["fv-scenario-a", true], ["injection-adviser-scope", false]]);
    const evalRun = ScoredRun.array().parse(JSON.parse((await cli("eval", ["--candidate", "reads-in-scope-other", "--format", "json"])).stdout))[0];
    expect(runs[1]?.verdicts).toEqual(evalRun?.verdicts);
  });

  it("reports each run's verdicts, result and counts without its events unless --events asks for them", async () => {
    const dir = tmp();
    const files = [traceFile(dir, "fv-scenario-a", "reference"), traceFile(dir, "injection-adviser-scope", "reads-in-scope-other")];
    const full = await cli("score", [...files, "--format", "json", "--events"]);
    const withEvents = ScoredRun.array().parse(JSON.parse(full.stdout));
    const plain = await cli("score", [...files, "--format", "json"]);
    expect(plain.status).toBe(full.status);
    const runs = JSON.parse(plain.stdout) as Record<string, unknown>[];
    expect(runs).toEqual(withEvents.map(({ events: _events, ...run }) => run));
    // The file is the same report, written as it is scored, and the table is printed beside it.
    const out = join(dir, "report.json");
    const written = await cli("score", [...files, "--format", "json", "--events", "--out", out]);
    expect(readFileSync(out, "utf8")).toBe(full.stdout);
    expect(written.stdout).toMatch(/1 passed, 1 failed\nwrote .*report\.json\n$/);
  });

  it("accepts a file holding an array of traces", async () => {
    const dir = tmp();
    const a = JSON.parse(readFileSync(traceFile(dir, "fv-scenario-a", "reference"), "utf8"));
    const b = JSON.parse(readFileSync(traceFile(dir, "missing-horizon", "reference"), "utf8"));
    const file = join(dir, "both.json");
    writeFileSync(file, JSON.stringify([a, b]));
    const r = await cli("score", [file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("2 passed, 0 failed");
  });

  it.each([
    ["not JSON", "{", /^finbound score: not_json: .*bad\.json: the file is not valid JSON: it ends before its value does$/m],
    ["a wrong format", JSON.stringify({ format: "other", fixture: "x", candidate: { name: "c" }, responses: [] }), /^finbound score: not_finbound: .*bad\.json: not a finbound file: its format is "other"/],
    ["an unknown fixture", JSON.stringify({ format: "finbound.collected-trace/v1", fixture: "nope", candidate: { name: "c" }, responses: [] }), /^finbound score: unknown_fixture: .*bad\.json: field "fixture": unknown fixture "nope"/],
  ])("exits 2 naming the file for %s", async (_what, content, message) => {
    const file = join(tmp(), "bad.json");
    writeFileSync(file, content);
    const r = await cli("score", [file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("exits 2 in the file reader's words for a file it refuses (BOM, invalid UTF-8, duplicate key, size)", async () => {
    const dir = tmp();
    const good = readFileSync(traceFile(dir, "fv-scenario-a", "reference"));
    const write = (name: string, bytes: Uint8Array) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    const bom = write("bom.json", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good]));
    const latin1 = write("latin1.json", Buffer.concat([good.subarray(0, 10), Buffer.from([0xe9]), good.subarray(10)]));
    const twice = write("twice.json", Buffer.from(good.toString("utf8").replace('"latency_ms":', '"latency_ms":1,"latency_ms":')));
    expect(await cli("score", [bom])).toEqual({ status: 2, stdout: "", stderr: `finbound score: byte_order_mark: ${bom}: the file starts with a byte-order mark (save it as UTF-8 without one)\n` });
    expect(await cli("score", [latin1])).toMatchObject({ status: 2, stderr: `finbound score: not_utf8: ${latin1}: the file is not valid UTF-8 (byte 10)\n` });
    expect(await cli("score", [twice])).toMatchObject({ status: 2, stderr: `finbound score: duplicate_key: ${twice}: a key appears twice in one object ("latency_ms" at $.responses[0])\n` });
    expect(await cli("score", [bom, "--max-bytes", "100"])).toMatchObject({ status: 2, stderr: `finbound score: too_large: ${bom}: the file is larger than 100 bytes\n` });
    expect(await cli("score", [bom, "--max-bytes", "lots"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--max-bytes must be a whole number of bytes") });
  });

  it("exits 2 for a missing file or no file at all", async () => {
    expect(await cli("score", ["/nonexistent/trace.json"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/trace\.json: cannot read the file/) });
    expect(await cli("score", [])).toMatchObject({ status: 2, stderr: expect.stringMatching(/no file given/) });
  });
});

describe("npm run score on what eval writes", () => {
  const dir = tmp();
  const ids = loadFixtures().map((f) => f.id);
  const judged = (runs: ScoredRun[]) => runs.map((r) => ({ run: `${r.fixture}#${r.trial}`, outcome: r.outcome, verdicts: r.verdicts }));

  it("scores a JSONL suite (eval --format jsonl) to eval's verdicts, in plan order even when its lines are not", async () => {
    const jsonl = join(dir, "runs.jsonl");
    expect((await cli("eval", ["--trials", "2", "--format", "jsonl", "--out", jsonl])).status).toBe(0);
    const evaluated = ScoredRun.array().parse(JSON.parse((await cli("eval", ["--trials", "2", "--format", "json"])).stdout));
    // The same runs written in another order, sealed as written: a pool's completion order.
    const [header, ...rest] = readFileSync(jsonl, "utf8").trim().split("\n");
    const runs = rest.slice(0, -1).map((l) => ScoredRunExport.parse(JSON.parse(l)));
    const lines: string[] = [];
    const writer = new JsonlSuiteWriter(JsonlSuiteHeader.parse(JSON.parse(header ?? "")), (l) => lines.push(l), nodeSha256);
    for (const run of [...runs].reverse()) writer.add(run);
    await writer.end();
    const reversed = join(dir, "reversed.jsonl");
    writeFileSync(reversed, `${lines.join("\n")}\n`);
    for (const file of [jsonl, reversed]) {
      const r = await cli("score", [file, "--format", "json", "--events"]);
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
      const scored = ScoredRun.array().parse(JSON.parse(r.stdout));
      expect(scored.map((x) => `${x.fixture}#${x.trial}`)).toEqual(ids.flatMap((id) => [`${id}#1`, `${id}#2`]));
      expect(judged(scored)).toEqual(judged(evaluated));
    }
    const table = (await cli("score", [reversed])).stdout.split("\n").filter((l) => / PASS | FAIL /.test(l));
    expect(table.map((l) => l.split(/\s+/).slice(0, 3).join(" "))).toEqual(ids.flatMap((id) => [`${id} reference 1`, `${id} reference 2`]));
    // A note the same for every run is said once.
    const asked = await cli("score", [reversed, "--repair"]);
    expect(asked.stderr).toBe(`note: ${reversed}: all ${runs.length} runs: the trace was collected with repair off: replayed so, whatever the command line says\n`);
    const junit = (await cli("score", [reversed, "--format", "junit"])).stdout;
    expect([...junit.matchAll(/<testcase name="([^"]+)" classname="([^"]+)"/g)].map((m) => `${m[2]}: ${m[1]}`)).toEqual(ids.flatMap((id) => [`reference: ${id} trial 1`, `reference: ${id} trial 2`]));
  });

  it("scores a sealed suite (eval --export) and a lone sealed run", async () => {
    const suite = join(dir, "suite.json");
    expect((await cli("eval", ["--candidate", "alters-input", "--export", suite])).status).toBe(1);
    const r = await cli("score", [suite, "--format", "json", "--events"]);
    expect(r.status).toBe(1);
    const evaluated = ScoredRun.array().parse(JSON.parse((await cli("eval", ["--candidate", "alters-input", "--format", "json"])).stdout));
    expect(judged(ScoredRun.array().parse(JSON.parse(r.stdout)))).toEqual(judged(evaluated));
    const one = join(dir, "one.json");
    writeFileSync(one, JSON.stringify(ScoredSuiteExport.parse(JSON.parse(readFileSync(suite, "utf8"))).runs[0]));
    expect(await cli("score", [one])).toMatchObject({ status: 1, stderr: "" });
  });

  it("refuses a file changed after export in verify's words (exit 2), and notes a fixture changed since", async () => {
    const jsonl = join(dir, "edited-source.jsonl");
    await cli("eval", ["--fixture", "fv-scenario-a", "--format", "jsonl", "--out", jsonl]);
    const edited = join(dir, "edited.jsonl");
    writeFileSync(edited, readFileSync(jsonl, "utf8").replace('"passed":true', '"passed":false'));
    const r = await cli("score", [edited]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^finbound score: broken_seal: ${edited}: NOT VERIFIED — run 0 \\(line 2\\): `));
    const fixtures = join(dir, "fixtures");
    cpSync(FIXTURE_DIR, fixtures, { recursive: true });
    const fx = JSON.parse(readFileSync(join(fixtures, "fv-scenario-a.json"), "utf8")) as { title: string };
    writeFileSync(join(fixtures, "fv-scenario-a.json"), JSON.stringify({ ...fx, title: `${fx.title} (edited)` }));
    const changed = await cli("score", [jsonl, "--fixtures", fixtures]);
    expect(changed.status).toBe(0);
    expect(changed.stderr).toContain(`note: ${jsonl}: fixture "fv-scenario-a" has changed since the file was written (content hash differs, 1 run(s))`);
  });

  it.each([
    ["annotations", { format: "finbound.annotations/v1", annotations: [] }, "no_replies", "a finbound.annotations/v1 file holds no replies to score"],
    ["a matrix report", { format: "finbound.matrix-report/v1", candidate: "obedient", runs: [] }, "no_replies", "a finbound.matrix-report/v1 file holds no replies to score"],
    ["a JSON file of another kind", { name: "not ours" }, "not_finbound", "not a finbound file: it declares no format (score reads finbound.collected-trace/v1, finbound.scored-run/v1, finbound.scored-suite/v1 and finbound.scored-suite/v1+jsonl)"],
  ])("refuses %s with exit 2, naming what it is", async (_what, value, code, message) => {
    const file = join(dir, "other.json");
    writeFileSync(file, JSON.stringify(value));
    expect(await cli("score", [file])).toEqual({ status: 2, stdout: "", stderr: `finbound score: ${code}: ${file}: ${message}\n` });
  });
});
