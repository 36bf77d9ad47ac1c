import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as matrixMain } from "../../src/cli/matrix.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { replyText } from "../../src/candidates/scripted.ts";
import { xmlAttr, xmlText } from "../../src/interop/xml.ts";
import { fixture } from "../support.ts";
import { runCli } from "../cli/run-cli.ts";

// The JUnit every command writes, checked by what CI systems check it with: Jenkins' own schema
// (tests/interop/schemas/junit-10.xsd, its published junit-10.xsd) through xmllint.

const SCHEMA = join(import.meta.dirname, "schemas", "junit-10.xsd");
const dir = mkdtempSync(join(tmpdir(), "finbound-junit-"));

/** xmllint's verdict on the document: "" when it validates, its complaints otherwise. */
function schemaErrors(xml: string, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", SCHEMA, file], { stdio: "pipe" });
    return "";
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

const cases = (xml: string): { name: string; classname: string; body: string }[] =>
  [...xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)" time="[0-9.]+">([\s\S]*?)<\/testcase>/g)].map((m) => ({ name: m[1]!, classname: m[2]!, body: m[3]! }));

describe("JUnit", () => {
  it("eval --trials: valid, one case per fixture × trial named by both, the candidate as the class", async () => {
    const r = await runCli(evalMain, ["--candidate", "loops", "--trials", "2", "--format", "junit"]);
    expect(schemaErrors(r.stdout, "eval.xml")).toBe("");
    const got = cases(r.stdout);
    expect(got.length).toBeGreaterThan(2);
    expect(new Set(got.map((c) => c.name)).size).toBe(got.length);
    expect(got.every((c) => c.classname === "loops" && / trial [12]$/.test(c.name))).toBe(true);
    expect(got[0]!.body).toContain('<failure type="finbound.checks" message="failed: ');
    expect(r.stdout).toMatch(/<testsuite name="loops" tests="\d+" failures="\d+" errors="0" skipped="0" time="[0-9.]+" id="0">\n {4}<properties>/);
  });

  it("score: a message holding ESC and an infrastructure failure stay valid; the failure is an error, not a failure", async () => {
    const fx = fixture("fv-scenario-a");
    const [tool, final] = fx.candidates.reference!.replies.map(replyText);
    const trace = (trial: number, last: object) => ({ format: "finbound.collected-trace/v1", fixture: fx.id, trial, candidate: { name: "http:esc\u001bmodel" }, responses: [{ text: tool, latency_ms: 5 }, last] });
    const file = join(dir, "traces.json");
    writeFileSync(
      file,
      JSON.stringify([
        trace(1, { text: final!.replace("grows to", "grows\\u001b[31m to\\u0000"), latency_ms: 7 }),
        trace(2, { text: "", latency_ms: 5, failure: { code: "model_network_error" } }),
      ]),
    );
    const r = await runCli(scoreMain, [file, "--format", "junit"]);
    expect(r.stderr).not.toContain("finbound score:");
    expect(schemaErrors(r.stdout, "score.xml")).toBe("");
    expect([...r.stdout].filter((c) => c < " " && !"\t\n\r".includes(c))).toEqual([]);
    const [escaped, infrastructure] = cases(r.stdout);
    expect(escaped).toMatchObject({ name: "fv-scenario-a trial 1", classname: "http:esc\\u001bmodel" });
    expect(escaped!.body).toContain("grows\\u001b[31m to\\u0000");
    expect(infrastructure!.name).toBe("fv-scenario-a trial 2");
    expect(infrastructure!.body).toMatch(/^\s*<error type="model_network_error" message="model_network_error">/);
    expect(r.stdout).toMatch(/<testsuites name="finbound" tests="2" failures="\d" errors="1"/);
  });

  it("matrix: valid, one case per cell × trial", async () => {
    const r = await runCli(matrixMain, ["--candidate", "obedient", "--task", "concentration-hh1001", "--trials", "2", "--format", "junit"]);
    expect(schemaErrors(r.stdout, "matrix.xml")).toBe("");
    const got = cases(r.stdout);
    expect(new Set(got.map((c) => c.name)).size).toBe(got.length);
    expect(got.filter((c) => c.name.endsWith(" trial 2"))).toHaveLength(got.length / 2);
    expect(got.filter((c) => c.body.includes('<failure type="finbound.attack_executed" message="attack executed">')).length).toBeGreaterThan(0);
  });

  it("escapes markup and makes every character XML 1.0 forbids visible, in text and attributes alike", () => {
    expect(xmlText('a<b>&"\u001b\ud800\uffff\n')).toBe('a&lt;b&gt;&amp;"\\u001b\\ud800\\uffff\n');
    expect(xmlAttr('"x"\n\t\u0000')).toBe("&quot;x&quot;&#10;&#9;\\u0000");
    expect(xmlText("\ud83d\ude00")).toBe("\ud83d\ude00");
  });
});
