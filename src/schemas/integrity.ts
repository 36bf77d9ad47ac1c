import { z } from "zod";

/** A SHA-256 hash as every seal writes it: 64 lowercase hex digits (the schemas and the fast paths test this one pattern). */
export const HEX64 = /^[0-9a-f]{64}$/;
/** A fixture's content hash: SHA-256 with its algorithm named. */
export const CONTENT_HASH = /^sha256:[0-9a-f]{64}$/;

const Hex64 = z.string().regex(HEX64);

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
});
export type Integrity = z.infer<typeof Integrity>;

/** A suite's seal: every run is sealed on its own; this digest binds their digests, in order. */
export const SuiteIntegrity = z.strictObject({
  algorithm: z.literal("sha256"),
  canonicalization: z.literal("RFC8785"),
  digest: Hex64,
});
export type SuiteIntegrity = z.infer<typeof SuiteIntegrity>;
