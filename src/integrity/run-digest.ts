import { CALCULATOR_VERSIONS } from "../runtime/tools/catalogue.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Integrity } from "../schemas/integrity.ts";
import { chainEvents, GENESIS, jcs, type Sha256Hex } from "./seal.ts";

/** Everything in an export but its events (chained) and its integrity block. */
export type Unsealed = Omit<ScoredRunExport, "integrity">;

/** The digest binds the fixture's content hash, runtime and calculator versions, result, verdicts and chain head. */
const digestInput = (file: Unsealed, chainHead: string) => {
  const { events: _events, ...rest } = file;
  return { ...rest, calculators: CALCULATOR_VERSIONS, chain_head: chainHead };
};

export async function sealRun(file: Unsealed, sha256: Sha256Hex): Promise<Integrity> {
  const event_hashes = await chainEvents(file.events, sha256);
  const chain_head = event_hashes.at(-1) ?? GENESIS;
  return { algorithm: "sha256", canonicalization: "RFC8785", event_hashes, chain_head, digest: await sha256(jcs(digestInput(file, chain_head))) };
}

export type Verification =
  | { ok: true; status: "verified" }
  | { ok: false; status: "unsealed"; message: string }
  | { ok: false; status: "chain_broken"; eventIndex: number; message: string }
  | { ok: false; status: "digest_mismatch"; message: string };

/** Recomputes the chain and the digest. Names the first event whose hash no longer matches. */
export async function verifyRun(file: ScoredRunExport, sha256: Sha256Hex): Promise<Verification> {
  const { integrity, ...unsealed } = file;
  if (!integrity) return { ok: false, status: "unsealed", message: "the file has no integrity block: it cannot be verified" };
  const recomputed = await chainEvents(unsealed.events, sha256);
  const length = Math.max(recomputed.length, integrity.event_hashes.length);
  for (let i = 0; i < length; i++) {
    if (recomputed[i] !== integrity.event_hashes[i]) {
      const event = unsealed.events[i];
      const what = event ? `event #${i} (${event.kind}${"call_id" in event ? ` ${event.call_id}` : ""})` : `event #${i} (missing)`;
      return { ok: false, status: "chain_broken", eventIndex: i, message: `${what} breaks the hash chain: it was changed, added or removed after export` };
    }
  }
  const head = recomputed.at(-1) ?? GENESIS;
  if (head !== integrity.chain_head) return { ok: false, status: "chain_broken", eventIndex: recomputed.length - 1, message: "the chain head does not match the last event" };
  const digest = await sha256(jcs(digestInput(unsealed, head)));
  if (digest !== integrity.digest) return { ok: false, status: "digest_mismatch", message: "the run digest does not match: the result, verdicts, fixture hash, candidate, budget or versions were changed after export" };
  return { ok: true, status: "verified" };
}

/** The suite digest: the run digests, in order, so a run removed, added or reordered is evident. */
export async function suiteDigest(runs: readonly { integrity?: Integrity | undefined }[], sha256: Sha256Hex): Promise<string> {
  return sha256(jcs(runs.map((r) => r.integrity?.digest ?? null)));
}
