import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Sha256Hex } from "./seal.ts";

const encoder = new TextEncoder();

/**
 * A synchronous SHA-256 in plain JavaScript (@noble/hashes), for the import worker: the chain of a
 * 10,000-run suite is 100,000 hashes of a few hundred bytes each, and awaiting WebCrypto for each
 * costs about six times as much as computing them here (docs/performance.md).
 */
export const sha256Sync: Sha256Hex = (text) => bytesToHex(sha256(encoder.encode(text)));
