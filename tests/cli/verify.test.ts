import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixtures } from "../support.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const run = (script: string, args: string[]) => spawnSync(TSX, [join(ROOT, "src", "cli", `${script}.ts`), ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });

describe("npm run verify", () => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-verify-"));
  const file = join(dir, "suite.json");
  run("eval", ["--export", file]);

  it("says verified for an untouched export (exit 0)", () => {
    const r = run("verify", [file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`suite\\.json: verified \\(${loadFixtures().length} runs\\)`));
  });

  it("names the event whose number was edited (exit 1)", () => {
    const suite = JSON.parse(readFileSync(file, "utf8")) as { runs: { fixture: { id: string }; events: { kind: string; data?: Record<string, unknown> }[] }[] };
    const fv = suite.runs.findIndex((r) => r.fixture.id === "fv-scenario-a");
    const events = suite.runs[fv]!.events;
    const index = events.findIndex((e) => e.kind === "observation");
    events[index]!.data!.value = 3345563.95;
    const tampered = join(dir, "tampered.json");
    writeFileSync(tampered, JSON.stringify(suite));
    const r = run("verify", [tampered]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`NOT VERIFIED — run ${fv} (fv-scenario-a / reference): event #${index} (observation call-1) breaks the hash chain`);
  });

  it("catches a run removed from a suite through the suite digest", () => {
    const suite = JSON.parse(readFileSync(file, "utf8")) as { runs: unknown[] };
    suite.runs.pop();
    const shorter = join(dir, "shorter.json");
    writeFileSync(shorter, JSON.stringify(suite));
    const r = run("verify", [shorter]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/suite digest does not match/);
  });

  it("exits 2 for a file it cannot read or does not know", () => {
    expect(run("verify", [join(dir, "nope.json")])).toMatchObject({ status: 2, stderr: expect.stringMatching(/cannot read the file/) });
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ format: "finbound.collected-trace/v1" }));
    expect(run("verify", [other])).toMatchObject({ status: 2, stderr: expect.stringMatching(/unknown format/) });
    expect(run("verify", [])).toMatchObject({ status: 2 });
  });
});
