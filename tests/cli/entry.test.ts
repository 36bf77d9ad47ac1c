import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

/**
 * The only tests that start a process: each checks that a script's entry (what `npm run <script>`
 * starts) runs its main with the real arguments, streams and exit status. Everything else calls
 * main in-process. Measured on this 2-core machine: 0.8–1.8 s each, 4–7 s with four `yes > /dev/null`
 * and a mutation run beside the whole test run; 60 s leaves room for a far busier machine.
 */
const ENTRY_TIMEOUT_MS = 60_000;

function script(name: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [join(ROOT, "src", "cli", `${name}.ts`), ...args], { cwd: ROOT, encoding: "utf8", timeout: ENTRY_TIMEOUT_MS }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe("the scripts' entries (a real process each)", () => {
  it(
    "npm run eval prints its table and exits 0",
    async () => {
      const r = await script("eval", ["--fixture", "fv-scenario-a"]);
      expect(r).toMatchObject({ status: 0, stdout: expect.stringContaining("1 passed, 0 failed") });
    },
    ENTRY_TIMEOUT_MS,
  );

  it(
    "npm run verify exits 2 with the reader's words on stderr",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "finbound-entry-")), "bom.json");
      writeFileSync(file, "\uFEFF{}");
      const r = await script("verify", [file]);
      expect(r).toEqual({ status: 2, stdout: "", stderr: `finbound verify: byte_order_mark: ${file}: the file starts with a byte-order mark (save it as UTF-8 without one)\n` });
    },
    ENTRY_TIMEOUT_MS,
  );
});
