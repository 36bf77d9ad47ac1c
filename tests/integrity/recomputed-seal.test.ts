import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { exportRun } from "../../src/integrity/export.ts";
import { sealStatingRecomputed } from "../../src/integrity/recomputed-seal.ts";
import { hashParsedEvents, verifyRun } from "../../src/integrity/run-digest.ts";
import { chainHeadOf } from "../../src/integrity/seal.ts";
import { sha256Sync } from "../../src/integrity/sha256-sync.ts";
import { Integrity } from "../../src/schemas/integrity.ts";
import { fixture } from "../support.ts";

const run = await evaluateScripted(fixture("fv-scenario-a"), "reference", { includeDiagnostics: true });
if (!run) throw new Error("no run");
/** A sealed export as a file gives it: plain parsed JSON. */
const file = JSON.parse(JSON.stringify(await exportRun(run, fixture("fv-scenario-a"), "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: "2026-11-30T00:00:00.000Z" }))) as { integrity: Integrity } & Record<string, unknown>;
const hashes = (await hashParsedEvents(file, nodeSha256))!.hashes;
const head = chainHeadOf(hashes);
const sealWith = (change: (seal: Record<string, unknown>) => void): Record<string, unknown> => {
  const seal = structuredClone(file.integrity) as unknown as Record<string, unknown>;
  change(seal);
  return seal;
};

describe("the seal's fast path agrees with Integrity's schema", () => {
  it("every SHA-256 the project hashes with writes 64 lowercase hex digits, which the fast path relies on", () => {
    for (const text of ["", "₹ 1,00,000", "\u0000"]) {
      expect(nodeSha256(text)).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256Sync(text)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("vouches for a sealed run's block stating the recomputed hashes, and zod gives back the same value", () => {
    expect(sealStatingRecomputed(file.integrity, hashes, head)).toBe(file.integrity);
    expect(Integrity.parse(file.integrity)).toEqual(file.integrity);
  });

  it("never vouches for a block zod refuses or would change, nor for one stating other hashes, however it is altered", () => {
    const hash = file.integrity.chain_head;
    const values = fc.constantFrom<unknown>(undefined, null, 1, "", hash.toUpperCase(), `${hash}0`, hash.slice(1), `${hash.slice(1)}g`, "0".repeat(64), hashes[0], [], [hash], {}, "sha256", "RFC8785");
    const keys = fc.constantFrom("algorithm", "canonicalization", "event_hashes", "chain_head", "digest", "extra", "__proto__");
    let refused = 0;
    fc.assert(
      fc.property(keys, fc.nat(hashes.length), values, fc.constantFrom("set", "delete", "add", "set-hash"), (key, i, to, op) => {
        const seal = sealWith((s) => {
          if (op === "set") s[key] = to;
          else if (op === "delete") delete s[key];
          else if (op === "set-hash") (s.event_hashes as unknown[])[i] = to;
          else Object.defineProperty(s, key, { value: to, enumerable: true, writable: true, configurable: true });
        });
        const zod = Integrity.safeParse(seal);
        if (!zod.success) refused += 1;
        const vouched = sealStatingRecomputed(seal, hashes, head);
        if (vouched) {
          expect(zod.success).toBe(true);
          expect(zod.data).toEqual(vouched);
          expect(vouched.event_hashes).toEqual(hashes);
          expect(vouched.chain_head).toBe(head);
        }
      }),
      { numRuns: 2000 },
    );
    expect(refused).toBeGreaterThan(500);
    expect(sealStatingRecomputed(sealWith((s) => (s.event_hashes = hashes.slice(0, -1))), hashes, head)).toBeNull();
    expect(sealStatingRecomputed(Object.assign(Object.create(null) as object, file.integrity), hashes, head)).toBeNull();
  });

  it("leaves the words to the schema: a hash in capitals is a malformed block, not a broken chain or a mismatched digest", async () => {
    const verify = (integrity: unknown) => verifyRun({ ...file, integrity }, nodeSha256);
    const malformed = { ok: false, status: "digest_mismatch", code: "malformed_seal", at: { path: ["integrity"] }, message: "the integrity block is malformed" };
    expect(await verify(sealWith((s) => ((s.event_hashes as string[])[1] = hashes[1]!.toUpperCase())))).toEqual(malformed);
    expect(await verify(sealWith((s) => (s.chain_head = head.toUpperCase())))).toEqual(malformed);
    expect(await verify(sealWith((s) => (s.digest = file.integrity.digest.toUpperCase())))).toEqual(malformed);
    expect(await verify(sealWith((s) => (s.extra = 1)))).toEqual(malformed);
    expect(await verify(sealWith((s) => ((s.event_hashes as string[])[1] = "0".repeat(64))))).toMatchObject({ status: "chain_broken", eventIndex: 1 });
    expect(await verify(sealWith((s) => (s.digest = "0".repeat(64))))).toMatchObject({ status: "digest_mismatch", message: expect.stringMatching(/^the run digest does not match/) });
    expect(await verify(file.integrity)).toEqual({ ok: true, status: "verified", seal: file.integrity });
  });
});
