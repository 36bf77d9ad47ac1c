import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import { exportSuite } from "../../src/integrity/export.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { loadFixtures } from "../support.ts";

/** The sealed runs of a scripted candidate over every fixture that has it, exported as `npm run eval -- --export` exports them. */
export async function exportedSuite(candidate: string): Promise<ScoredRunExport[]> {
  const runs = [];
  for (const fixture of loadFixtures()) {
    const run = await evaluateScripted(fixture, candidate);
    if (run) runs.push({ run, fixture, kind: "scripted" as const });
  }
  return (await exportSuite(runs, { includeDiagnostics: false, sha256: nodeSha256, nowIso: "2026-03-31T09:30:00.000Z" })).runs;
}

export const runOf = (runs: readonly ScoredRunExport[], fixture: string): ScoredRunExport => {
  const run = runs.find((r) => r.fixture.id === fixture);
  if (!run) throw new Error(`no run of ${fixture}`);
  return run;
};
