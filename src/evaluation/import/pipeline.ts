import { parseCollectedTraceFile, validateCollectedTraces } from "../../candidates/collected-trace.ts";
import { MAX_JSON_FILE_BYTES, readJsonFile } from "../../files/read-json-file.ts";
import { concatBytes, hasContent, JsonLinesReader, looksLikeJsonLines, MAX_LINE_BYTES, refusedBySize } from "../../files/read-json-lines.ts";
import { fixtureContentHash } from "../../integrity/export.ts";
import { isJsonlSuiteHeader } from "../../integrity/jsonl-suite.ts";
import { hashParsedEvents, verifiedDigest, verifyRun } from "../../integrity/run-digest.ts";
import { brokenSuiteRun, concludeSuite, declaredFormat, parsedRunsOf, runFileVerification, runLabel, validateExport } from "../../integrity/verify-file.ts";
import { COLLECTED_TRACE_FORMAT, type CollectedTrace } from "../../schemas/collected-trace.ts";
import { SCORED_RUN_FORMAT, type ScoredRunExport, type ScoredSuiteExport } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { scoreCollectedTrace } from "../evaluate.ts";
import { CANCELLED, DifferingRuns, importRefusal, recordedEvents, refusedBy, rejected, unknownFixture } from "./outcome.ts";
import type { ImportOptions, ImportResult, ImportSource, RunImportReport } from "./types.ts";
import { StreamedJsonlSuite } from "./jsonl-suite.ts";
import { bytesSource } from "./bytes-source.ts";
import { Replays } from "../replays.ts";

// An import, from the file's bytes to re-scored runs: read → validate → verify → re-score → compare,
// one run at a time. The workbench runs it in a Web Worker (src/app/workers/import.worker.ts) and
// `npm run bench -- --import` times it in Node. Each event is put in canonical JSON and hashed once
// (src/integrity/seal.ts) for the chain and the run digest; the replay comparison compares the
// events as parsed without writing them again (src/runtime/canonical-equal.ts). A JSONL suite's run is
// hashed before it is validated, and events whose chain head a run validated earlier in the import
// are not validated again.

/** The workbench's bound on a file read whole: the most one JSON value is read whole (a JSONL suite is streamed instead). */
export const MAX_IMPORT_BYTES = MAX_JSON_FILE_BYTES;

/**
 * Imports any finbound file: a scored run, a scored suite (JSON or JSONL) or collected traces. On
 * a refusal the result says why in the words `npm run verify` and `npm run score` use; the runs
 * already handed to `onRun` are then to be dropped. Expected failures are values; nothing here
 * throws for a bad file.
 */
export async function importFile(source: ImportSource, options: ImportOptions): Promise<ImportResult> {
  const job = new ImportJob(source, options);
  const head = await job.head(options.maxLineBytes ?? MAX_LINE_BYTES);
  if (looksLikeJsonLines(head, isJsonlSuiteHeader)) return job.jsonlSuite();
  const bySize = refusedBySize(source.size, head, options.maxWholeBytes);
  if (bySize) return refusedBy(bySize);
  return job.whole(await job.rest());
}

/** A source with no bytes: what a stored export is read from (it is a value already). */
const NO_BYTES = bytesSource(new Uint8Array(0));

/**
 * Imports an export kept as a value (a history entry's file, validated when its store was read):
 * verified and re-scored exactly as the same file imported from disk, without writing it out and
 * reading it back. The seals are checked on the value as it is.
 */
export function importStored(file: ScoredRunExport | ScoredSuiteExport, options: ImportOptions): Promise<ImportResult> {
  return new ImportJob(NO_BYTES, options).stored(file);
}

class ImportJob {
  readonly #chunks: AsyncIterator<Uint8Array>;
  /** Chunks read to look at the head, not yet consumed. */
  #held: Uint8Array[] = [];
  #bytesRead = 0;
  #runsDone = 0;
  #runsTotal: number | null = null;
  #lastProgress = 0;
  readonly #contentHashes = new Map<string, Promise<string>>();
  readonly #replays: Replays;

  constructor(
    private readonly source: ImportSource,
    private readonly o: ImportOptions,
  ) {
    this.#chunks = source.chunks()[Symbol.asyncIterator]();
    this.#replays = new Replays(o.replaysKept === undefined ? {} : { runs: o.replaysKept });
  }

