import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import { loadFixtures } from "../support.ts";
import { runCli } from "./run-cli.ts";
import { HOSTILE_FILES_TIMEOUT_MS, hostileExports } from "./hostile-files.ts";

const verify = (args: string[]) => runCli(verifyMain, args);

describe("npm run verify", () => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-verify-"));
  const file = join(dir, "suite.json");
  beforeAll(async () => {
    expect((await runCli(evalMain, ["--export", file])).status).toBe(0);
  });

  it("says verified for an untouched export (exit 0)", async () => {
    const r = await verify([file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`suite\\.json: verified \\(${loadFixtures().length} runs\\)`));
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
    expect(r.stdout).toContain(`NOT VERIFIED — run ${fv} (fv-scenario-a / reference): event #${index} (observation call-1) breaks the hash chain`);
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
      const r = await verify([path, ...hostile.cliArgs]);
      expect({ name: hostile.name, ...r }).toEqual({ name: hostile.name, status: 2, stdout: "", stderr: `finbound verify: ${path}: ${hostile.message}\n` });
    }
  }, HOSTILE_FILES_TIMEOUT_MS);
});
