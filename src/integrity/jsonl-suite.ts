import { validateJson, type FileProblem } from "../files/read-json-file.ts";
import type { JsonLine } from "../files/read-json-lines.ts";
import { RUNTIME_VERSION } from "../runtime/canonical.ts";
import { JsonlSuiteEnd, JsonlSuiteHeader, ScoredRunExport, SCORED_SUITE_JSONL_FORMAT, type EvaluationPlan, type EvaluationStop } from "../schemas/export.ts";
import { plainlyValidRun } from "../schemas/fast-validation.ts";
import { runDigestOf, suiteDigestOfDigests, verifiedDigest, verifyRun, type SealProblem } from "./run-digest.ts";
import type { Sha256Hex } from "./seal.ts";
import { signSeal, type Signer } from "./signature.ts";
import { signedPart, stoppedWords, unverified, type FileProblemVerification, type FileVerification } from "./verify-file.ts";

// A suite written as it runs: a header line, one sealed run per line as each finishes, and a closing
// line with the suite digest. The writer keeps only the digests, so a 10,000-run evaluation never
// holds its runs in memory, and a killed run loses nothing already written.

export const jsonlHeader = (nowIso: string, plan?: EvaluationPlan): JsonlSuiteHeader => ({
  format: SCORED_SUITE_JSONL_FORMAT,
  exported_at: nowIso,
  runtime_version: RUNTIME_VERSION,
  ...(plan ? { plan } : {}),
});

export class JsonlSuiteWriter {
  readonly #digests: (string | null)[] = [];

  constructor(
    private readonly header: JsonlSuiteHeader,
    private readonly writeLine: (line: string) => void,
    private readonly sha256: Sha256Hex,
    /** Signs the closing digest, when given. */
    private readonly signer?: Signer,
  ) {
    writeLine(JSON.stringify(header));
  }

  add(run: ScoredRunExport): void {
    this.#digests.push(runDigestOf(run));
    this.writeLine(JSON.stringify(run));
  }

  get count(): number {
    return this.#digests.length;
  }

