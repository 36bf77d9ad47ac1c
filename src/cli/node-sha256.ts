import { createHash } from "node:crypto";
import type { Sha256Hex } from "../integrity/seal.ts";

export const nodeSha256: Sha256Hex = async (text) => createHash("sha256").update(text, "utf8").digest("hex");
