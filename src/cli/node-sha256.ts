import { hash } from "node:crypto";
import type { Sha256Hex } from "../integrity/seal.ts";

/**
 * SHA-256 in Node: synchronous, so a chain of many events is never awaited hash by hash, and
 * one-shot (crypto.hash), which for a few hundred bytes costs about half of createHash().update().digest().
 */
export const nodeSha256: Sha256Hex = (text) => hash("sha256", text, "hex");
