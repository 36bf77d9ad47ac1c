import { fixtureContentHash } from "../../integrity/export.ts";
import { parsedEventsOf } from "../../integrity/run-digest.ts";
import { chainHeadOf, type HashedEvents, type Sha256Hex } from "../../integrity/seal.ts";
import type { FileVerification } from "../../integrity/verify-file.ts";
import type { ScoredRunExport } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { checkSignature } from "../../integrity/signature.ts";
import type { ExportFindings, ImportRefusalCode, ImportResult, RunDifference } from "./types.ts";
import type { RecordedEvents } from "../replays.ts";
import { statesReplay, type Rescored, type VerdictDifference } from "../rescore.ts";

// The words and values an import ends with, shared by the pipeline (pipeline.ts) and the
// streamed JSONL suite (jsonl-suite.ts), and read by `npm run verify` and the workbench.

/** A run's events as parsed with their chain head, or null when they could not be hashed (no replay matches them). */
export const recordedEvents = (raw: unknown, hashed: HashedEvents | null): RecordedEvents | null => (hashed ? { events: parsedEventsOf(raw), chainHead: chainHeadOf(hashed.hashes) } : null);


export const refused = (message: string, code: ImportRefusalCode = "unreadable"): ImportResult => ({ ok: false, cancelled: false, code, message });
export const CANCELLED: ImportResult = { ok: false, cancelled: true, code: "cancelled", message: "cancelled" };
export const unknownFixture = (field: string, id: string): string => `field "${field}": unknown fixture ${JSON.stringify(id)}`;
/** A file whose seal broke, with what broke (`npm run verify` says it in its own words). */
export const rejected = (verification: FileVerification): ImportResult => ({ ok: false, cancelled: false, code: "broken_seal", message: `rejected, not verified: ${verification.message}`, verification });


/** The runs of a suite whose files state other verdicts than their replays: counted, the first described. */
export class DifferingRuns {
  count = 0;
  first: RunDifference | null = null;

  constructor(private readonly sha256: Sha256Hex) {}

  async note(run: string, file: ScoredRunExport, fixture: Fixture, rescored: Rescored): Promise<void> {
    if (statesReplay(rescored)) return;
    this.count += 1;
    this.first ??= await runDifference(run, file, fixture, rescored, this.sha256);
  }

  /** What the file was found to be, once its seals are concluded: its signature is checked over the digest they verified. */
  async findings(verification: FileVerification, runs: number, signedBy: string | undefined): Promise<ExportFindings> {
    return { verification, signature: await checkSignature(verification, signedBy), runs, differing: this.count, firstDifference: this.first };
  }
}

async function runDifference(run: string, file: ScoredRunExport, fixture: Fixture, rescored: Rescored, sha256: Sha256Hex): Promise<RunDifference> {
  return {
    run,
    differences: rescored.differences,
    passed: rescored.passedDiffers ? { inFile: file.passed, recomputed: rescored.run.passed } : null,
    resultDiffers: rescored.resultDiffers,
    fixtureChanged: file.fixture.content_hash !== (await fixtureContentHash(fixture, sha256)),
  };
}

const statusOf = (v: VerdictDifference["inFile"]): string => v?.status ?? "none";

/** `run 3 (…): claims_match_record (the file says pass, the replay fail)`, every check that differs. */
export function describeDifference(d: RunDifference): string {
  const checks = d.differences.map((c) => `check ${c.check} (the file says ${statusOf(c.inFile)}, the replay ${statusOf(c.recomputed)})`);
  const passed = d.passed ? [`passed (the file says ${d.passed.inFile}, the replay ${d.passed.recomputed})`] : [];
  const result = d.resultDiffers ? ["result (the file's is not the one its replay assembles)"] : [];
  const fixture = d.fixtureChanged ? "; the fixture has changed since the file was written" : "";
  return `${d.run}: ${[...checks, ...passed, ...result].join(", ")}${fixture}`;
}
