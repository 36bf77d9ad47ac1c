import { z } from "zod";

/** A SHA-256 hash as every seal writes it: 64 lowercase hex digits (the schemas and the fast paths test this one pattern). */
export const HEX64 = /^[0-9a-f]{64}$/;
/** A fixture's content hash: SHA-256 with its algorithm named. */
export const CONTENT_HASH = /^sha256:[0-9a-f]{64}$/;

const Hex64 = z.string().regex(HEX64);

/** A signer's key fingerprint: SHA-256 of the raw 32-byte Ed25519 public key, with its algorithm named. */
export const KEY_FINGERPRINT = /^sha256:[0-9a-f]{64}$/;
/** An Ed25519 signature: 64 bytes, as 128 lowercase hex digits. */
export const SIGNATURE_HEX = /^[0-9a-f]{128}$/;

/**
 * An Ed25519 signature over a seal's digest and the signer's key fingerprint (src/integrity/signature.ts
 * writes the signed text). It says who vouches for the file; the digest beside it says what they vouched for.
 */
export const SealSignature = z.strictObject({
  algorithm: z.literal("ed25519"),
  key_fingerprint: z.string().regex(KEY_FINGERPRINT),
  /** The raw 32-byte public key, hex: a reader checks the signature without being given the key. */
  public_key: Hex64,
  /** The 64-byte signature, hex. */
  value: z.string().regex(SIGNATURE_HEX),
});
export type SealSignature = z.infer<typeof SealSignature>;

/**
 * The integrity block of an export: a SHA-256 hash chain over the events (each link hashes the
 * previous link and the event's RFC 8785 canonical JSON) and a digest binding everything else.
 * It makes an edit evident; it is not a signature — whoever recomputes every hash can forge it.
 */
export const Integrity = z.strictObject({
  algorithm: z.literal("sha256"),
  canonicalization: z.literal("RFC8785"),
  event_hashes: z.array(Hex64),
  chain_head: Hex64,
  digest: Hex64,
  /** Present when the run itself is the signed file (an exported run); a suite's runs are signed through the suite. */
  signature: SealSignature.optional(),
});
export type Integrity = z.infer<typeof Integrity>;

/** A suite's seal: every run is sealed on its own; this digest binds their digests, in order. */
export const SuiteIntegrity = z.strictObject({
  algorithm: z.literal("sha256"),
  canonicalization: z.literal("RFC8785"),
  digest: Hex64,
  signature: SealSignature.optional(),
});
export type SuiteIntegrity = z.infer<typeof SuiteIntegrity>;
