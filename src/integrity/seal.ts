import { canonicalJson } from "../runtime/canonical.ts";

/**
 * Any SHA-256 over UTF-8 text, as 64 lowercase hex digits: what Integrity's schema asks of a hash,
 * which the seal's fast path relies on (recomputed-seal.ts). A synchronous one (node:crypto in the
 * CLI, @noble/hashes in the import worker) is never awaited per event; an asynchronous one (WebCrypto) is.
 */
export type Sha256Hex = (text: string) => string | Promise<string>;

/** The link before the first event. */
export const GENESIS = "0".repeat(64);

/** A hash as a value: awaited only when the hash function returned a promise. */
export const hashOf = async (sha256: Sha256Hex, text: string): Promise<string> => {
  const hash = sha256(text);
  return typeof hash === "string" ? hash : await hash;
};

/**
 * A run's events, each put in RFC 8785 canonical JSON and hashed exactly once. The chain and the
 * run digest (through the chain head) use these; the replay comparison on import compares events
 * without writing them (runtime/canonical-equal.ts).
 */
export interface HashedEvents {
  /** `hashes[i]` = SHA-256 of `hashes[i-1]` (GENESIS before the first), a newline, and event i's canonical JSON. */
  hashes: string[];
}

/** Throws, as canonicalJson does, for a value RFC 8785 cannot represent (Infinity, a lone surrogate). */
export async function hashEvents(events: readonly unknown[], sha256: Sha256Hex): Promise<HashedEvents> {
  const hashes: string[] = [];
  let previous = GENESIS;
  for (const event of events) {
    const text = canonicalJson(event);
    const hash = sha256(`${previous}\n${text}`);
    previous = typeof hash === "string" ? hash : await hash;
    hashes.push(previous);
  }
  return { hashes };
}

export const chainEvents = async (events: readonly unknown[], sha256: Sha256Hex): Promise<string[]> => (await hashEvents(events, sha256)).hashes;

/** The last link of a chain, or GENESIS for a run without events. */
export const chainHeadOf = (hashes: readonly string[]): string => hashes.at(-1) ?? GENESIS;
