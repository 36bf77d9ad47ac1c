import { SCORED_SUITE_FORMAT } from "../schemas/export.ts";
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
  const file = (raw ?? {}) as { format?: unknown; runs?: unknown; integrity?: unknown; exported_at?: unknown; runtime_version?: unknown };
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
  const header = { format: SCORED_SUITE_FORMAT, exported_at: String(file.exported_at), runtime_version: String(file.runtime_version) } as const;
  if (file.integrity !== undefined && (!seal.success || seal.data.digest !== (await suiteDigest(header, runs as { integrity?: unknown }[], sha256)))) {
    return { status: "broken", message: "the suite digest does not match: a run was added, removed or reordered, or the suite header was edited" };
  }
  const gaps = [file.integrity === undefined ? "the suite has no integrity block" : "", unsealed > 0 ? `${unsealed} of ${runs.length} run(s) have none` : ""].filter(Boolean);
  if (gaps.length > 0) return { status: "unsealed", message: `not sealed: ${gaps.join("; ")}, so edits there cannot be detected` };
  return { status: "verified", message: `verified (${runs.length} runs)` };
}
