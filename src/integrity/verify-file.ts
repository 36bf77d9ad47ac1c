import { validateJson, type FileProblem } from "../files/read-json-file.ts";
import type { Refusal, RefusalAt } from "../files/refusal.ts";
import { EvaluationStop, ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT } from "../schemas/export.ts";
import { plainlyValidRun, plainlyValidSuite } from "../schemas/fast-validation.ts";
import { SuiteIntegrity, type SealSignature } from "../schemas/integrity.ts";
import { suiteDigestOfDigests, verifiedDigest, verifyRun, type SealProblem, type SealProblemCode, type Verification } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";

/**
 * Why a file is not verified: a run's seal (its code, run-digest.ts), the suite's digest, a JSONL
 * suite cut short before its closing line, or parts without a seal (`unsealed`).
 */
export const FILE_VERIFICATION_CODES = ["suite_digest_mismatch", "cut_short"] as const;
export type VerifyProblemCode = SealProblemCode | (typeof FILE_VERIFICATION_CODES)[number];

export type FileVerification =
  | {
      /** Every seal matches. */
      status: "verified";
      message: string;
      /** A verified file's top-level seal (the run's, the suite's, a JSONL suite's closing one): what a signature signs. */
      seal?: { digest: string; signature?: SealSignature | undefined };
    }
  | {
      /** unsealed: some part carries no seal (edits cannot be detected); broken: an edit was found. */
      status: "unsealed" | "broken";
      code: VerifyProblemCode;
      /** The run (its index, and its line in a JSONL suite) and the field that broke, when one did. */
      at: RefusalAt;
      message: string;
    };

export type FileProblemVerification = Exclude<FileVerification, { status: "verified" }>;

/** What a file's verification knows beside its code: its words are made from this alone (describeVerification). */
export type VerificationDetail =
  /** A run's own seal; `run`: how the file names it (`run 3 (fv-scenario-a / reference)`), absent for a file of one run. */
  | { code: "run_seal"; seal: SealProblem; run?: string }
  | { code: "suite_digest_mismatch"; form: "suite" | "jsonl" }
  | { code: "unsealed"; form: "suite"; suiteSealed: boolean; unsealedRuns: number; runs: number }
  | { code: "unsealed"; form: "jsonl"; unsealedRuns: number; runs: number }
  | { code: "cut_short"; sealedRuns: number; runs: number };

/** The words of a file that is not verified, the same for every command and the workbench. */
export function describeVerification(detail: VerificationDetail): string {
  switch (detail.code) {
    case "run_seal":
      return detail.run === undefined ? detail.seal.message : `${detail.run}: ${detail.seal.message}`;
    case "suite_digest_mismatch":
      return detail.form === "suite"
        ? "the suite digest does not match: a run was added, removed or reordered, or the suite header was edited"
        : "the suite digest does not match: a line was added, removed or reordered, or the header was edited";
    case "unsealed": {
      if (detail.form === "jsonl") return `not sealed: ${detail.unsealedRuns} of ${detail.runs} run(s) have no integrity block`;
      const gaps = [detail.suiteSealed ? "" : "the suite has no integrity block", detail.unsealedRuns > 0 ? `${detail.unsealedRuns} of ${detail.runs} run(s) have none` : ""].filter(Boolean);
      return `not sealed: ${gaps.join("; ")}, so edits there cannot be detected`;
    }
    case "cut_short":
      return `not sealed: the file ends without its closing line (the evaluation stopped before it finished); ${detail.sealedRuns} of ${detail.runs} run(s) are each sealed`;
  }
}

/** A file not verified, from what was found and where, in describeVerification's words. */
export function unverified(detail: VerificationDetail, at: RefusalAt = {}): FileProblemVerification {
  const code = detail.code === "run_seal" ? detail.seal.code : detail.code;
  return { status: code === "unsealed" || code === "cut_short" ? "unsealed" : "broken", code, at, message: describeVerification(detail) };
}

/** What a file whose seals do not all hold is called, in every command's words (verify, merge, diff, score, report). */
export const notVerified = (v: FileVerification): string => `NOT VERIFIED — ${v.message}`;

/** How every command names a suite's run: `run 3 (fv-scenario-a / reference)`. */
export const runLabel = (run: unknown, i: number): string => {
  const r = (run ?? {}) as { fixture?: { id?: unknown }; candidate?: { name?: unknown } };
  return `run ${i} (${String(r.fixture?.id)} / ${String(r.candidate?.name)})`;
};

/** A suite's run whose seal is broken, named as `npm run verify` names it. */
export const brokenSuiteRun = (run: unknown, i: number, v: SealProblem): FileProblemVerification =>
  unverified({ code: "run_seal", seal: v, run: runLabel(run, i) }, { run: i, ...(v.at.path ? { path: ["runs", i, ...v.at.path] } : {}) });

/**
 * What a verified file says of its top-level seal: its digest and signature, not the rest of it. A
 * run's seal holds a hash per event, and a verification crosses from an import's worker to the page
 * (after a million-event run, 67 MB to copy in one task).
 */
export const signedPart = ({ digest, signature }: { digest: string; signature?: SealSignature | undefined }): { digest: string; signature?: SealSignature } => (signature ? { digest, signature } : { digest });

/** What verifying a lone run says about its file. */
export const runFileVerification = (v: Verification): FileVerification =>
  v.ok ? { status: "verified", message: "verified", seal: signedPart(v.seal) } : unverified({ code: "run_seal", seal: v }, v.at);

