import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * The precompiled CLI that `npm run eval|score|verify|…` starts (scripts/build-cli.mjs, run by
 * `prepare` on `npm ci`). Every other CLI test calls main in-process on the sources; these check
 * that the bundles are built, find the repository's fixtures from any working directory, and run.
 * Measured on this 2-core machine: the build 0.5–1.5 s, each bundled command 0.2–0.4 s, 1–3 s with
 * the whole test run beside it; 60 s leaves room for a far busier machine.
 */
const TIMEOUT_MS = 60_000;

type Exit = { status: number | null; stdout: string; stderr: string };

function node(args: string[], cwd: string): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, encoding: "utf8", timeout: TIMEOUT_MS }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** The package.json scripts that start a bundle, and the bundle each names. */
function bundledScripts(): [string, string][] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return Object.entries(scripts).flatMap(([name, command]) => {
    // Node flags may come first (bench: --expose-gc).
    const bundle = /^node (?:--\S+ )*(dist-cli\/\S+\.js)/.exec(command)?.[1];
    return bundle ? [[name, bundle] as [string, string]] : [];
  });
}

describe("the precompiled CLI (a real process each)", () => {
  let build: Exit;
  beforeAll(async () => {
    build = await node([join(ROOT, "scripts", "build-cli.mjs")], ROOT);
  }, TIMEOUT_MS);

  it("builds, and every script that starts a bundle names one that was built", () => {
    expect(build).toMatchObject({ status: 0, stderr: "" });
    const scripts = bundledScripts();
    expect(scripts.map(([name]) => name)).toEqual(expect.arrayContaining(["eval", "score", "verify", "merge", "bench", "fuzz", "load", "sim"]));
    for (const [name, bundle] of scripts) expect(existsSync(join(ROOT, bundle)), `npm run ${name}: ${bundle}`).toBe(true);
  });

  it(
    "the bundled eval finds the repository's fixtures from another working directory, prints its table and exits 0",
    async () => {
      const r = await node([join(ROOT, "dist-cli", "cli", "eval.js"), "--fixture", "fv-scenario-a"], tmpdir());
      expect(r).toMatchObject({ status: 0, stderr: "", stdout: expect.stringContaining("1 passed, 0 failed") });
    },
    TIMEOUT_MS,
  );

  it(
    "the bundled verify exits 2 with the reader's words on stderr",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "finbound-bundle-")), "bom.json");
      writeFileSync(file, "\uFEFF{}");
      const r = await node([join(ROOT, "dist-cli", "cli", "verify.js"), file], ROOT);
      expect(r).toEqual({ status: 2, stdout: "", stderr: `finbound verify: byte_order_mark: ${file}: the file starts with a byte-order mark (save it as UTF-8 without one)\n` });
    },
    TIMEOUT_MS,
  );
});
