import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as reportMain } from "../../src/cli/export-report.ts";
import { decodeJson, spansOf } from "../interop/otlp-decode.ts";
import { runCli } from "./run-cli.ts";

const report = (args: string[]) => runCli(reportMain, args);

describe("npm run report", () => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-report-"));
  const suite = join(dir, "suite.json");
  const jsonl = join(dir, "suite.jsonl");
  beforeAll(async () => {
    expect((await runCli(evalMain, ["--candidate", "reads-other-household", "--export", suite])).status).toBe(1);
    expect((await runCli(evalMain, ["--candidate", "reads-other-household", "--format", "jsonl", "--out", jsonl])).status).toBe(1);
  });

  it("writes one HTML page for a verified suite (exit 0) and says what the seals showed", async () => {
    const out = join(dir, "suite.html");
    const r = await report([suite, "--out", out]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    expect(r.stdout).toBe(`wrote ${out} (html, 7 run(s)); ${suite}: seals verified (7 runs)\n`);
    const html = readFileSync(out, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<div class="seal seal-verified"><b>Seals verified</b>: verified (7 runs)');
    expect(html).toContain('<div class="stat pass"><b>7</b>as designed</div>');
  });

  it("writes OTLP/JSON to standard output that OpenTelemetry's types read back", async () => {
    const r = await report([jsonl, "--format", "otlp"]);
    expect(r.status).toBe(0);
    const spans = spansOf(decodeJson(r.stdout).request);
    expect(spans.filter((s) => s.parentSpanId === null)).toHaveLength(7);
    expect(spans.filter((s) => s.attributes["gen_ai.security.decision.type"] === "deny").length).toBeGreaterThanOrEqual(7);
  });

  it("still writes the report of an edited file, marked NOT VERIFIED, and exits 1", async () => {
    const parsed = JSON.parse(readFileSync(suite, "utf8")) as { runs: { result: { message: string } }[] };
    parsed.runs[0]!.result.message = "edited after export";
    const edited = join(dir, "edited.json");
    writeFileSync(edited, JSON.stringify(parsed));
    const r = await report([edited]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^warning: .*edited\.json: NOT VERIFIED — run 0 /);
    expect(r.stdout).toContain('<div class="seal seal-broken"><b>NOT VERIFIED — the file was changed after export</b>: run 0 ');
    const otlp = await report([edited, "--format", "otlp"]);
    expect(otlp.status).toBe(1);
    expect(otlp.stdout).toContain('"key":"finbound.seal.status","value":{"stringValue":"broken"}');
  });

  it("exits 2 on an unreadable file, an unknown format and bad usage", async () => {
    expect(await report([join(dir, "nope.json")])).toMatchObject({ status: 2, stderr: expect.stringContaining("nope.json: cannot read the file") });
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ format: "finbound.collected-trace/v1" }));
    expect(await report([other])).toMatchObject({ status: 2, stderr: expect.stringMatching(/unknown format/) });
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{");
    expect(await report([broken])).toMatchObject({ status: 2, stderr: expect.stringMatching(/not valid JSON/) });
    expect(await report([])).toMatchObject({ status: 2, stderr: expect.stringContaining("give exactly one export file") });
    expect(await report([suite, "--format", "pdf"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--format must be one of html, otlp, otlp-proto (got pdf)") });
    expect(await report([suite, "--out", join(dir, "no-such-dir", "x.html")])).toMatchObject({ status: 2, stderr: expect.stringContaining("cannot write") });
  });
});
