import { canonicalJson, canonicalJsonWithout } from "../runtime/canonical.ts";
import { CALCULATOR_VERSIONS } from "../runtime/tools/catalogue.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { Integrity } from "../schemas/integrity.ts";
import { sealStatingRecomputed } from "./recomputed-seal.ts";
import { chainHeadOf, hashEvents, hashOf, type HashedEvents, type Sha256Hex } from "./seal.ts";

/** Everything in an export but its events (chained) and its integrity block. */
export type Unsealed = Omit<ScoredRunExport, "integrity">;

/**
 * The digest binds the fixture's content hash, runtime and calculator versions, result, verdicts and
 * chain head: every top-level field but the events (chained) and the seal itself. Prototype keys at
 * the top level are no field of the format and are ignored, as import ignores them.
 */
const UNBOUND = new Set(["events", "integrity", "__proto__", "constructor", "prototype"]);
/** The canonical JSON the digest hashes: the run's bound fields, the calculator versions and the chain head. */
const digestText = (file: Readonly<Record<string, unknown>>, chainHead: string): string => canonicalJsonWithout(file, UNBOUND, { calculators: CALCULATOR_VERSIONS, chain_head: chainHead });

export async function sealRun(file: Unsealed, sha256: Sha256Hex): Promise<Integrity> {
  const event_hashes = (await hashEvents(file.events, sha256)).hashes;
  const chain_head = chainHeadOf(event_hashes);
  return { algorithm: "sha256", canonicalization: "RFC8785", event_hashes, chain_head, digest: await hashOf(sha256, digestText(file, chain_head)) };
}

export type Verification =
  /** `seal`: the integrity block, parsed once; a suite digest binds its `digest`. */
  | { ok: true; status: "verified"; seal: Integrity }
  | { ok: false; status: "unsealed"; message: string }
  | { ok: false; status: "chain_broken"; eventIndex: number; message: string }
  | { ok: false; status: "digest_mismatch"; message: string };

/** A run whose seal did not verify: unsealed, or what broke. */
export type SealProblem = Extract<Verification, { ok: false }>;

/** An event in words, by the 1-based number the timeline shows for the event at index `i`. */
const describeEvent = (event: unknown, i: number): string => {
  if (event === null || typeof event !== "object") return `event #${i + 1} (missing)`;
  const e = event as { kind?: unknown; call_id?: unknown };
  return `event #${i + 1} (${String(e.kind)}${typeof e.call_id === "string" ? ` ${e.call_id}` : ""})`;
};

/** A run's events as parsed (none when `events` is not an array: validation refuses that). */
export const parsedEventsOf = (raw: unknown): unknown[] => {
  const events = ((raw ?? {}) as { events?: unknown }).events;
  return Array.isArray(events) ? (events as unknown[]) : [];
};

/** The events of a file as parsed, hashed once; null when an event holds a value RFC 8785 cannot represent. */
export async function hashParsedEvents(raw: unknown, sha256: Sha256Hex): Promise<HashedEvents | null> {
  try {
    return await hashEvents(parsedEventsOf(raw), sha256);
  } catch {
    return null;
  }
}

/**
 * Recomputes the chain and the digest over the file exactly as it was parsed — before any
 * validation strips or drops a key — and names the first event whose hash no longer matches.
 * `hashed` is the file's events already hashed (hashParsedEvents), so an import hashes each once.
 */
export async function verifyRun(raw: unknown, sha256: Sha256Hex, hashed?: HashedEvents | null): Promise<Verification> {
  const file = (raw ?? {}) as { events?: unknown; integrity?: unknown } & Record<string, unknown>;
  if (file.integrity === undefined) return { ok: false, status: "unsealed", message: "the file has no integrity block: it cannot be verified" };
  const chain = hashed === undefined ? await hashParsedEvents(file, sha256) : hashed;
  // Parsed once: zod is asked only when the block is not plainly the recomputed seal.
  const seal = (chain && sealStatingRecomputed(file.integrity, chain.hashes, chainHeadOf(chain.hashes))) || parsedSeal(file.integrity);
  if (!seal) return { ok: false, status: "digest_mismatch", message: "the integrity block is malformed" };
  const events = parsedEventsOf(file);
  // Our exports never hold such a value, so the file was not written by an export.
  if (chain === null) return { ok: false, status: "digest_mismatch", message: "an event holds a value RFC 8785 cannot represent (Infinity or a lone surrogate)" };
  const recomputed = chain.hashes;
  const length = Math.max(recomputed.length, seal.event_hashes.length);
  for (let i = 0; i < length; i++) {
    if (recomputed[i] !== seal.event_hashes[i]) {
      return { ok: false, status: "chain_broken", eventIndex: i, message: `${describeEvent(events[i], i)} breaks the hash chain: it was changed, added or removed after export` };
    }
  }
  const head = chainHeadOf(recomputed);
  if (head !== seal.chain_head) return { ok: false, status: "chain_broken", eventIndex: recomputed.length - 1, message: "the chain head does not match the last event" };
  let text: string;
  try {
    text = digestText(file, head);
  } catch {
    return { ok: false, status: "digest_mismatch", message: "a field holds a value RFC 8785 cannot represent (Infinity or a lone surrogate)" };
  }
  if ((await hashOf(sha256, text)) !== seal.digest) return { ok: false, status: "digest_mismatch", message: "the run digest does not match: the result, verdicts, fixture hash, candidate, budget or versions were changed after export" };
  return { ok: true, status: "verified", seal };
}

/** The digest a verified run's seal states; an unsealed run has none (null), as runDigestOf says. */
export const verifiedDigest = (v: Verification): string | null => (v.ok ? v.seal.digest : null);

export interface SuiteHeader {
  format: string;
  exported_at: string;
  runtime_version: string;
  plan?: unknown;
  stopped?: unknown;
}

const parsedSeal = (integrity: unknown): Integrity | null => {
  const seal = Integrity.safeParse(integrity);
  return seal.success ? seal.data : null;
};

/** A run's digest as its seal states it, or null for an unsealed run. */
export const runDigestOf = (run: { integrity?: unknown }): string | null => parsedSeal(run.integrity)?.digest ?? null;

/**
 * The suite digest: its header (with the plan, when there is one) and the run digests, in order, so
 * a run removed, added or reordered, or a plan edited, is evident. Suites without a plan hash as before.
 */
export function suiteDigestOfDigests(header: SuiteHeader, digests: readonly (string | null)[], sha256: Sha256Hex): Promise<string> {
  const plan = header.plan === undefined ? {} : { plan: header.plan };
  const stopped = header.stopped === undefined ? {} : { stopped: header.stopped };
  return hashOf(sha256, canonicalJson({ format: header.format, exported_at: header.exported_at, runtime_version: header.runtime_version, ...plan, ...stopped, runs: digests }));
}
