import { HEX64, type Integrity } from "../schemas/integrity.ts";

// A fast path for the seal: Integrity's zod schema tests every event hash against
// ^[0-9a-f]{64}$, over 110,000 hashes in a 10,000-run suite. A hash recomputed by a Sha256Hex is
// 64 lowercase hex digits by its contract, so a stated hash equal to it needs no test. Like
// plainlyValidEvent (src/schemas/fast-validation.ts) this vouches only when zod would accept the
// block and give back the same value; otherwise zod decides, and its refusal keeps its words.

const KEYS = ["algorithm", "canonicalization", "event_hashes", "chain_head", "digest"] as const;

/**
 * The integrity block as stated, when it is exactly Integrity's shape and states the recomputed
 * event hashes and chain head (its digest is then only tested for its form: it is compared later);
 * null when it is anything else.
 */
export function sealStatingRecomputed(stated: unknown, hashes: readonly string[], head: string): Integrity | null {
  if (typeof stated !== "object" || stated === null || Object.getPrototypeOf(stated) !== Object.prototype) return null;
  const seal = stated as Record<string, unknown>;
  const keys = Object.keys(seal);
  if (keys.length !== KEYS.length || !KEYS.every((key) => Object.hasOwn(seal, key))) return null;
  if (seal.algorithm !== "sha256" || seal.canonicalization !== "RFC8785" || seal.chain_head !== head) return null;
  if (typeof seal.digest !== "string" || !HEX64.test(seal.digest)) return null;
  const statedHashes = seal.event_hashes;
  if (!Array.isArray(statedHashes) || statedHashes.length !== hashes.length) return null;
  for (let i = 0; i < hashes.length; i++) if (statedHashes[i] !== hashes[i]) return null;
  return seal as Integrity;
}
