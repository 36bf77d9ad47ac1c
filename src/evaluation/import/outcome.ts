import { fixtureContentHash } from "../../integrity/export.ts";
import { parsedEventsOf } from "../../integrity/run-digest.ts";
import { chainHeadOf, type HashedEvents, type Sha256Hex } from "../../integrity/seal.ts";
import type { RefusalAt } from "../../files/refusal.ts";
import type { FileProblemVerification, FileVerification } from "../../integrity/verify-file.ts";
import { fieldPath } from "../../schemas/describe-issues.ts";
import { COLLECTED_TRACE_FORMAT } from "../../schemas/collected-trace.ts";
import { SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, type ScoredRunExport } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { checkSignature } from "../../integrity/signature.ts";
import type { ExportFindings, ImportRefusal, ImportRefusalCause, RunDifference } from "./types.ts";
import type { RecordedEvents } from "../replays.ts";
import type { Rescored, VerdictDifference } from "../rescore.ts";

// The words and values an import ends with, shared by the pipeline (pipeline.ts) and the
// streamed JSONL suite (jsonl-suite.ts), and read by `npm run verify` and the workbench.

/** A run's events as parsed with their chain head, or null when they could not be hashed (no replay matches them). */
export const recordedEvents = (raw: unknown, hashed: HashedEvents | null): RecordedEvents | null => (hashed ? { events: parsedEventsOf(raw), chainHead: chainHeadOf(hashed.hashes) } : null);


/** What an import's refusal knows beside its code: its words are made from this alone (describeImportRefusal). */
export type ImportRefusalDetail =
  /** Another module refused (the reader, a validator): in its words; `trace`: which of a file's traces. */
  | { code: "unreadable"; refusal: { code: ImportRefusalCause; at: RefusalAt; message: string }; trace?: number }
  | { code: "unreadable"; cause: "unknown_format"; format: unknown }
  /** A collected trace names a fixture not in the set (`trace`: which of a file's traces). */
  | { code: "unreadable"; cause: "unknown_fixture"; id: string; trace?: number }
  /** The import itself failed beneath the pipeline (its worker), in the words of that failure. */
  | { code: "unreadable"; failure: string }
  | { code: "unknown_fixture"; path: readonly (string | number)[]; id: string; run?: number }
  | { code: "broken_seal"; verification: FileProblemVerification }
  | { code: "cancelled" };

const unknownFixtureWords = (path: readonly (string | number)[], id: string): string => `field "${fieldPath(path)}": unknown fixture ${JSON.stringify(id)}`;

/** The words of an import's refusal, the same in the workbench and `npm run verify`. */
export function describeImportRefusal(detail: ImportRefusalDetail): string {
  switch (detail.code) {
    case "unreadable":
      if ("refusal" in detail) return `${detail.trace === undefined ? "" : `trace ${detail.trace}: `}${detail.refusal.message}`;
      if ("failure" in detail) return detail.failure;
      if (detail.cause === "unknown_fixture") return `${detail.trace === undefined ? "" : `trace ${detail.trace}: `}${unknownFixtureWords(["fixture"], detail.id)}`;
      return `unknown format ${JSON.stringify(detail.format ?? null)}: expected ${SCORED_RUN_FORMAT}, ${SCORED_SUITE_FORMAT} or ${COLLECTED_TRACE_FORMAT}`;
    case "unknown_fixture":
      return unknownFixtureWords(detail.path, detail.id);
    case "broken_seal":
      return `rejected, not verified: ${detail.verification.message}`;
    case "cancelled":
      return "cancelled";
  }
}

/** An import's refusal from what refused it, with its code, cause and place. */
export function importRefusal(detail: ImportRefusalDetail): ImportRefusal {
  const message = describeImportRefusal(detail);
  switch (detail.code) {
    case "unreadable":
      if ("refusal" in detail) return { ok: false, cancelled: false, code: "unreadable", cause: detail.refusal.code, at: { ...detail.refusal.at, ...(detail.trace === undefined ? {} : { run: detail.trace }) }, message };
      if ("failure" in detail) return { ok: false, cancelled: false, code: "unreadable", cause: "unreadable", at: {}, message };
      if (detail.cause === "unknown_fixture") return { ok: false, cancelled: false, code: "unreadable", cause: "unknown_fixture", at: { path: ["fixture"], ...(detail.trace === undefined ? {} : { run: detail.trace }) }, message };
      return { ok: false, cancelled: false, code: "unreadable", cause: "unknown_format", at: { path: ["format"] }, message };
    case "unknown_fixture":
      return { ok: false, cancelled: false, code: "unknown_fixture", cause: "unknown_fixture", at: { path: detail.path, ...(detail.run === undefined ? {} : { run: detail.run }) }, message };
    case "broken_seal":
      return { ok: false, cancelled: false, code: "broken_seal", cause: detail.verification.code, at: detail.verification.at, message, verification: detail.verification };
    case "cancelled":
      return { ok: false, cancelled: true, code: "cancelled", cause: "cancelled", at: {}, message };
  }
}

/** Another module's refusal, as the import's (`unreadable`); `trace`: which of a file's traces it is about. */
export const refusedBy = (refusal: { code: ImportRefusalCause; at: RefusalAt; message: string }, trace?: number): ImportRefusal =>
  importRefusal({ code: "unreadable", refusal, ...(trace === undefined ? {} : { trace }) });
/** The import failed beneath the pipeline (its worker): `unreadable`, in that failure's words. */
export const refused = (failure: string): ImportRefusal => importRefusal({ code: "unreadable", failure });
export const CANCELLED: ImportRefusal = importRefusal({ code: "cancelled" });
/** A run naming a fixture not in the set: `path` its field (`runs[3].fixture.id`), `run` its index in a suite. */
export const unknownFixture = (path: readonly (string | number)[], id: string, run?: number): ImportRefusal => importRefusal({ code: "unknown_fixture", path, id, ...(run === undefined ? {} : { run }) });
/** A file whose seal broke, with what broke (`npm run verify` says it in its own words). */
export const rejected = (verification: FileProblemVerification): ImportRefusal => importRefusal({ code: "broken_seal", verification });

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

/** Whether the file states what its replay recomputed: every verdict, `passed` and the result. */
const statesReplay = (r: Rescored): boolean => r.differences.length === 0 && !r.passedDiffers && !r.resultDiffers;

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
