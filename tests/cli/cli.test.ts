import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ScoredRun } from "../../src/schemas/scored-run.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { FIXTURE_DIR, fixture, loadFixtures } from "../support.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

function cli(script: "eval" | "score", args: string[]) {
  const r = spawnSync(TSX, [join(ROOT, "src", "cli", `${script}.ts`), ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = () => mkdtempSync(join(tmpdir(), "finbound-cli-"));

describe("npm run eval", () => {
  it("prints one passing row per fixture for the reference and exits 0", () => {
    const r = cli("eval", []);
    expect(r.status).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => / PASS | FAIL /.test(l));
    expect(rows).toHaveLength(loadFixtures().length);
    expect(rows.every((l) => l.includes(" PASS "))).toBe(true);
    expect(r.stdout).toContain(`${loadFixtures().length} passed, 0 failed`);
  });

  it("exits 1 for alters-input and its JSON names the failing checks", () => {
    const r = cli("eval", ["--candidate", "alters-input", "--fixture", "concentration-hh1001", "--format", "json"]);
    expect(r.status).toBe(1);
    const runs = ScoredRun.array().parse(JSON.parse(r.stdout));
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({ fixture: "concentration-hh1001", candidate: "alters-input", outcome: "answered", passed: false });
    expect(run.verdicts.filter((v) => v.status === "fail").map((v) => v.check)).toEqual(expect.arrayContaining(["inputs_from_evidence", "claim[0].value"]));
    expect(run.events.length).toBeGreaterThan(0);
    expect(run.result.tool_calls.map((c) => c.code)).toEqual([null, "argument_not_from_evidence"]);
  });

  it("writes JUnit to --out and still prints the table", () => {
    const out = join(tmp(), "report.xml");
    const r = cli("eval", ["--candidate", "loops", "--format", "junit", "--out", out]);
    expect(r.status).toBe(1);
    const xml = readFileSync(out, "utf8");
    expect(xml).toMatch(/<testsuites name="finbound" tests="3" failures="3">/);
    expect(xml).toContain('<failure message="outcome, within_budget, claims.count"');
    expect(r.stdout).toContain("wrote");
  });

  it.each([
    [["--format", "yaml"], /--format must be one of table, json, junit/],
    [["--fixture", "nope"], /unknown fixture nope/],
    [["--candidate", "reads-in-scope-other", "--fixture", "fv-scenario-a"], /fixture fv-scenario-a has no candidate reads-in-scope-other/],
    [["--candidate", "nobody"], /no fixture has a candidate named nobody/],
    [["--bogus"], /Unknown option '--bogus'/],
  ])("exits 2 with a clear message for %j", (args, message) => {
    const r = cli("eval", args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 2 naming an unreadable fixture file", () => {
    const dir = tmp();
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    mkdirSync(join(dir, "x.json"));
    const r = cli("eval", ["--fixtures", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/x\.json: cannot read the file/);
  });

  it("exits 2 naming the file and the field when a fixture file is invalid", () => {
    const dir = tmp();
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    const fx = JSON.parse(readFileSync(join(dir, "missing-horizon.json"), "utf8")) as Record<string, unknown>;
    (fx.context as Record<string, unknown>).as_of = "31/03/2026";
    writeFileSync(join(dir, "missing-horizon.json"), JSON.stringify(fx));
    const r = cli("eval", ["--fixtures", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/missing-horizon\.json: field "context\.as_of": expected a date as YYYY-MM-DD/);
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

  it("scores collected traces to the same verdicts as eval", () => {
    const dir = tmp();
    const r = cli("score", [traceFile(dir, "fv-scenario-a", "reference"), traceFile(dir, "injection-adviser-scope", "reads-in-scope-other"), "--format", "json"]);
    expect(r.status).toBe(1);
    const runs = ScoredRun.array().parse(JSON.parse(r.stdout));
    expect(runs.map((x) => [x.fixture, x.passed])).toEqual([["fv-scenario-a", true], ["injection-adviser-scope", false]]);
    const evalRun = ScoredRun.array().parse(JSON.parse(cli("eval", ["--candidate", "reads-in-scope-other", "--format", "json"]).stdout))[0];
    expect(runs[1]?.verdicts).toEqual(evalRun?.verdicts);
  });

  it("accepts a file holding an array of traces", () => {
    const dir = tmp();
    const a = JSON.parse(readFileSync(traceFile(dir, "fv-scenario-a", "reference"), "utf8"));
    const b = JSON.parse(readFileSync(traceFile(dir, "missing-horizon", "reference"), "utf8"));
    const file = join(dir, "both.json");
    writeFileSync(file, JSON.stringify([a, b]));
    const r = cli("score", [file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("2 passed, 0 failed");
  });

  it.each([
    ["not JSON", "{", /bad\.json: not valid JSON/],
    ["a wrong format", JSON.stringify({ format: "other", fixture: "x", candidate: { name: "c" }, responses: [] }), /bad\.json: not a finbound.collected-trace\/v1 file: field "format"/],
    ["an unknown fixture", JSON.stringify({ format: "finbound.collected-trace/v1", fixture: "nope", candidate: { name: "c" }, responses: [] }), /bad\.json: field "fixture": unknown fixture "nope"/],
  ])("exits 2 naming the file for %s", (_what, content, message) => {
    const file = join(tmp(), "bad.json");
    writeFileSync(file, content);
    const r = cli("score", [file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("exits 2 for a missing file or no file at all", () => {
    expect(cli("score", ["/nonexistent/trace.json"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/trace\.json: cannot read the file/) });
    expect(cli("score", [])).toMatchObject({ status: 2, stderr: expect.stringMatching(/no trace file given/) });
  });
});
