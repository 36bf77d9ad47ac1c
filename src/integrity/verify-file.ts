import { validateJson } from "../files/read-json-file.ts";
import { ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT } from "../schemas/export.ts";
import { SuiteIntegrity } from "../schemas/integrity.ts";
import { suiteDigest, verifyRun } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";

export interface FileVerification {
  /** verified: every seal matches; unsealed: some part carries no seal (edits cannot be detected); broken: an edit was found. */
  status: "verified" | "unsealed" | "broken";
  message: string;
}

const label = (run: unknown, i: number): string => {
  const r = (run ?? {}) as { fixture?: { id?: unknown }; candidate?: { name?: unknown } };
  return `run ${i} (${String(r.fixture?.id)} / ${String(r.candidate?.name)})`;
};

/**
 * Verifies a scored-run or scored-suite file as parsed from its text, before any validation
 * touches it: every run's chain and digest, and a suite's own digest over its header and runs.
 */
export async function verifyExportFile(raw: unknown, sha256: Sha256Hex): Promise<FileVerification> {
  const file = (raw ?? {}) as { format?: unknown; runs?: unknown; integrity?: unknown; exported_at?: unknown; runtime_version?: unknown; plan?: unknown };
  if (file.format !== SCORED_SUITE_FORMAT) {
    const v = await verifyRun(raw, sha256);
    return v.ok ? { status: "verified", message: "verified" } : { status: v.status === "unsealed" ? "unsealed" : "broken", message: v.message };
  }
  const runs = Array.isArray(file.runs) ? (file.runs as unknown[]) : [];
  let unsealed = 0;
  for (const [i, run] of runs.entries()) {
    const v = await verifyRun(run, sha256);
    if (!v.ok && v.status !== "unsealed") return { status: "broken", message: `${label(run, i)}: ${v.message}` };
    if (!v.ok) unsealed += 1;
  }
  const seal = SuiteIntegrity.safeParse(file.integrity);
  const header = { format: SCORED_SUITE_FORMAT, exported_at: String(file.exported_at), runtime_version: String(file.runtime_version), ...(file.plan === undefined ? {} : { plan: file.plan }) };
  if (file.integrity !== undefined && (!seal.success || seal.data.digest !== (await suiteDigest(header, runs as { integrity?: unknown }[], sha256)))) {
    return { status: "broken", message: "the suite digest does not match: a run was added, removed or reordered, or the suite header was edited" };
  }
  const gaps = [file.integrity === undefined ? "the suite has no integrity block" : "", unsealed > 0 ? `${unsealed} of ${runs.length} run(s) have none` : ""].filter(Boolean);
  if (gaps.length > 0) return { status: "unsealed", message: `not sealed: ${gaps.join("; ")}, so edits there cannot be detected` };
  return { status: "verified", message: `verified (${runs.length} runs)` };
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
  if (format === SCORED_RUN_FORMAT) {
    const run = validateJson(value, ScoredRunExport);
    return run.ok ? { ok: true, kind: "run", file: run.value } : invalid(run.message);
  }
  if (format === SCORED_SUITE_FORMAT) {
    const suite = validateJson(value, ScoredSuiteExport);
    return suite.ok ? { ok: true, kind: "suite", file: suite.value } : invalid(suite.message);
  }
  return { ok: false, code: "unknown_format", message: `unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT} or ${SCORED_SUITE_FORMAT}` };
}
