import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importFloor } from "../../src/cli/bench-floor.ts";
import { main } from "../../src/cli/bench.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { runCli } from "./run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "finbound-bench-import-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The figures are timings and are never asserted; this checks that every measurement runs and is reported.
describe("npm run bench -- --import", () => {
  it("reports bare JSON.parse, the import pipeline, their ratio and the floor under any verifying import", async () => {
    const file = join(dir, "suite-12.json");
    const r = await runCli(main, ["--import", file, "--generate", "12"]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    expect(r.stdout).toMatch(/12 runs, verified \(12 runs\)/);
    expect(r.stdout).toMatch(/bare JSON\.parse +\d+ ms/);
    expect(r.stdout).toMatch(/import pipeline +\d+ ms/);
    expect(r.stdout).toMatch(/pipeline \/ JSON\.parse +[\d.]+x the time: [\d.]+ of JSON\.parse's speed/);
    expect(r.stdout).toMatch(/floor: read \+ hash only +\d+ ms +\([\d.]+ of JSON\.parse's speed/);
    expect(r.stdout).toMatch(/every run replayed +\d+ ms +\(no replay kept for alike runs: .*, [\d.]+x the time: [\d.]+ of JSON\.parse's speed/);
  });

  it("says how many runs were replayed: a suite's later trials are alike to its first", async () => {
    // Every scripted candidate of every fixture in turn: more runs than candidates repeat some.
    const file = join(dir, "trials-80.jsonl");
    const r = await runCli(main, ["--import", file, "--generate", "80"]);
    expect(r).toMatchObject({ status: 0, stderr: "" });
    const replayed = Number(/; (\d+) of 80 runs replayed, the rest alike to one of them/.exec(r.stdout)?.[1]);
    expect(replayed).toBeGreaterThan(0);
    expect(replayed).toBeLessThan(80);
  });

  it("the floor reads and seals every run of a suite, whole or as JSON Lines", async () => {
    for (const name of ["floor-5.json", "floor-5.jsonl"]) {
      const file = join(dir, name);
      expect((await runCli(main, ["--import", file, "--generate", "5"])).status).toBe(0);
      expect(await importFloor(readFileSync(file), name.endsWith(".jsonl"), nodeSha256)).toBe(5);
    }
  });
});
