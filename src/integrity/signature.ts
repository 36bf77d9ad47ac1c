import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import type { RefusalAt } from "../files/refusal.ts";
import type { SealSignature } from "../schemas/integrity.ts";
import { base64Bytes } from "./signing-key.ts";
import type { FileVerification } from "./verify-file.ts";

// A seal (hash chain and digests) proves a file is unchanged since it was sealed, not who sealed it:
// anyone can seal. A signature says who vouches: Ed25519 over the file's top-level digest (a run's,
// a suite's, a JSONL suite's closing one) and the signer's key fingerprint, with the public key in
// the file so any reader can check it, and a reader given the key (`npm run verify -- --key`) can
// insist on it. WebCrypto's Ed25519, which Node ≥ 20, Web Workers and browsers in a secure context have.

/** What is signed: one text, so a signature made for one digest or key is no signature for another. */
export const signedText = (digest: string, fingerprint: string): string => `finbound.signature/v1\n${digest}\n${fingerprint}`;

/** A public key's fingerprint: SHA-256 of its raw 32 bytes. */
export const fingerprintOf = (publicKey: Uint8Array): string => `sha256:${bytesToHex(sha256(publicKey))}`;

/** Signs a seal's digest. Holds the private key as a non-extractable WebCrypto key; never writes it anywhere. */
export interface Signer {
  readonly fingerprint: string;
  sign(digest: string): Promise<SealSignature>;
}

export type SignerMade = { ok: true; signer: Signer } | { ok: false; code: "no_webcrypto" | "not_ed25519"; message: string };

const ED25519 = "Ed25519";
const encoder = new TextEncoder();

/** WebCrypto, where the host has it (a browser page served over plain HTTP from another host has none). */
const subtle = (): SubtleCrypto | undefined => (crypto as { subtle?: SubtleCrypto }).subtle;

const NO_WEBCRYPTO = "no WebCrypto Ed25519 here (a browser needs a secure context: https or localhost)";

/** A signer from a PKCS#8 Ed25519 private key (signing-key.ts reads one from its PEM file). */
export async function signerOf(pkcs8: Uint8Array<ArrayBuffer>): Promise<SignerMade> {
  const s = subtle();
  if (!s) return { ok: false, code: "no_webcrypto", message: NO_WEBCRYPTO };
  let key: CryptoKey;
  let publicKey: Uint8Array<ArrayBuffer> | null;
  try {
    // Imported once extractable only to read the public key from its JWK, then kept non-extractable.
    publicKey = base64Bytes((await s.exportKey("jwk", await s.importKey("pkcs8", pkcs8, ED25519, true, ["sign"]))).x ?? "");
    key = await s.importKey("pkcs8", pkcs8, ED25519, false, ["sign"]);
  } catch {
    return { ok: false, code: "not_ed25519", message: "not an Ed25519 private key this host can use" };
  }
  if (publicKey?.length !== 32) return { ok: false, code: "not_ed25519", message: "not an Ed25519 private key this host can use" };
  const fingerprint = fingerprintOf(publicKey);
  const public_key = bytesToHex(publicKey);
  return {
    ok: true,
    signer: {
      fingerprint,
      async sign(digest) {
        const value = new Uint8Array(await s.sign(ED25519, key, encoder.encode(signedText(digest, fingerprint))));
        return { algorithm: "ed25519", key_fingerprint: fingerprint, public_key, value: bytesToHex(value) };
      },
    },
  };
}

/** A seal with its digest signed, or as it is when there is no signer. */
export async function signSeal<T extends { digest: string }>(seal: T, signer: Signer | undefined): Promise<T> {
  return signer ? { ...seal, signature: await signer.sign(seal.digest) } : seal;
}

/**
 * What a file's signature says, told apart by `code`: `signed` (by `fingerprint`), `unsigned`, or a
 * refusal — `signature_mismatch` (the file changed after it was signed, or the signature is another
 * file's), `wrong_key` and `not_signed` (a key was required), `unchecked` (no WebCrypto here).
 */
