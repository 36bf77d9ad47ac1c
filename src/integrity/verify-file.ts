import { validateJson } from "../files/read-json-file.ts";
import { EvaluationStop, ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT } from "../schemas/export.ts";
import { plainlyValidRun, plainlyValidSuite } from "../schemas/fast-validation.ts";
import { SuiteIntegrity, type SealSignature } from "../schemas/integrity.ts";
import { suiteDigestOfDigests, verifiedDigest, verifyRun, type SealProblem, type Verification } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";

export interface FileVerification {
  /** verified: every seal matches; unsealed: some part carries no seal (edits cannot be detected); broken: an edit was found. */
  status: "verified" | "unsealed" | "broken";
  message: string;
  /** A verified file's top-level seal (the run's, the suite's, a JSONL suite's closing one): what a signature signs. */
  seal?: { digest: string; signature?: SealSignature | undefined };
}

/** What a file whose seals do not all hold is called, in every command's words (verify, merge, diff, score, report). */
export const notVerified = (v: FileVerification): string => `NOT VERIFIED — ${v.message}`;

/** How every command names a suite's run: `run 3 (fv-scenario-a / reference)`. */
export const runLabel = (run: unknown, i: number): string => {
  const r = (run ?? {}) as { fixture?: { id?: unknown }; candidate?: { name?: unknown } };
  return `run ${i} (${String(r.fixture?.id)} / ${String(r.candidate?.name)})`;
};

/** A suite's run whose seal is broken, named as `npm run verify` names it. */
export const brokenSuiteRun = (run: unknown, i: number, v: SealProblem): FileVerification => ({ status: "broken", message: `${runLabel(run, i)}: ${v.message}` });

/** What verifying a lone run says about its file. */
export const runFileVerification = (v: Verification): FileVerification =>
  v.ok ? { status: "verified", message: "verified", seal: v.seal } : { status: v.status === "unsealed" ? "unsealed" : "broken", message: v.message };

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
    return { status: "broken", message: "the suite digest does not match: a run was added, removed or reordered, or the suite header was edited" };
  }
  const runs = runDigests.length;
  const gaps = [file.integrity === undefined ? "the suite has no integrity block" : "", unsealed > 0 ? `${unsealed} of ${runs} run(s) have none` : ""].filter(Boolean);
  if (gaps.length > 0) return { status: "unsealed", message: `not sealed: ${gaps.join("; ")}, so edits there cannot be detected` };
  return { status: "verified", message: `verified (${runs} runs${stoppedWords(file.stopped)})`, ...(seal.success ? { seal: seal.data } : {}) };
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
  | { ok: false; code: "unknown_format" | "invalid"; message: string };

/** The `format` a read file declares, if it is an object that declares one. */
export const declaredFormat = (value: unknown): unknown => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { format?: unknown }).format : undefined);

/**
 * Validates a file read by the one reader as a scored-run or scored-suite export: the same words
 * for `npm run verify` and the workbench import. Seals are verified separately, on the file as parsed.
 */
export function validateExport(value: unknown): ExportValidation {
  const format = declaredFormat(value);
  const invalid = (message: string): ExportValidation => ({ ok: false, code: "invalid", message: `not a valid ${String(format)} file: ${message}` });
  // The fast path vouches only for what the schema accepts; everything else, the full schema words.
  if (format === SCORED_RUN_FORMAT) {
    const fast = plainlyValidRun(value);
    if (fast) return { ok: true, kind: "run", file: fast };
    const run = validateJson(value, ScoredRunExport);
    return run.ok ? { ok: true, kind: "run", file: run.value } : invalid(run.message);
  }
  if (format === SCORED_SUITE_FORMAT) {
    const fast = plainlyValidSuite(value);
    if (fast) return { ok: true, kind: "suite", file: fast };
    const suite = validateJson(value, ScoredSuiteExport);
    return suite.ok ? { ok: true, kind: "suite", file: suite.value } : invalid(suite.message);
  }
  return { ok: false, code: "unknown_format", message: `unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT} or ${SCORED_SUITE_FORMAT}` };
}
