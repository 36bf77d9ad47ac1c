import { isInfrastructureFailure } from "../evaluation/reliability.ts";
import { canonicalJson, RUNTIME_VERSION } from "../runtime/canonical.ts";
import { ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, type CandidateKind, type EvaluationPlan, type EvaluationStop } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { sealRun, suiteDigestOfDigests } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";
import { signSeal, type Signer } from "./signature.ts";

export interface ExportOptions {
  includeDiagnostics: boolean;
  sha256: Sha256Hex;
  nowIso: string;
  /** When the run started by the wall clock, and the seed it sent: recorded where known. */
  startedAt?: string;
  seed?: number;
}

// A fixture's content hash, once per fixture: a suite exports many runs of each, and a fixture does not
// change once loaded (any SHA-256 gives the same hex, so the function it was made with does not matter).
const contentHashes = new WeakMap<Fixture, Promise<string>>();

export const fixtureContentHash = (fixture: Fixture, sha256: Sha256Hex): Promise<string> => {
  let hash = contentHashes.get(fixture);
  if (!hash) {
    hash = (async () => `sha256:${await sha256(canonicalJson(fixture))}`)();
    contentHashes.set(fixture, hash);
  }
  return hash;
};

/** A sealed run signed as a file of its own (a suite's runs are signed through the suite's seal instead). */
export async function signRun(file: ScoredRunExport, signer: Signer | undefined): Promise<ScoredRunExport> {
  return signer && file.integrity ? { ...file, integrity: await signSeal(file.integrity, signer) } : file;
}

/** Runs sealed between two pauses of a suite export. */
const RUNS_PER_PAUSE = 100;

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
    infrastructure: isInfrastructureFailure(run),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.startedAt === undefined ? {} : { started_at: options.startedAt }),
    ...(options.includeDiagnostics && run.diagnostics ? { diagnostics: run.diagnostics } : {}),
  });
  return { ...unsealed, integrity: await sealRun(unsealed, options.sha256) };
}

/**
 * Several scored runs as a sealed `finbound.scored-suite/v1` file. `pause`, when given, is awaited
 * between batches of runs: the page passes a yield to the event loop, so sealing 10,000 runs is many
 * short tasks rather than one of seconds.
 */
export async function exportSuite(
  runs: readonly { run: ScoredRun; fixture: Fixture; kind: CandidateKind }[],
  options: ExportOptions & { plan?: EvaluationPlan; pause?: () => Promise<void>; signer?: Signer | undefined },
): Promise<ScoredSuiteExport> {
  const sealed: ScoredRunExport[] = [];
  for (let from = 0; from < runs.length; from += RUNS_PER_PAUSE) {
    if (from > 0) await options.pause?.();
    sealed.push(...(await Promise.all(runs.slice(from, from + RUNS_PER_PAUSE).map((r) => exportRun(r.run, r.fixture, r.kind, options)))));
  }
  return sealSuite(sealed, options);
}

/**
 * Runs that are already sealed, bound into one sealed suite (with the plan they were run under, if
 * any), its digest signed when there is a signer (the runs are signed through it, not one by one).
 */
export async function sealSuite(
  runs: readonly ScoredRunExport[],
  options: Pick<ExportOptions, "sha256" | "nowIso"> & { plan?: EvaluationPlan; stopped?: EvaluationStop; signer?: Signer | undefined },
): Promise<ScoredSuiteExport> {
  const header = { format: SCORED_SUITE_FORMAT, exported_at: options.nowIso, runtime_version: RUNTIME_VERSION, ...(options.plan ? { plan: options.plan } : {}), ...(options.stopped ? { stopped: options.stopped } : {}) };
  // Each run is a ScoredRunExport already (parsed when it was sealed or read): its digest is read
  // as it is, and only the suite's own fields are checked here, not 10,000 runs a second time.
  const integrity = await signSeal({ algorithm: "sha256", canonicalization: "RFC8785", digest: await suiteDigestOfDigests(header, runs.map((r) => r.integrity?.digest ?? null), options.sha256) }, options.signer);
  const { runs: _none, integrity: sealed, ...head } = ScoredSuiteExport.parse({ ...header, runs: [], integrity });
  return { ...head, runs: [...runs], integrity: sealed };
}