  async #next(): Promise<Uint8Array | null> {
    const held = this.#held.shift();
    if (held) return held;
    const next = await this.#chunks.next();
    if (next.done) return null;
    this.#bytesRead += next.value.length;
    return next.value;
  }

  #progress(force = false): void {
    // At most one report per 16 runs (and per chunk): a 10,000-run import sends hundreds, not thousands.
    if (!force && this.#runsDone - this.#lastProgress < 16) return;
    this.#lastProgress = this.#runsDone;
    this.o.onProgress?.({ bytesRead: this.#bytesRead, bytesTotal: this.source.size, runsDone: this.#runsDone, runsTotal: this.#runsTotal });
  }

  async #ran(run: ScoredRun): Promise<void> {
    this.#runsDone += 1;
    await this.o.onRun?.(run);
    this.#progress();
  }

  /**
   * The file's first bytes: up to the first byte after the first line that is not white space
   * (what `looksLikeJsonLines` looks at), or the first `max` bytes of a file with no such byte.
   */
  async head(max: number): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let length = 0;
    let newline = -1;
    for (let chunk = await this.#next(); chunk; chunk = await this.#next()) {
      parts.push(chunk);
      const start = length;
      length += chunk.length;
      if (newline < 0 && chunk.indexOf(0x0a) >= 0) newline = start + chunk.indexOf(0x0a);
      if ((newline >= 0 && hasContent(chunk, Math.max(0, newline + 1 - start))) || length > max) break;
    }
    this.#held = parts;
    return concatBytes(parts, length);
  }

  /** Every byte of the file, for a file read whole (already known to be within the bound). */
  async rest(): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let length = 0;
    for (let chunk = await this.#next(); chunk; chunk = await this.#next()) {
      parts.push(chunk);
      length += chunk.length;
      if (length > this.o.maxWholeBytes) break;
      this.#progress(true);
    }
    return concatBytes(parts, length);
  }

  #contentHash(fixture: Fixture): Promise<string> {
    let hash = this.#contentHashes.get(fixture.id);
    if (!hash) this.#contentHashes.set(fixture.id, (hash = fixtureContentHash(fixture, this.o.sha256)));
    return hash;
  }

  #fixture(id: string): Fixture | undefined {
    return this.o.fixtures.find((f) => f.id === id);
  }

  /** One JSON value (a run, a suite, traces) or JSONL traces: read whole by the one reader, then run by run. */
  async whole(bytes: Uint8Array): Promise<ImportResult> {
    const limits = { maxBytes: this.o.maxWholeBytes };
    if (this.o.exportsOnly) return this.#export(bytes);
    if (looksLikeJsonLines(bytes)) {
      const traces = parseCollectedTraceFile(bytes, limits);
      return traces.ok ? this.#traces(traces.traces) : refusedBy(traces);
    }
    const read = readJsonFile(bytes, limits);
    if (!read.ok) return refusedBy(read);
    const format = Array.isArray(read.value) ? COLLECTED_TRACE_FORMAT : declaredFormat(read.value);
    if (format === COLLECTED_TRACE_FORMAT) {
      const traces = validateCollectedTraces(read.value);
      return traces.ok ? this.#traces(traces.traces) : refusedBy(traces);
    }
    const valid = validateExport(read.value);
    if (valid.ok && valid.kind === "run") return this.#run(valid.file, read.parsed);
    if (valid.ok) return this.#suite(valid.file.runs, read.parsed);
    if (valid.code === "invalid") return refusedBy(valid);
    return importRefusal({ code: "unreadable", cause: "unknown_format", format });
  }

  stored(file: ScoredRunExport | ScoredSuiteExport): Promise<ImportResult> {
    return file.format === SCORED_RUN_FORMAT ? this.#run(file, file) : this.#suite(file.runs, file);
  }

  /** A file that must be an export: read as `readExportFile` reads one, so refused in its words. */
  async #export(bytes: Uint8Array): Promise<ImportResult> {
    const read = readJsonFile(bytes, { maxBytes: this.o.maxWholeBytes });
    if (!read.ok) return refusedBy(read);
    const valid = validateExport(read.value);
    if (!valid.ok) return refusedBy(valid);
    return valid.kind === "run" ? this.#run(valid.file, read.parsed) : this.#suite(valid.file.runs, read.parsed);
  }

  async #run(file: ScoredRunExport, parsed: unknown): Promise<ImportResult> {
    const fixture = this.#fixture(file.fixture.id);
    if (!fixture) return unknownFixture(["fixture", "id"], file.fixture.id);
    // The seal is checked on the file as parsed, before validation dropped or stripped anything.
    const hashed = await hashParsedEvents(parsed, this.o.sha256);
    const verification = runFileVerification(await verifyRun(parsed, this.o.sha256, hashed));
    if (verification.status === "broken") return rejected(verification);
    const rescored = await this.#replays.rescore(file, fixture, recordedEvents(parsed, hashed));
    this.#runsTotal = 1;
    await this.#ran(rescored.run);
    const differing = new DifferingRuns(this.o.sha256);
    await differing.note("run", file, fixture, rescored);
    const report: RunImportReport = {
      differences: rescored.differences,
      passedDiffers: rescored.passedDiffers,
      resultDiffers: rescored.resultDiffers,
      eventsMatch: rescored.eventsMatch,
      fixtureMatches: file.fixture.content_hash === (await this.#contentHash(fixture)),
      verified: verification.status === "verified",
    };
    const findings = await differing.findings(verification, 1, this.o.signedBy);
    return { ok: true, kind: "run", fixtureId: fixture.id, candidate: file.candidate.name, budget: file.budget, report, ...findings };
  }

  /**
   * A suite read whole, already validated: each run's seal on the file as parsed, then its
   * re-scoring. A broken seal ends the import; an unknown fixture waits for the suite digest,
   * which a refusal names first, as when every seal is checked before anything is re-scored.
   */
  async #suite(runs: readonly ScoredRunExport[], parsed: unknown): Promise<ImportResult> {
    const parsedRuns = parsedRunsOf(parsed);
    this.#runsTotal = runs.length;
    this.#progress(true);
    const digests: (string | null)[] = [];
    let unsealed = 0;
    const differing = new DifferingRuns(this.o.sha256);
    let later: ImportResult | null = null;
    for (const [i, file] of runs.entries()) {
      if (this.o.cancelled?.()) return CANCELLED;
      const raw = parsedRuns[i];
      const hashed = await hashParsedEvents(raw, this.o.sha256);
      const v = await verifyRun(raw, this.o.sha256, hashed);
      if (!v.ok && v.status !== "unsealed") return rejected(brokenSuiteRun(raw, i, v));
      if (!v.ok) unsealed += 1;
      digests.push(verifiedDigest(v));
      if (later) continue;
      const fixture = this.#fixture(file.fixture.id);
      if (!fixture) {
        later = unknownFixture(["runs", i, "fixture", "id"], file.fixture.id, i);
        continue;
      }
      const rescored = await this.#replays.rescore(file, fixture, recordedEvents(raw, hashed));
      await differing.note(runLabel(file, i), file, fixture, rescored);
      await this.#ran(rescored.run);
    }
    const verification = await concludeSuite(parsed, digests, unsealed, this.o.sha256);
    if (verification.status === "broken") return rejected(verification);
    if (later) return later;
    this.#progress(true);
    return { ok: true, kind: "suite", replayed: this.#replays.replayed, ...(await differing.findings(verification, runs.length, this.o.signedBy)) };
  }

  async #traces(traces: readonly CollectedTrace[]): Promise<ImportResult> {
    this.#runsTotal = traces.length;
    for (const [i, trace] of traces.entries()) {
      if (this.o.cancelled?.()) return CANCELLED;
      const scored = await scoreCollectedTrace(trace, this.o.fixtures, { includeDiagnostics: true });
      if (!scored.ok) return importRefusal({ code: "unreadable", cause: "unknown_fixture", id: trace.fixture, ...(traces.length > 1 ? { trace: i } : {}) });
      await this.#ran(scored.run);
    }
    this.#progress(true);
    return { ok: true, kind: "traces", runs: traces.length };
  }

  /**
   * A JSONL suite, streamed: each line is read, validated, verified and re-scored as it arrives,
   * holding one line back (the last may be the closing line). The refusal is the one reading the
   * whole file would give: a line that cannot be read beats any invalid line, an invalid line any
   * broken seal, a broken seal an unknown fixture; after a problem, only what could beat it is checked.
   */
  async jsonlSuite(): Promise<ImportResult> {
    const reader = new JsonLinesReader({ maxLineBytes: this.o.maxLineBytes ?? MAX_LINE_BYTES });
    const suite = new StreamedJsonlSuite(this.o, this.#replays, (run) => this.#ran(run), (id) => this.#fixture(id));
    for (let chunk = await this.#next(); chunk; chunk = await this.#next()) {
      for (const line of reader.push(chunk)) {
        if (this.o.cancelled?.()) return CANCELLED;
        await suite.add(line);
      }
      this.#progress(true);
    }
    const last = reader.end();
    if (last.problem) return refusedBy(last.problem);
    for (const line of last.lines) await suite.add(line);
    this.#runsTotal = this.#runsDone;
    const result = await suite.end();
    this.#progress(true);
    return result;
  }
}
