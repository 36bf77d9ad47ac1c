import { canonicalJson, RUNTIME_VERSION } from "../runtime/canonical.ts";
import { ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, type CandidateKind, type EvaluationPlan } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { sealRun, suiteDigest } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";

export interface ExportOptions {
  includeDiagnostics: boolean;
  sha256: Sha256Hex;
  nowIso: string;
}

export const fixtureContentHash = async (fixture: Fixture, sha256: Sha256Hex): Promise<string> => `sha256:${await sha256(canonicalJson(fixture))}`;

/** A scored run as a sealed `finbound.scored-run/v1` file. Diagnostics only when asked for. */
export async function exportRun(run: ScoredRun, fixture: Fixture, kind: CandidateKind, options: ExportOptions): Promise<ScoredRunExport> {
  const started = run.events.find((e) => e.kind === "run_started");
  if (started?.kind !== "run_started") throw new Error("a run without a run_started event");
  const unsealed = ScoredRunExport.parse({
    format: SCORED_RUN_FORMAT,
    exported_at: options.nowIso,
    runtime_version: RUNTIME_VERSION,
    fixture: { id: fixture.id, content_hash: await fixtureContentHash(fixture, options.sha256) },
    candidate: { name: run.candidate, kind },
    budget: started.budget,
    events: run.events,
    result: run.result,
    verdicts: run.verdicts,
    passed: run.passed,
    unused_replies: run.unused_replies,
    ...(run.trial === undefined ? {} : { trial: run.trial }),
    ...(options.includeDiagnostics && run.diagnostics ? { diagnostics: run.diagnostics } : {}),
  });
  return { ...unsealed, integrity: await sealRun(unsealed, options.sha256) };
}

/** Several scored runs as a sealed `finbound.scored-suite/v1` file. */
export async function exportSuite(runs: readonly { run: ScoredRun; fixture: Fixture; kind: CandidateKind }[], options: ExportOptions & { plan?: EvaluationPlan }): Promise<ScoredSuiteExport> {
  const sealed = await Promise.all(runs.map((r) => exportRun(r.run, r.fixture, r.kind, options)));
  return sealSuite(sealed, options);
}

/** Runs that are already sealed, bound into one sealed suite (with the plan they were run under, if any). */
export async function sealSuite(runs: readonly ScoredRunExport[], options: Pick<ExportOptions, "sha256" | "nowIso"> & { plan?: EvaluationPlan }): Promise<ScoredSuiteExport> {
  const header = { format: SCORED_SUITE_FORMAT, exported_at: options.nowIso, runtime_version: RUNTIME_VERSION, ...(options.plan ? { plan: options.plan } : {}) };
  return ScoredSuiteExport.parse({ ...header, runs, integrity: { algorithm: "sha256", canonicalization: "RFC8785", digest: await suiteDigest(header, runs, options.sha256) } });
}
