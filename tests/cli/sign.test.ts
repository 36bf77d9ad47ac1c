import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main as evalMain } from "../../src/cli/eval.ts";
import { main as keygenMain } from "../../src/cli/keygen.ts";
import { main as matrixMain } from "../../src/cli/matrix.ts";
import { main as mergeMain } from "../../src/cli/merge.ts";
import { main as verifyMain } from "../../src/cli/verify.ts";
import type { ScoredSuiteExport } from "../../src/schemas/export.ts";
import { flippedSuite } from "../integrity/forged.ts";
import { runCli, type CliRun } from "./run-cli.ts";

// keygen → eval --sign → verify --key, and every way a signed file is refused.

const dir = mkdtempSync(join(tmpdir(), "finbound-sign-"));
const key = join(dir, "key");
const other = join(dir, "other");
const suite = join(dir, "suite.json");
const FINGERPRINT = /sha256:[0-9a-f]{64}/;
const verify = (args: string[]) => runCli(verifyMain, args);
const fingerprintIn = (r: CliRun): string => FINGERPRINT.exec(r.stdout)?.[0] ?? "none";

describe("signed results", () => {
  let signer = "";
  beforeAll(async () => {
    const made = await runCli(keygenMain, ["--out", key]);
    expect(made.status).toBe(0);
    signer = fingerprintIn(made);
    expect((await runCli(keygenMain, ["--out", other])).status).toBe(0);
    expect((await runCli(evalMain, ["--fixture", "fv-scenario-a", "--fixture", "missing-horizon", "--export", suite, "--sign", key])).status).toBe(0);
  });

  it("keygen writes the private key readable by its owner only, the public key beside it, and never overwrites either", async () => {
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(readFileSync(key, "utf8")).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(readFileSync(`${key}.pub`, "utf8")).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const again = await runCli(keygenMain, ["--out", key]);
    expect(again).toMatchObject({ status: 2, stderr: `finbound keygen: ${key} already exists: a key file is never overwritten (choose another --out, or remove it yourself)\n` });
    expect(await runCli(keygenMain, [])).toMatchObject({ status: 2, stderr: expect.stringContaining("--out FILE is required") });
  });

  it("eval --sign, then verify --key with its public key: exit 0, signed by its fingerprint", async () => {
    const r = await verify([suite, "--key", `${key}.pub`]);
    expect(r).toEqual({ status: 0, stderr: "", stdout: `${suite}: verified (2 runs); signed by ${signer}; re-scored: every run's verdicts are its replay's\n` });
    // Without --key, any valid signature is named.
    expect((await verify([suite])).stdout).toContain(`signed by ${signer}`);
  });

  it("the same file with another key: exit 1, wrong_key", async () => {
    const r = await verify([suite, "--key", `${other}.pub`]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`REFUSED — signed by ${signer}, not by the key given \\(sha256:[0-9a-f]{64}\\) \\(wrong_key\\)`));
  });

  it("edited and sealed again without the key: exit 1, signature_mismatch, even with --seal-only", async () => {
    const { suite: forged } = await flippedSuite(JSON.parse(readFileSync(suite, "utf8")) as ScoredSuiteExport, 0, true);
    const edited = join(dir, "edited.json");
    writeFileSync(edited, JSON.stringify(forged));
    for (const mode of [[], ["--seal-only"]]) {
      const r = await verify([edited, ...mode]);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain(`REFUSED — signature does not match: the file was changed after ${signer} signed it, or the signature was made for another file (signature_mismatch)`);
    }
    // The signature dropped instead: unsigned, which --key refuses.
    const { suite: stripped } = await flippedSuite(JSON.parse(readFileSync(suite, "utf8")) as ScoredSuiteExport, 0, false);
    writeFileSync(edited, JSON.stringify(stripped));
    expect((await verify([edited, "--key", `${key}.pub`, "--seal-only"])).stdout).toContain(`REFUSED — not signed, but a signature by ${signer} is required (not_signed)`);
  });

  it("eval --format jsonl, merge and matrix sign what they seal", async () => {
    const shards = [1, 2].map((i) => join(dir, `shard-${i}.jsonl`));
    for (const [i, shard] of shards.entries()) expect((await runCli(evalMain, ["--shard", `${i + 1}/2`, "--format", "jsonl", "--out", shard, "--sign", key])).status).toBe(0);
    const merged = join(dir, "merged.json");
    expect((await runCli(mergeMain, [...shards, "--out", merged, "--sign", key])).stdout).toContain(`the suite is sealed and signed by ${signer}`);
    const matrix = join(dir, "matrix.jsonl");
    expect((await runCli(matrixMain, ["--candidate", "reference", "--task", "missing-horizon", "--format", "jsonl", "--out", matrix, "--sign", key])).status).toBe(0);
    for (const file of [...shards, merged, matrix]) expect(await verify([file, "--key", `${key}.pub`])).toMatchObject({ status: 0, stdout: expect.stringContaining(`signed by ${signer}`) });
  });

  it("refuses a key in the wrong place, each with its code, and --sign where nothing sealed is written (exit 2)", async () => {
    expect(await runCli(evalMain, ["--fixture", "fv-scenario-a", "--export", join(dir, "x.json"), "--sign", `${key}.pub`])).toMatchObject({
      status: 2,
      stderr: `finbound eval: not_a_private_key: --sign ${key}.pub: holds a public key, not a private key (sign with the key, not key.pub)\n`,
    });
    expect(await verify([suite, "--key", key])).toMatchObject({ status: 2, stderr: `finbound verify: not_a_public_key: --key ${key}: holds a private key, not a public key (verify with key.pub, never the private key)\n` });
    expect(await runCli(evalMain, ["--fixture", "fv-scenario-a", "--sign", key])).toMatchObject({ status: 2, stderr: "finbound eval: --sign needs --export FILE or --format jsonl: nothing sealed is written otherwise\n" });
    expect(await verify([suite, "--key", join(dir, "missing.pub")])).toMatchObject({ status: 2, stderr: expect.stringContaining("cannot read the file") });
  });

  it("never writes the private key into an export, or anything a command prints", async () => {
    const body = readFileSync(key, "utf8").split("\n")[1] ?? "";
    const seed = Buffer.from(body, "base64").subarray(16);
    const printed = [await runCli(evalMain, ["--fixture", "fv-scenario-a", "--export", join(dir, "y.json"), "--sign", key]), await verify([suite])];
    for (const text of [readFileSync(suite, "utf8"), readFileSync(join(dir, "y.json"), "utf8"), ...printed.flatMap((r) => [r.stdout, r.stderr])]) {
      for (const form of [body, seed.toString("hex"), seed.toString("base64url")]) expect(text).not.toContain(form);
    }
  });
});
