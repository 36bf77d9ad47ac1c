import { parsedEventsOf } from "../integrity/run-digest.ts";
import { chainHeadOf, type HashedEvents } from "../integrity/seal.ts";
import type { FileVerification } from "../integrity/verify-file.ts";
import type { ImportResult } from "./import-pipeline.ts";
import type { RecordedEvents } from "./replays.ts";

// The words and values an import ends with, shared by the pipeline (import-pipeline.ts) and the
// streamed JSONL suite (jsonl-suite-import.ts).

/** A run's events as parsed with their chain head, or null when they could not be hashed (no replay matches them). */
export const recordedEvents = (raw: unknown, hashed: HashedEvents | null): RecordedEvents | null => (hashed ? { events: parsedEventsOf(raw), chainHead: chainHeadOf(hashed.hashes) } : null);

export const refused = (message: string): ImportResult => ({ ok: false, cancelled: false, message });
export const CANCELLED: ImportResult = { ok: false, cancelled: true, message: "cancelled" };
export const unknownFixture = (field: string, id: string): string => `field "${field}": unknown fixture ${JSON.stringify(id)}`;
export const rejected = (verification: FileVerification): string => `rejected, not verified: ${verification.message}`;
