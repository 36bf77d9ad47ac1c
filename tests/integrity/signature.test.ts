import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { readExportFile, verifyExport } from "../../src/integrity/export-file.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../../src/integrity/jsonl-suite.ts";
import { checkSignature, fingerprintOf, signerOf, signSeal, signedText, type Signer } from "../../src/integrity/signature.ts";
import { readPrivateKeyPem, readPublicKeyPem } from "../../src/integrity/signing-key.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { fixture } from "../support.ts";
import { flippedSuite } from "./forged.ts";

const NOW = "2026-11-30T00:00:00.000Z";

function keyPair(): { privatePem: string; publicPem: string } {
  const pair = generateKeyPairSync("ed25519", { privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  return { privatePem: pair.privateKey, publicPem: pair.publicKey };
}

async function signerFor(privatePem: string): Promise<Signer> {
  const key = readPrivateKeyPem(privatePem);
  if (!key.ok) throw new Error(key.message);
  const made = await signerOf(key.der);
  if (!made.ok) throw new Error(made.message);
  return made.signer;
}

function fingerprintOfPem(publicPem: string): string {
  const key = readPublicKeyPem(publicPem);
  if (!key.ok) throw new Error(key.message);
  return fingerprintOf(key.raw);
}

async function sealedRun(id: string): Promise<ScoredRunExport> {
  const run = await evaluateScripted(fixture(id), "reference", { includeDiagnostics: true });
  if (!run) throw new Error("no run");
  return exportRun(run, fixture(id), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: NOW });
}

/** A file's bytes as any reader gets them, its seals verified, its signature checked. */
async function signatureOf(value: unknown, required?: string) {
  const read = readExportFile(new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value)));
  if (!read.ok) throw new Error(read.message);
  const verification = await verifyExport(read.value, nodeSha256);
  return { verification, signature: await checkSignature(verification, required) };
}

const alice = keyPair();
const mallory = keyPair();

describe("key files", () => {
  it("reads the PEM files Node and OpenSSL write: a PKCS#8 private key, an SPKI public key", () => {
    expect(readPrivateKeyPem(alice.privatePem)).toMatchObject({ ok: true, der: expect.any(Uint8Array) });
    expect(readPublicKeyPem(alice.publicPem)).toMatchObject({ ok: true, raw: expect.any(Uint8Array) });
  });

  it("refuses the wrong half, another algorithm or no PEM at all, each with its code and never the key's text", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const cases = [
      [readPrivateKeyPem(alice.publicPem), "not_a_private_key"],
      [readPublicKeyPem(alice.privatePem), "not_a_public_key"],
      [readPrivateKeyPem(rsa.privateKey), "not_ed25519"],
      [readPublicKeyPem(rsa.publicKey), "not_ed25519"],
      [readPrivateKeyPem("ssh-ed25519 AAAA… me@host"), "not_pem"],
      [readPrivateKeyPem("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n"), "not_pem"],
    ] as const;
    const body = alice.privatePem.split("\n")[1] ?? "";
    for (const [read, code] of cases) {
      expect(read).toMatchObject({ ok: false, code });
      expect(read.ok ? "" : read.message).not.toContain(body.slice(0, 16));
    }
  });
});

