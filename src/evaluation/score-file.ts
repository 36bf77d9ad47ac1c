import { parseCollectedTraceFile, validateCollectedTraces, type TraceFileParse } from "../candidates/collected-trace.ts";
import { recordedReplies } from "../candidates/recorded.ts";
import type { FileLimits, FileProblemCode } from "../files/read-json-file.ts";
import type { Refusal, RefusalAt } from "../files/refusal.ts";
import { looksLikeJsonLines } from "../files/read-json-lines.ts";
import { fixtureContentHash } from "../integrity/export.ts";
import { readExportFile, runsOf, verifyExport, type ExportFile } from "../integrity/export-file.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import { declaredFormat, notVerified, type FileProblemVerification } from "../integrity/verify-file.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../schemas/collected-trace.ts";
import { SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT, SCORED_SUITE_JSONL_FORMAT, type ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { scoreCollectedTrace, type EvaluateOptions, type TraceScore } from "./evaluate.ts";
import { describeImportRefusal } from "./import/outcome.ts";
import { freezeParsed } from "../runtime/freeze.ts";
import { LONGEST_REPLAY_KEPT } from "./replays.ts";
import { compareVerdicts } from "./rescore.ts";

// What `npm run score` makes of a file: every file finbound writes that holds replies becomes the
// collected traces to replay. A collected trace is one already; a scored run (alone, in a suite, or
// a line of a JSONL suite) becomes one from its recorded replies and the settings it recorded, after
// its seal is checked as `npm run verify` checks it. Every run is then replayed the way a collected
// trace is (scoreCollectedTrace), so its verdicts come from the replay, never from the file.

/** What a file to score was: collected traces, or one of the three exports. */
export type ScoreFileKind = "collected-traces" | "scored-run" | "scored-suite" | "jsonl-suite";

/** One run to replay, in the form a collected trace has. */
export interface TraceToReplay {
  /** Where the replies come from: a collected trace as handed in, or a run a scored file recorded. */
  kind: "collected-trace" | "recorded-run";
  /** How a message names it within its file: `trace 2`, `run 3`, `run 3 (line 5)`. */
  name: string;
  /** A recorded run's trace carries the settings the run recorded: its budget, repair and lenient fence. */
  trace: CollectedTrace;
  /** The verdicts a scored file states, only to say where the replay differs; never reported as the run's. */
  stated: readonly Verdict[] | null;
}

export const SCORE_FILE_PROBLEM_CODES = ["invalid_trace", "no_replies", "not_finbound", "broken_seal", "unknown_fixture", "nothing_to_score"] as const;
export type ScoreFileProblemCode = FileProblemCode | (typeof SCORE_FILE_PROBLEM_CODES)[number];

export type TracesToReplay =
  | { ok: true; kind: ScoreFileKind; traces: TraceToReplay[]; /** What the reader noticed about the file (an unsealed part, a fixture changed since). */ notes: string[] }
  | Refusal<ScoreFileProblemCode>;

/** What a refusal to score knows beside its code: its words are made from this alone (describeScoreFileProblem). */
type ScoreFileProblemDetail =
  /** The reader, or the trace or export validator, refused: in its words. */
  | { code: ScoreFileProblemCode; refusal: Refusal<ScoreFileProblemCode> }
  | { code: "nothing_to_score"; holds: "trace" | "run" }
  | { code: "no_replies"; format: string }
  | { code: "not_finbound"; format: unknown }
  | { code: "broken_seal"; verification: FileProblemVerification }
  | { code: "unknown_fixture"; path: readonly (string | number)[]; id: string; run?: number };

export function describeScoreFileProblem(detail: ScoreFileProblemDetail): string {
  if ("refusal" in detail) return detail.refusal.message;
  switch (detail.code) {
    case "nothing_to_score":
      return `the file holds no ${detail.holds}`;
    case "no_replies":
      return `a ${detail.format} file holds no replies to score`;
    case "not_finbound":
      return `not a finbound file: ${detail.format === undefined ? "it declares no format" : `its format is ${JSON.stringify(detail.format)}`} (score reads ${SCORED_FORMATS})`;
    case "broken_seal":
      return notVerified(detail.verification);
    case "unknown_fixture":
      // In the words an import uses for the same run.
      return describeImportRefusal(detail);
  }
}

/**
 * A trace whose fixture is not in the set, found when it is replayed: `trace 2: field "fixture": unknown
 * fixture "x"`, the trace's name given when the file holds more than one (`named`).
 */
export function unknownTraceFixture(t: TraceToReplay, named: boolean): Refusal<"unknown_fixture"> {
  const words = describeScoreFileProblem({ code: "unknown_fixture", path: ["fixture"], id: t.trace.fixture });
  return { ok: false, code: "unknown_fixture", at: { path: ["fixture"] }, message: named ? `${t.name}: ${words}` : words };
}

function scoreFileProblem(detail: ScoreFileProblemDetail): Refusal<ScoreFileProblemCode> {
  const at: RefusalAt =
    "refusal" in detail ? detail.refusal.at
    : detail.code === "broken_seal" ? detail.verification.at
    : detail.code === "unknown_fixture" ? { path: detail.path, ...(detail.run === undefined ? {} : { run: detail.run }) }
    : detail.code === "no_replies" || detail.code === "not_finbound" ? { path: ["format"] }
    : {};
  return { ok: false, code: detail.code, at, message: describeScoreFileProblem(detail) };
}

export interface ScoreFileOptions {
  /** The fixture set the runs are replayed against. */
  fixtures: readonly Fixture[];
  sha256: Sha256Hex;
  limits?: FileLimits;
}

const SCORED_FORMATS = `${COLLECTED_TRACE_FORMAT}, ${SCORED_RUN_FORMAT}, ${SCORED_SUITE_FORMAT} and ${SCORED_SUITE_JSONL_FORMAT}`;

const declaresTrace = (value: unknown): boolean => declaredFormat(value) === COLLECTED_TRACE_FORMAT;

/**
 * A file's bytes → the traces to replay, each with its kind and name. Read by the one reader that
 * `npm run verify` and `npm run merge` use (readExportFile), collected traces as `score` always
 * read them; a file that holds no replies is refused naming what it is.
 */
export async function tracesToReplay(bytes: Uint8Array, options: ScoreFileOptions): Promise<TracesToReplay> {
  // JSON Lines of traces (`eval --collect FILE.jsonl`) announce themselves on their first line.
  if (looksLikeJsonLines(bytes, declaresTrace)) return collectedTraces(parseCollectedTraceFile(bytes, options.limits));
  const read = readExportFile(bytes, options.limits);
  if (read.ok) return recordedRuns(read.value, options);
  if (read.code !== "unknown_format") return scoreFileProblem({ code: read.code, refusal: read });
  if (Array.isArray(read.value) || declaresTrace(read.value)) return collectedTraces(validateCollectedTraces(read.value));
  return notScorable(read.value);
}

function collectedTraces(parsed: TraceFileParse): TracesToReplay {
  if (!parsed.ok) return scoreFileProblem({ code: parsed.code, refusal: parsed });
  if (parsed.traces.length === 0) return scoreFileProblem({ code: "nothing_to_score", holds: "trace" });
  const traces = parsed.traces.map((trace, i): TraceToReplay => ({ kind: "collected-trace", name: `trace ${i}`, trace, stated: null }));
  return { ok: true, kind: "collected-traces", traces, notes: [] };
}

/** A JSON value that is neither an export nor collected traces: another finbound file, or none. */
function notScorable(value: unknown): TracesToReplay {
  const format = declaredFormat(value);
  if (typeof format === "string" && format.startsWith("finbound.")) return scoreFileProblem({ code: "no_replies", format });
  return scoreFileProblem({ code: "not_finbound", format });
}

const FILE_KIND = { run: "scored-run", suite: "scored-suite", jsonl: "jsonl-suite" } as const;

/** A sealed export's runs as traces: its seals checked first, then that every fixture is known. */
async function recordedRuns(file: ExportFile, options: ScoreFileOptions): Promise<TracesToReplay> {
  const verification = await verifyExport(file, options.sha256);
  if (verification.status === "broken") return scoreFileProblem({ code: "broken_seal", verification });
  const runs = runsOf(file);
  if (runs.length === 0) return scoreFileProblem({ code: "nothing_to_score", holds: "run" });
  const byId = new Map(options.fixtures.map((f) => [f.id, f]));
  const changed = new Map<string, number>();
  const traces: TraceToReplay[] = [];
  for (const [i, run] of runs.entries()) {
    const fixture = byId.get(run.fixture.id);
    if (!fixture) return scoreFileProblem(file.kind === "run" ? { code: "unknown_fixture", path: ["fixture", "id"], id: run.fixture.id } : { code: "unknown_fixture", path: ["runs", i, "fixture", "id"], id: run.fixture.id, run: i });
    if (run.fixture.content_hash !== (await fixtureContentHash(fixture, options.sha256))) changed.set(fixture.id, (changed.get(fixture.id) ?? 0) + 1);
    const name = file.kind === "run" ? "run" : file.kind === "suite" ? `run ${i}` : `run ${i} (line ${i + 2})`;
    traces.push({ kind: "recorded-run", name, ...recordedTrace(run) });
  }
  const notes = [
    ...(verification.status === "unsealed" ? [verification.message] : []),
    // As an import says it: the run is judged against the fixture as it is now, not refused.
    ...[...changed].map(([id, n]) => `fixture ${JSON.stringify(id)} has changed since the file was written (content hash differs, ${n} run(s)): replayed against the fixture as it is now, so verdicts may differ from the file's`),
  ];
  return { ok: true, kind: FILE_KIND[file.kind], traces, notes };
}

/**
 * A scored run as the collected trace it replays from: its recorded replies (recordedReplies), the
 * candidate's name, the trial, and the settings the run recorded in its `run_started` event.
 */
export function recordedTrace(run: ScoredRunExport): { trace: CollectedTrace; stated: readonly Verdict[] } {
  const started = run.events[0];
  const budget = started?.kind === "run_started" ? started.budget : run.budget;
  const lenientFence = started?.kind === "run_started" && started.lenient_fence === true;
  const trace: CollectedTrace = {
    format: COLLECTED_TRACE_FORMAT,
    fixture: run.fixture.id,
    candidate: {
      name: run.candidate.name,
      settings: {
        repair: budget.repair,
        lenient_fence: lenientFence,
        budget,
        ...(started?.kind === "run_started" && started.protocol ? { protocol: started.protocol } : {}),
        ...(started?.kind === "run_started" && started.sampling ? started.sampling : {}),
      },
    },
    ...recordedReplies(run.events),
    ...(run.trial === undefined ? {} : { trial: run.trial }),
  };
  return { trace, stated: run.verdicts };
}

/**
 * Replays one trace the way every collected trace is replayed (scoreCollectedTrace): what the trace
 * records wins, the caller's settings only fill in what it does not say. The run keeps the trace's
 * trial; where a scored file stated other verdicts, a note says so.
 */
export async function scoreTraceToReplay(t: TraceToReplay, fixtures: readonly Fixture[], options: EvaluateOptions = {}): Promise<TraceScore> {
  return judged(t, await scoreCollectedTrace(t.trace, fixtures, options));
}

function judged(t: TraceToReplay, scored: TraceScore): TraceScore {
  if (!scored.ok) return scored;
  const run = t.trace.trial === undefined ? scored.run : { ...scored.run, trial: t.trace.trial };
  const differing = t.stated ? compareVerdicts(t.stated, run.verdicts).map((d) => d.check) : [];
  if (differing.length === 0) return { ok: true, run, notes: scored.notes };
  return { ok: true, run, notes: [...scored.notes, `the file's verdicts differ from the replay's on ${differing.join(", ")}: the replay's are reported`] };
}

// Alike traces replayed once, as an import replays alike runs once (replays.ts): k trials of a
// scripted candidate record the same replies and timings k times (a live model's record their own
// timings, so they are never alike). A replay depends on nothing of a trace but its fixture,
// candidate, settings and replies, all of which are in the trace without its trial; the fixtures
// and the caller's settings are the same for every trace a scorer is asked about. So a trace equal
// to the last one replayed, but for its trial, shares that replay (frozen before it is first shared, so no reader can change what another
// sees), and keeps its own trial and notes. In plan order (score puts traces in it) a candidate's
// trials come together, so the last replay is all that need be kept, and a trace is compared with
// it, never hashed: when traces differ, that costs one comparison that stops at the first difference.

/** scoreTraceToReplay for many traces against one fixture set and one set of settings, a trace alike to the last replayed not replayed again. */
export class TraceScorer {
  #last: { trace: CollectedTrace; scored: TraceScore; shared: boolean } | null = null;
  readonly #fixtures: readonly Fixture[];
  readonly #options: EvaluateOptions;
  readonly #keep: boolean;
  #replayed = 0;

  /** `keep`: whether the last replay is kept for the next trace (false: every trace replayed). */
  constructor(fixtures: readonly Fixture[], options: EvaluateOptions = {}, keep = true) {
    this.#fixtures = fixtures;
    this.#options = options;
    this.#keep = keep;
  }

  /** How many replays have been run (the rest were traces alike to the one before). */
  get replayed(): number {
    return this.#replayed;
  }

  /** The trace judged at once when it is alike to the last one replayed; else null, and `replay` is what judges it. */
  alike(t: TraceToReplay): TraceScore | null {
    const last = this.#last;
    if (last === null || !alikeAtAGlance(last.trace, t.trace) || !sameValue({ ...t.trace, trial: undefined }, last.trace)) return null;
    if (!last.shared && last.scored.ok) {
      last.shared = true;
      freezeParsed(last.scored.run);
    }
    return judged(t, last.scored);
  }

  /** The trace judged, replayed only when it is not alike to the last one replayed. */
  async score(t: TraceToReplay): Promise<TraceScore> {
    return this.alike(t) ?? this.replay(t);
  }

  /** The trace replayed, whether or not it is alike (for one `alike` has turned down), its replay kept for the next. */
  async replay(t: TraceToReplay): Promise<TraceScore> {
    const untried = { ...t.trace, trial: undefined };
    this.#replayed += 1;
    const scored = await scoreCollectedTrace(t.trace, this.#fixtures, this.#options);
    // A long run is replayed on its own and never kept: it would crowd out the rest, and long runs rarely repeat.
    const keep = this.#keep && scored.ok && scored.run.events.length <= LONGEST_REPLAY_KEPT;
    this.#last = keep ? { trace: untried, scored, shared: false } : null;
    return judged(t, scored);
  }
}

/**
 * Whether two traces as the reader gives them (plain JSON values) hold the same values, whatever the
 * order of their keys: then they replay alike. Plainer than canonicallyEqual, which must also agree
 * with canonical JSON on values no reader gives (a toJSON, a lone surrogate, a key set to undefined
 * on one side only), so quicker on traces that are equal throughout, the common case.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

/** What tells most unlike traces apart before they are compared whole. */
const alikeAtAGlance = (a: CollectedTrace, b: CollectedTrace): boolean =>
  a.fixture === b.fixture && a.candidate.name === b.candidate.name && a.responses.length === b.responses.length;
