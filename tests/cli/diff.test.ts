import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main as diffMain } from "../../src/cli/diff.ts";
import { main as evalMain } from "../../src/cli/eval.ts";
import { runCli } from "./run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "finbound-diff-"));
const suite = async (name: string, args: string[]): Promise<string> => {
  const file = join(dir, name);
  await runCli(evalMain, [...args, "--export", file]);
  return file;
};
/** One run of a suite export as a lone scored-run file (its own seal still holds). */
const lone = (suiteFile: string, name: string): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify((JSON.parse(readFileSync(suiteFile, "utf8")) as { runs: unknown[] }).runs[0]));
  return file;
};

describe("npm run diff", () => {
  it("two runs: side by side, the disclosing step marked; both as designed, so exit 0", async () => {
    const a = lone(await suite("ref.json", ["--fixture", "injection-adviser-scope"]), "a.json");
    const b = lone(await suite("bad.json", ["--fixture", "injection-adviser-scope", "--candidate", "reads-in-scope-other"]), "b.json");
    const run = await runCli(diffMain, [a, b]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^≠ +1 +decides final escalated +decides portfolio\.read \{"household":"HH-1002"\}$/m);
    expect(run.stdout).toMatch(/^≠ +DISCLOSED ev-1 portfolio\.read HH-1002$/m);
    expect(run.stdout).toContain("check no_out_of_scope_disclosure: pass → fail");
  });

  it("two suites: a regression exits 1 and is named; the same suite twice exits 0", async () => {
    const before = await suite("before.json", ["--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001"]);
    const after = join(dir, "after.json");
    // The same suite re-exported with the reference's answer broken: what a regression looks like.
    const edited = await suite("after-src.json", ["--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--candidate", "alters-input"]);
    const renamed = JSON.parse(readFileSync(edited, "utf8")) as { runs: { candidate: { name: string }; integrity?: unknown }[]; integrity?: unknown };
    for (const r of renamed.runs) {
      r.candidate.name = "reference";
      delete r.integrity;
    }
    delete renamed.integrity;
    writeFileSync(after, JSON.stringify(renamed));
    const run = await runCli(diffMain, [before, after]);
    expect(run.stderr).toMatch(/^warning: .*after\.json: /);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^2 run\(s\): 2 regressed, 0 fixed/);
    expect(run.stdout).toMatch(/^fv-scenario-a #1 +regressed +as designed \(passes\) → regression: also fails/m);
    expect((await runCli(diffMain, [before, before])).status).toBe(0);
  });

  it("refuses a file whose seal is broken, and anything but two files", async () => {
    const good = await suite("good.json", ["--fixture", "fv-scenario-a"]);
    const broken = join(dir, "broken.json");
    writeFileSync(broken, readFileSync(good, "utf8").replace("3345563.94", "3345563.95"));
    expect(await runCli(diffMain, [good, broken])).toMatchObject({ status: 2, stderr: expect.stringContaining(`${broken}: NOT VERIFIED`) });
    expect(await runCli(diffMain, [good])).toMatchObject({ status: 2, stderr: expect.stringContaining("give exactly two files") });
  });
});