export const SIGNATURE_CODES = ["signed", "unsigned", "signature_mismatch", "wrong_key", "not_signed", "unchecked"] as const;
export type SignatureCode = (typeof SIGNATURE_CODES)[number];

export interface SignatureCheck {
  code: SignatureCode;
  /** The fingerprint the file names, when it is signed. */
  fingerprint: string | null;
  /** Where: the seal's signature (`integrity.signature`, or `runs`' closing line's), when the file has one. */
  at: RefusalAt;
  message: string;
}

/** What a signature check knows beside its code: its words are made from this alone (describeSignature). */
type SignatureDetail =
  | { code: "signed" | "unchecked"; fingerprint: string }
  | { code: "unsigned"; sealed: boolean }
  | { code: "not_signed"; required: string }
  | { code: "wrong_key"; fingerprint: string; required: string }
  | { code: "signature_mismatch"; fingerprint: string; why: "fingerprint" | "changed" };

export function describeSignature(detail: SignatureDetail): string {
  switch (detail.code) {
    case "signed":
      return `signed by ${detail.fingerprint}`;
    case "unchecked":
      return `signed by ${detail.fingerprint}, not checked: ${NO_WEBCRYPTO}`;
    case "unsigned":
      return detail.sealed ? "sealed, unsigned" : "unsigned";
    case "not_signed":
      return `not signed, but a signature by ${detail.required} is required`;
    case "wrong_key":
      return `signed by ${detail.fingerprint}, not by the key given (${detail.required})`;
    case "signature_mismatch":
      return `signature does not match: ${
        detail.why === "fingerprint" ? "the key fingerprint it names is not that of the public key beside it" : `the file was changed after ${detail.fingerprint} signed it, or the signature was made for another file`
      }`;
  }
}

const SIGNATURE_AT: RefusalAt = { path: ["integrity", "signature"] };

const signatureCheck = (detail: SignatureDetail): SignatureCheck => {
  const fingerprint = "fingerprint" in detail ? detail.fingerprint : null;
  return { code: detail.code, fingerprint, at: fingerprint === null ? {} : SIGNATURE_AT, message: describeSignature(detail) };
};

/** Whether a file with this signature is to be refused (a file that may be unsigned is not). */
export const signatureRefused = (check: SignatureCheck): boolean => check.code !== "signed" && check.code !== "unsigned";

/**
 * Checks the signature of a file whose seals verified, over the digest they verified. `required`:
 * the fingerprint of the key the reader trusts (`npm run verify -- --key`); without it any valid
 * signature is reported as the key it names.
 */
export async function checkSignature(verification: FileVerification, required?: string): Promise<SignatureCheck> {
  const seal = verification.status === "verified" ? verification.seal : undefined;
  const signature = seal?.signature;
  if (!seal || !signature) return signatureCheck(required ? { code: "not_signed", required } : { code: "unsigned", sealed: seal !== undefined });
  const named = signature.key_fingerprint;
  const publicKey = hexToBytes(signature.public_key) as Uint8Array<ArrayBuffer>;
  if (fingerprintOf(publicKey) !== named) return signatureCheck({ code: "signature_mismatch", fingerprint: named, why: "fingerprint" });
  const s = subtle();
  if (!s) return signatureCheck({ code: "unchecked", fingerprint: named });
  let valid: boolean;
  try {
    const key = await s.importKey("raw", publicKey, ED25519, false, ["verify"]);
    valid = await s.verify(ED25519, key, hexToBytes(signature.value) as Uint8Array<ArrayBuffer>, encoder.encode(signedText(seal.digest, named)));
  } catch {
    valid = false;
  }
  if (!valid) return signatureCheck({ code: "signature_mismatch", fingerprint: named, why: "changed" });
  if (required && named !== required) return signatureCheck({ code: "wrong_key", fingerprint: named, required });
  return signatureCheck({ code: "signed", fingerprint: named });
}
