import type { RefusalAt } from "../files/refusal.ts";
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

/**
 * Why a run's seal does not verify: `unsealed` (no integrity block), or what broke. `status` says
 * the same more coarsely (chain_broken or digest_mismatch) and stays as it was; `code` tells them apart.
 */
export const SEAL_PROBLEM_CODES = ["unsealed", "malformed_seal", "unhashable_event", "chain_broken", "chain_head_mismatch", "unhashable_field", "digest_mismatch"] as const;
export type SealProblemCode = (typeof SEAL_PROBLEM_CODES)[number];

type SealFailure<S extends string, C extends SealProblemCode> = { ok: false; status: S; code: C; at: RefusalAt; message: string };

export type Verification =
  /** `seal`: the integrity block, parsed once; a suite digest binds its `digest`. */
  | { ok: true; status: "verified"; seal: Integrity }
  | SealFailure<"unsealed", "unsealed">
  | (SealFailure<"chain_broken", "chain_broken" | "chain_head_mismatch"> & { eventIndex: number })
  | SealFailure<"digest_mismatch", "malformed_seal" | "unhashable_event" | "unhashable_field" | "digest_mismatch">;

/** A run whose seal did not verify: unsealed, or what broke. */
export type SealProblem = Extract<Verification, { ok: false }>;

/** An event in words, by the 1-based number the timeline shows for the event at index `i`. */
const describeEvent = (event: unknown, i: number): string => {
  if (event === null || typeof event !== "object") return `event #${i + 1} (missing)`;
  const e = event as { kind?: unknown; call_id?: unknown };
  return `event #${i + 1} (${String(e.kind)}${typeof e.call_id === "string" ? ` ${e.call_id}` : ""})`;
};

/** The words of a seal that does not verify, from its code (and, for a broken chain, the event that breaks it). */
export function describeSealProblem(code: SealProblemCode, event?: { value: unknown; index: number }): string {
  switch (code) {
    case "unsealed":
      return "the file has no integrity block: it cannot be verified";
    case "malformed_seal":
      return "the integrity block is malformed";
    case "unhashable_event":
      return "an event holds a value RFC 8785 cannot represent (Infinity or a lone surrogate)";
    case "chain_broken":
      return `${describeEvent(event?.value, event?.index ?? 0)} breaks the hash chain: it was changed, added or removed after export`;
    case "chain_head_mismatch":
      return "the chain head does not match the last event";
    case "unhashable_field":
      return "a field holds a value RFC 8785 cannot represent (Infinity or a lone surrogate)";
    case "digest_mismatch":
      return "the run digest does not match: the result, verdicts, fixture hash, candidate, budget or versions were changed after export";
  }
}

const sealProblem = <S extends SealProblem["status"], C extends SealProblemCode>(status: S, code: C, path: RefusalAt["path"], event?: { value: unknown; index: number }): SealFailure<S, C> => ({
  ok: false,
  status,
  code,
  at: path ? { path } : {},
  message: describeSealProblem(code, event),
});

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
  if (file.integrity === undefined) return sealProblem("unsealed", "unsealed", undefined);
  const chain = hashed === undefined ? await hashParsedEvents(file, sha256) : hashed;
  // Parsed once: zod is asked only when the block is not plainly the recomputed seal.
  const seal = (chain && sealStatingRecomputed(file.integrity, chain.hashes, chainHeadOf(chain.hashes))) || parsedSeal(file.integrity);
  if (!seal) return sealProblem("digest_mismatch", "malformed_seal", ["integrity"]);
  const events = parsedEventsOf(file);
  // Our exports never hold such a value, so the file was not written by an export.
  if (chain === null) return sealProblem("digest_mismatch", "unhashable_event", ["events"]);
  const recomputed = chain.hashes;
  const length = Math.max(recomputed.length, seal.event_hashes.length);
  for (let i = 0; i < length; i++) {
    if (recomputed[i] !== seal.event_hashes[i]) {
      return { ...sealProblem("chain_broken", "chain_broken", ["events", i], { value: events[i], index: i }), eventIndex: i };
    }
  }
  const head = chainHeadOf(recomputed);
  if (head !== seal.chain_head) return { ...sealProblem("chain_broken", "chain_head_mismatch", ["integrity", "chain_head"]), eventIndex: recomputed.length - 1 };
  let text: string;
  try {
    text = digestText(file, head);
  } catch {
    return sealProblem("digest_mismatch", "unhashable_field", undefined);
  }
  if ((await hashOf(sha256, text)) !== seal.digest) return sealProblem("digest_mismatch", "digest_mismatch", ["integrity", "digest"]);
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
