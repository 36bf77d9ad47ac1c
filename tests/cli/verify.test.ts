import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as matrixMain } from "../../src/cli/matrix.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import type { ScoredSuiteExport } from "../../src/schemas/export.ts";
import { flippedSuite } from "../integrity/forged.ts";
import { FIXTURE_DIR, loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";
import { HOSTILE_FILES_TIMEOUT_MS, hostileExports } from "./hostile-files.ts";

const verify = (args: string[]) => runCli(verifyMain, args);

describe("npm run verify", () => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-verify-"));
  const file = join(dir, "suite.json");
  beforeAll(async () => {
    expect((await runCli(evalMain, ["--export", file])).status).toBe(0);
  });

  it("says verified for an untouched export, and what it checked (exit 0)", async () => {
    const r = await verify([file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${file}: verified (${loadFixtures().length} runs); sealed, unsigned; re-scored: every run's verdicts are its replay's\n`);
  });

  it("refuses a verdict flipped and sealed again with finbound's own sealSuite, naming the run and the check (exit 1)", async () => {
    const suite = JSON.parse(readFileSync(file, "utf8")) as ScoredSuiteExport;
    const fv = suite.runs.findIndex((r) => r.fixture.id === "fv-scenario-a");
    const { suite: forged, check } = await flippedSuite(suite, fv);
    const flipped = join(dir, "flipped.json");
    writeFileSync(flipped, JSON.stringify(forged));
    const r = await verify([flipped]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(`${flipped}: REFUSED — 1 of ${suite.runs.length} run(s) state verdicts their replay does not give (verdicts_differ): run ${fv} (fv-scenario-a / reference): check ${check} (the file says fail, the replay pass)\n`);
    // The seals hold: the fast check accepts the file, and says what it left unchecked.
    const fast = await verify([flipped, "--seal-only"]);
    expect(fast).toEqual({ status: 0, stderr: "", stdout: `${flipped}: verified (${suite.runs.length} runs); sealed, unsigned; not re-scored (--seal-only): the verdicts are the file's word, unchecked\n` });
  });

  it("replays an attack-matrix suite against the matrix's generated fixtures", async () => {
    const matrix = join(dir, "matrix.json");
    expect((await runCli(matrixMain, ["--candidate", "reference", "--task", "fv-scenario-a", "--export", matrix])).status).toBe(0);
    expect(await verify([matrix])).toMatchObject({ status: 0, stdout: expect.stringMatching(/matrix\.json: verified \(\d+ runs\); sealed, unsigned; re-scored/) });
  });

  it("exits 2 when a run's fixture is not in the folder it replays against", async () => {
    const only = mkdtempSync(join(tmpdir(), "finbound-verify-fixtures-"));
    writeFileSync(join(only, "fv-scenario-a.json"), readFileSync(join(FIXTURE_DIR, "fv-scenario-a.json")));
    const r = await verify([file, "--fixtures", only]);
    expect(r).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown fixture") });
    expect(r.stderr).toContain("--fixtures DIR");
  });

  it("names the event whose number was edited (exit 1)", async () => {
    const suite = JSON.parse(readFileSync(file, "utf8")) as { runs: { fixture: { id: string }; events: { kind: string; data?: Record<string, unknown> }[] }[] };
    const fv = suite.runs.findIndex((r) => r.fixture.id === "fv-scenario-a");
    const events = suite.runs[fv]!.events;
    const index = events.findIndex((e) => e.kind === "observation");
    events[index]!.data!.value = 3345563.95;
    const tampered = join(dir, "tampered.json");
    writeFileSync(tampered, JSON.stringify(suite));
    const r = await verify([tampered]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`NOT VERIFIED — run ${fv} (fv-scenario-a / reference): event #${index + 1} (observation call-1) breaks the hash chain`);
  });

  it("catches a run removed from a suite through the suite digest", async () => {
    const suite = JSON.parse(readFileSync(file, "utf8")) as { runs: unknown[] };
    suite.runs.pop();
    const shorter = join(dir, "shorter.json");
    writeFileSync(shorter, JSON.stringify(suite));
    const r = await verify([shorter]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/suite digest does not match/);
  });

  it("exits 2 for a file it cannot read or does not know", async () => {
    expect(await verify([join(dir, "nope.json")])).toMatchObject({ status: 2, stderr: expect.stringMatching(/cannot read the file/) });
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ format: "finbound.collected-trace/v1" }));
    expect(await verify([other])).toMatchObject({ status: 2, stderr: expect.stringMatching(/unknown format/) });
    expect(await verify([])).toMatchObject({ status: 2 });
    expect(await verify([file, "--max-bytes", "0"])).toMatchObject({ status: 2, stderr: expect.stringContaining("--max-bytes must be a whole number of bytes ≥ 1 (got 0)") });
  });

  it("ignores prototype keys, as import does: an export with them added at the top still verifies", async () => {
    const withProto = join(dir, "proto.json");
    writeFileSync(withProto, readFileSync(file, "utf8").replace(/^\{/, '{"__proto__":{"x":1},"constructor":{"name":"x"},'));
    expect(await verify([withProto])).toMatchObject({ status: 0, stdout: expect.stringContaining("verified") });
  });

  it("exits 2 naming the problem for every file the reader refuses — including a duplicate key deep inside events, which once said verified", async () => {
    for (const hostile of hostileExports(readFileSync(file))) {
      const path = join(dir, hostile.name);
      writeFileSync(path, hostile.bytes);
      for (const mode of [[], ["--seal-only"]]) {
        const r = await verify([path, ...hostile.cliArgs, ...mode]);
        expect({ name: hostile.name, mode, ...r }).toEqual({ name: hostile.name, mode, status: 2, stdout: "", stderr: `finbound verify: ${hostile.code}: ${path}: ${hostile.message}\n` });
      }
    }
  }, HOSTILE_FILES_TIMEOUT_MS);
});
