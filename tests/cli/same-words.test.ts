import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as scoreMain } from "../../src/cli/score.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import { MAX_IMPORT_BYTES } from "../../src/state/io/io-slice.ts";
import { makeStore } from "../state/test-deps.ts";
import { HOSTILE_FILES_TIMEOUT_MS, hostileExports } from "./hostile-files.ts";
import { runCli } from "./run-cli.ts";

/** The workbench's import of a picked file (the store action the Import button calls), its notice, and how many bytes it read. */
async function workbenchImport(name: string, bytes: Uint8Array): Promise<{ ok: boolean; notice: string | undefined; read: number }> {
  const store = makeStore();
  let read = 0;
  const ok = await store.getState().importFile(name, {
    size: bytes.length,
    async *chunks() {
      for (let at = 0; at < bytes.length; at += 65536) {
        read += Math.min(65536, bytes.length - at);
        yield bytes.subarray(at, at + 65536);
      }
    },
  });
  return { ok, notice: store.getState().notice?.text, read };
}

describe("what the workbench refuses, the CLI refuses with the same words (contract §8a)", () => {
  const dir = mkdtempSync(join(tmpdir(), "finbound-same-words-"));
  const suite = join(dir, "suite.json");
  beforeAll(async () => {
    expect((await runCli(evalMain, ["--fixture", "concentration-hh1001", "--fixture", "fv-scenario-a", "--export", suite])).status).toBe(0);
  });

  it("the CLI's --max-bytes for the comparison is the workbench's import cap", () => {
    expect(MAX_IMPORT_BYTES).toBe(256 * 1024 * 1024);
  });

  it("for sealed exports: npm run verify, npm run score and Import", async () => {
    for (const hostile of hostileExports(readFileSync(suite))) {
      const path = join(dir, hostile.name);
      writeFileSync(path, hostile.bytes);
      const cli = await runCli(verifyMain, [path, ...hostile.cliArgs]);
      const score = await runCli(scoreMain, [path, ...hostile.cliArgs]);
      const workbench = await workbenchImport(hostile.name, hostile.bytes);
      expect(cli.status, hostile.name).toBe(2);
      expect(cli.stderr).toBe(`finbound verify: ${hostile.code}: ${path}: ${hostile.message}\n`);
      expect({ status: score.status, stderr: score.stderr }).toEqual({ status: 2, stderr: `finbound score: ${hostile.code}: ${path}: ${hostile.message}\n` });
      expect(workbench).toMatchObject({ ok: false, notice: `Import failed — ${hostile.name}: ${hostile.message}` });
    }
  }, HOSTILE_FILES_TIMEOUT_MS);

  it("an oversized file is refused by its size once its first line shows it is not a JSONL suite, unread beyond that", async () => {
    const big = hostileExports(readFileSync(suite)).find((h) => h.name === "too-large.json")!;
    const result = await workbenchImport(big.name, big.bytes);
    expect(result).toMatchObject({ ok: false, notice: `Import failed — too-large.json: ${big.message}` });
    expect(result.read).toBeLessThan(big.bytes.length / 10);
  }, HOSTILE_FILES_TIMEOUT_MS);

  it("for collected traces: npm run score and Import", async () => {
    const trace = new TextEncoder().encode(
      JSON.stringify({ format: "finbound.collected-trace/v1", fixture: "missing-horizon", candidate: { name: "m" }, responses: [{ text: '{"decision":"final"}', latency_ms: 5 }] }),
    );
    const files: [string, Uint8Array, string, string][] = [
      ["bom-trace.json", Uint8Array.from([0xef, 0xbb, 0xbf, ...trace]), "byte_order_mark", "the file starts with a byte-order mark (save it as UTF-8 without one)"],
      ["latin1-trace.json", Uint8Array.from([...trace.subarray(0, 3), 0xe9, ...trace.subarray(3)]), "not_utf8", "the file is not valid UTF-8 (byte 3)"],
      ["twice-trace.json", new TextEncoder().encode(new TextDecoder().decode(trace).replace('"name":"m"', '"name":"m","name":"n"')), "duplicate_key", 'a key appears twice in one object ("name" at $.candidate)'],
      ["bad-trace.json", new TextEncoder().encode(new TextDecoder().decode(trace).replace('"latency_ms":5', '"latency_ms":"5"')), "invalid_trace", 'not a finbound.collected-trace/v1 file: field "responses[0].latency_ms": Invalid input: expected number, received string'],
    ];
    for (const [name, bytes, code, message] of files) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const cli = await runCli(scoreMain, [path]);
      expect({ name, status: cli.status, stderr: cli.stderr }).toEqual({ name, status: 2, stderr: `finbound score: ${code}: ${path}: ${message}\n` });
      expect(await workbenchImport(name, bytes)).toMatchObject({ ok: false, notice: `Import failed — ${name}: ${message}` });
    }
  });
});
