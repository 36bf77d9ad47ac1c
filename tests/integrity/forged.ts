import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { sealSuite } from "../../src/integrity/export.ts";
import { sealRun } from "../../src/integrity/run-digest.ts";
import type { ScoredRunExport, ScoredSuiteExport } from "../../src/schemas/export.ts";

// What a forger with finbound's own code does: change what a file says, then seal it again with
// sealRun and sealSuite. Every seal holds afterwards: only a replay, or a signature, tells.

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The run with its first passing verdict turned to fail (its `passed` left alone), sealed again. */
export async function flippedRun(run: ScoredRunExport): Promise<{ run: ScoredRunExport; check: string }> {
  const { integrity: _old, ...edited } = copy(run);
  const verdict = edited.verdicts.find((v) => v.status === "pass");
  if (!verdict) throw new Error("the run has no passing verdict to flip");
  verdict.status = "fail";
  return { run: { ...edited, integrity: await sealRun(edited, nodeSha256) }, check: verdict.check };
}

/**
 * The suite with one run's verdict flipped, every seal made again; `keepSignature` copies the old
 * suite's signature block into the new seal, as a forger without the key would have to.
 */
export async function flippedSuite(suite: ScoredSuiteExport, index: number, keepSignature = false): Promise<{ suite: ScoredSuiteExport; check: string }> {
  const runs = [...suite.runs];
  const { run, check } = await flippedRun(runs[index] as ScoredRunExport);
  runs[index] = run;
  const resealed = await sealSuite(runs, { sha256: nodeSha256, nowIso: suite.exported_at, ...(suite.plan ? { plan: suite.plan } : {}) });
  const signature = suite.integrity?.signature;
  if (keepSignature && resealed.integrity && signature) resealed.integrity = { ...resealed.integrity, signature };
  return { suite: resealed, check };
}