describe("a signature says who vouches for a sealed file", () => {
  it("a suite signed by a key verifies as signed by that key's fingerprint, with or without the key required", async () => {
    const signer = await signerFor(alice.privatePem);
    expect(signer.fingerprint).toBe(fingerprintOfPem(alice.publicPem));
    const suite = await sealSuite([await sealedRun("fv-scenario-a"), await sealedRun("concentration-hh1001")], { sha256: nodeSha256, nowIso: NOW, signer });
    expect(suite.integrity?.signature).toMatchObject({ algorithm: "ed25519", key_fingerprint: signer.fingerprint });
    expect((await signatureOf(suite)).signature).toEqual({ code: "signed", fingerprint: signer.fingerprint, at: { path: ["integrity", "signature"] }, message: `signed by ${signer.fingerprint}` });
    expect((await signatureOf(suite, signer.fingerprint)).signature.code).toBe("signed");
  });

  it("signs the digest and the fingerprint together, so neither can be swapped", async () => {
    expect(signedText("ab".repeat(32), "sha256:x")).toBe(`finbound.signature/v1\n${"ab".repeat(32)}\nsha256:x`);
  });

  it("a signed file edited and sealed again without the key is refused: signature_mismatch", async () => {
    const signer = await signerFor(alice.privatePem);
    const suite = await sealSuite([await sealedRun("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW, signer });
    const { suite: forged } = await flippedSuite(suite, 0, true);
    const found = await signatureOf(forged);
    expect(found.verification.status).toBe("verified");
    expect(found.signature).toMatchObject({ code: "signature_mismatch", message: expect.stringMatching(/^signature does not match: the file was changed after sha256:[0-9a-f]{64} signed it/) });
  });

  it("another key's signature, or none, is refused when a key is required: wrong_key, not_signed", async () => {
    const runs = [await sealedRun("fv-scenario-a")];
    const byMallory = await sealSuite(runs, { sha256: nodeSha256, nowIso: NOW, signer: await signerFor(mallory.privatePem) });
    const unsigned = await sealSuite(runs, { sha256: nodeSha256, nowIso: NOW });
    const required = fingerprintOfPem(alice.publicPem);
    expect((await signatureOf(byMallory, required)).signature).toMatchObject({ code: "wrong_key", fingerprint: fingerprintOfPem(mallory.publicPem), at: { path: ["integrity", "signature"] } });
    expect((await signatureOf(unsigned, required)).signature).toMatchObject({ code: "not_signed", fingerprint: null, at: {} });
    expect((await signatureOf(unsigned)).signature).toEqual({ code: "unsigned", fingerprint: null, at: {}, message: "sealed, unsigned" });
  });

  it("a signature naming a fingerprint that is not its public key's is refused", async () => {
    const suite = await sealSuite([await sealedRun("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW, signer: await signerFor(mallory.privatePem) });
    const signature = { ...suite.integrity!.signature!, key_fingerprint: fingerprintOfPem(alice.publicPem) };
    const claimed = { ...suite, integrity: { ...suite.integrity!, signature } };
    expect((await signatureOf(claimed)).signature).toMatchObject({ code: "signature_mismatch", message: "signature does not match: the key fingerprint it names is not that of the public key beside it" });
  });

  it("an exported run and a JSONL suite's closing line are signed the same way", async () => {
    const signer = await signerFor(alice.privatePem);
    const run = await sealedRun("missing-horizon");
    const signedRun = { ...run, integrity: await signSeal(run.integrity!, signer) };
    expect((await signatureOf(signedRun, signer.fingerprint)).signature.code).toBe("signed");
    const lines: string[] = [];
    const writer = new JsonlSuiteWriter(jsonlHeader(NOW), (line) => lines.push(line), nodeSha256, signer);
    writer.add(run);
    await writer.end();
    expect((await signatureOf(`${lines.join("\n")}\n`, signer.fingerprint)).signature.code).toBe("signed");
  });

  it("never writes the private key into the file", async () => {
    const signer = await signerFor(alice.privatePem);
    const text = JSON.stringify(await sealSuite([await sealedRun("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW, signer }));
    const der = readPrivateKeyPem(alice.privatePem);
    const seed = der.ok ? Buffer.from(der.der.subarray(16)) : Buffer.alloc(0);
    for (const form of [seed.toString("hex"), seed.toString("base64"), seed.toString("base64url"), alice.privatePem.split("\n")[1] ?? ""]) expect(text).not.toContain(form);
  });

  it("an unsigned file written before signatures existed reads and verifies as it did", async () => {
    const suite = await sealSuite([await sealedRun("fv-scenario-a")], { sha256: nodeSha256, nowIso: NOW });
    expect(Object.keys(suite.integrity!)).toEqual(["algorithm", "canonicalization", "digest"]);
    expect((await signatureOf(suite)).verification).toMatchObject({ status: "verified", message: "verified (1 runs)" });
  });
});