/**
 * The end of a suite's verification, once every run's own seal held: the suite digest over its
 * header and the runs' digests in order, then whatever is not sealed.
 */
export async function concludeSuite(raw: unknown, runDigests: readonly (string | null)[], unsealed: number, sha256: Sha256Hex): Promise<FileVerification> {
  const file = (raw ?? {}) as { integrity?: unknown; exported_at?: unknown; runtime_version?: unknown; plan?: unknown; stopped?: unknown };
  const seal = SuiteIntegrity.safeParse(file.integrity);
  const header = {
    format: SCORED_SUITE_FORMAT,
    exported_at: String(file.exported_at),
    runtime_version: String(file.runtime_version),
    ...(file.plan === undefined ? {} : { plan: file.plan }),
    ...(file.stopped === undefined ? {} : { stopped: file.stopped }),
  };
  if (file.integrity !== undefined && (!seal.success || seal.data.digest !== (await suiteDigestOfDigests(header, runDigests, sha256)))) {
    return unverified({ code: "suite_digest_mismatch", form: "suite" }, { path: ["integrity"] });
  }
  const runs = runDigests.length;
  if (file.integrity === undefined || unsealed > 0) return unverified({ code: "unsealed", form: "suite", suiteSealed: file.integrity !== undefined, unsealedRuns: unsealed, runs });
  return { status: "verified", message: `verified (${runs} runs${stoppedWords(file.stopped)})`, ...(seal.success ? { seal: signedPart(seal.data) } : {}) };
}

/** What a sealed suite says of an evaluation that stopped early, for verify's line. */
export function stoppedWords(stopped: unknown): string {
  const parsed = EvaluationStop.safeParse(stopped);
  return parsed.success ? `; the evaluation stopped (${parsed.data.reason}), ${parsed.data.not_run.length} planned run(s) not run` : "";
}

/** The runs of a parsed suite file, or none when `runs` is not an array (validation refuses that). */
export const parsedRunsOf = (raw: unknown): unknown[] => {
  const runs = ((raw ?? {}) as { runs?: unknown }).runs;
  return Array.isArray(runs) ? (runs as unknown[]) : [];
};

/**
 * Verifies a scored-run or scored-suite file as parsed from its text, before any validation
 * touches it: every run's chain and digest, and a suite's own digest over its header and runs.
 */
export async function verifyExportFile(raw: unknown, sha256: Sha256Hex): Promise<FileVerification> {
  if (declaredFormat(raw) !== SCORED_SUITE_FORMAT) return runFileVerification(await verifyRun(raw, sha256));
  const runs = parsedRunsOf(raw);
  let unsealed = 0;
  const digests: (string | null)[] = [];
  for (const [i, run] of runs.entries()) {
    const v = await verifyRun(run, sha256);
    if (!v.ok && v.status !== "unsealed") return brokenSuiteRun(run, i, v);
    if (!v.ok) unsealed += 1;
    digests.push(verifiedDigest(v));
  }
  return concludeSuite(raw, digests, unsealed, sha256);
}

export type ExportValidation =
  | { ok: true; kind: "run"; file: ScoredRunExport }
  | { ok: true; kind: "suite"; file: ScoredSuiteExport }
  | Refusal<"unknown_format">
  | Refusal<"invalid">;

/** Why a read value is no export: its words are made from this alone (describeExportProblem). */
type ExportProblemDetail = { code: "unknown_format"; format: unknown } | { code: "invalid"; format: unknown; invalid: FileProblem };

export function describeExportProblem(detail: ExportProblemDetail): string {
  return detail.code === "invalid"
    ? `not a valid ${String(detail.format)} file: ${detail.invalid.message}`
    : `unknown format ${JSON.stringify(detail.format ?? null)}: expected ${SCORED_RUN_FORMAT} or ${SCORED_SUITE_FORMAT}`;
}

const exportProblem = (detail: ExportProblemDetail): Refusal<"unknown_format"> | Refusal<"invalid"> =>
  detail.code === "invalid"
    ? { ok: false, code: "invalid", at: detail.invalid.at, message: describeExportProblem(detail) }
    : { ok: false, code: "unknown_format", at: { path: ["format"] }, message: describeExportProblem(detail) };

/** The `format` a read file declares, if it is an object that declares one. */
export const declaredFormat = (value: unknown): unknown => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { format?: unknown }).format : undefined);

/**
 * Validates a file read by the one reader as a scored-run or scored-suite export: the same words
 * for `npm run verify` and the workbench import. Seals are verified separately, on the file as parsed.
 */
export function validateExport(value: unknown): ExportValidation {
  const format = declaredFormat(value);
  const invalid = (problem: FileProblem): ExportValidation => exportProblem({ code: "invalid", format, invalid: problem });
  // The fast path vouches only for what the schema accepts; everything else, the full schema words.
  if (format === SCORED_RUN_FORMAT) {
    const fast = plainlyValidRun(value);
    if (fast) return { ok: true, kind: "run", file: fast };
    const run = validateJson(value, ScoredRunExport);
    return run.ok ? { ok: true, kind: "run", file: run.value } : invalid(run);
  }
  if (format === SCORED_SUITE_FORMAT) {
    const fast = plainlyValidSuite(value);
    if (fast) return { ok: true, kind: "suite", file: fast };
    const suite = validateJson(value, ScoredSuiteExport);
    return suite.ok ? { ok: true, kind: "suite", file: suite.value } : invalid(suite);
  }
  return exportProblem({ code: "unknown_format", format });
}