  /** The closing line; `stopped` when the evaluation stopped before its plan was done. */
  async end(stopped?: EvaluationStop): Promise<void> {
    const digest = await suiteDigestOfDigests({ ...this.header, ...(stopped ? { stopped } : {}) }, this.#digests, this.sha256);
    const integrity = await signSeal({ algorithm: "sha256" as const, canonicalization: "RFC8785" as const, digest }, this.signer);
    const end: JsonlSuiteEnd = { end: SCORED_SUITE_JSONL_FORMAT, runs: this.#digests.length, ...(stopped ? { stopped } : {}), integrity };
    this.writeLine(JSON.stringify(end));
  }
}

export interface JsonlSuite {
  header: JsonlSuiteHeader;
  runs: ScoredRunExport[];
  /** The runs as parsed from their lines: seals are checked on these. */
  parsedRuns: unknown[];
  /** Null when the file was cut short before its closing line. */
  end: JsonlSuiteEnd | null;
}

export const isJsonlSuiteHeader = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { format?: unknown }).format === SCORED_SUITE_JSONL_FORMAT;

/** A line of a JSONL suite its schema refuses: code `invalid`, `at.line` the line, `at.path` the field. */
export type JsonlLineProblem = FileProblem & { code: "invalid" };

type LineCheck<T> = { ok: true; value: T } | JsonlLineProblem;

/** What a JSONL suite's lines are meant to be, as a refusal names them. */
const LINE_PART = { header: `a ${SCORED_SUITE_JSONL_FORMAT} header`, closing: "a valid closing line", run: "a valid finbound.scored-run/v1 line" } as const;

/** A line its schema refused, in one set of words: `line 3: not a valid finbound.scored-run/v1 line: field …`. */
const invalidLine = (part: keyof typeof LINE_PART, line: number, invalid: FileProblem): JsonlLineProblem => ({
  ok: false,
  code: "invalid",
  at: { ...invalid.at, line },
  message: `line ${line}: not ${LINE_PART[part]}: ${invalid.message}`,
});

/** The first line of a JSONL suite, validated; a problem names the line. */
export function validateJsonlHeader(first: JsonLine | undefined): LineCheck<JsonlSuiteHeader> {
  const header = validateJson(first?.value, JsonlSuiteHeader);
  return header.ok ? header : invalidLine("header", first?.line ?? 1, header);
}

/** Whether the last line of a JSONL suite is meant as its closing line (a run line has no `end`). */
export const isClosingLine = (line: JsonLine): boolean => typeof line.value === "object" && line.value !== null && "end" in line.value;

export function validateJsonlClosing(last: JsonLine): LineCheck<JsonlSuiteEnd> {
  const closing = validateJson(last.value, JsonlSuiteEnd);
  return closing.ok ? closing : invalidLine("closing", last.line, closing);
}

/** The events of a run as read and as parsed: the same array when reading left them as they were (it does: events keep prototype keys for their seal). */
const eventsOf = (value: unknown): unknown => (typeof value === "object" && value !== null ? (value as { events?: unknown }).events : undefined);

/**
 * A run line's run, or why not. `eventsKnownValid`: the caller has seen a run with these same events
 * pass (their chain head, over their RFC 8785 text, is one already validated in this import).
 */
export function validateJsonlRun(line: JsonLine, eventsKnownValid = false): { ok: true; value: ScoredRunExport; plain: boolean } | JsonlLineProblem {
  // The fast path vouches only for what the schema accepts; everything else, the full schema words.
  // Known events are the parsed ones, which were hashed: only trusted if validation reads the same array.
  const known = eventsKnownValid && eventsOf(line.value) === eventsOf(line.parsed) && eventsOf(line.value) !== undefined;
  const fast = plainlyValidRun(line.value, known);
  // `plain`: the fast path vouched for the run as read (its events read, or known from a run it read); only then may its events vouch for another run's.
  if (fast) return { ok: true, value: fast, plain: true };
  const run = validateJson(line.value, ScoredRunExport);
  return run.ok ? { ...run, plain: false } : invalidLine("run", line.line, run);
}

/** Validates the lines of a JSONL suite: the header, the closing line, then each run; a problem names its line. */
export function validateJsonlSuite(lines: readonly JsonLine[]): { ok: true; suite: JsonlSuite } | JsonlLineProblem {
  const [first, ...rest] = lines;
  const header = validateJsonlHeader(first);
  if (!header.ok) return header;
  const last = rest.at(-1);
  const closing = last && isClosingLine(last) ? validateJsonlClosing(last) : null;
  if (closing && !closing.ok) return closing;
  const runLines = closing ? rest.slice(0, -1) : rest;
  const runs: ScoredRunExport[] = [];
  for (const l of runLines) {
    const run = validateJsonlRun(l);
    if (!run.ok) return run;
    runs.push(run.value);
  }
  return { ok: true, suite: { header: header.value, runs, parsedRuns: runLines.map((l) => l.parsed), end: closing?.ok ? closing.value : null } };
}

/** A JSONL suite's run whose seal is broken, named by its index and line as `npm run verify` names it. */
export const brokenJsonlRun = (i: number, v: SealProblem): FileProblemVerification => unverified({ code: "run_seal", seal: v, run: `run ${i} (line ${i + 2})` }, { run: i, line: i + 2, ...(v.at.path ? { path: v.at.path } : {}) });

/**
 * The end of a JSONL suite's verification, once every run's own seal held: the closing line (a file
 * cut short is not sealed), its digest over the header and the run digests in line order, then
 * whatever is not sealed.
 */
export async function concludeJsonlSuite(header: JsonlSuiteHeader, runDigests: readonly (string | null)[], end: JsonlSuiteEnd | null, unsealed: number, sha256: Sha256Hex): Promise<FileVerification> {
  const runs = runDigests.length;
  if (!end) return unverified({ code: "cut_short", sealedRuns: runs - unsealed, runs });
  const digest = await suiteDigestOfDigests({ ...header, ...(end.stopped ? { stopped: end.stopped } : {}) }, runDigests, sha256);
  if (end.runs !== runs || digest !== end.integrity.digest) {
    return unverified({ code: "suite_digest_mismatch", form: "jsonl" }, { line: runs + 2 });
  }
  if (unsealed > 0) return unverified({ code: "unsealed", form: "jsonl", unsealedRuns: unsealed, runs });
  return { status: "verified", message: `verified (${runs} runs${stoppedWords(end.stopped)})`, seal: signedPart(end.integrity) };
}

/** Every run's seal, then the closing digest over the header and the runs in their order. */
export async function verifyJsonlSuite(suite: JsonlSuite, sha256: Sha256Hex): Promise<FileVerification> {
  let unsealed = 0;
  const digests: (string | null)[] = [];
  for (const [i, run] of suite.parsedRuns.entries()) {
    const v = await verifyRun(run, sha256);
    if (!v.ok && v.status !== "unsealed") return brokenJsonlRun(i, v);
    if (!v.ok) unsealed += 1;
    digests.push(verifiedDigest(v));
  }
  return concludeJsonlSuite(suite.header, digests, suite.end, unsealed, sha256);
}
