import type { JsonLine } from "../../files/read-json-lines.ts";
import { brokenJsonlRun, concludeJsonlSuite, isClosingLine, validateJsonlClosing, validateJsonlHeader, validateJsonlRun } from "../../integrity/jsonl-suite.ts";
import { hashParsedEvents, verifiedDigest, verifyRun } from "../../integrity/run-digest.ts";
import { chainHeadOf } from "../../integrity/seal.ts";
import { runLabel, type FileProblemVerification } from "../../integrity/verify-file.ts";
import type { JsonlLineProblem } from "../../integrity/jsonl-suite.ts";
import type { JsonlSuiteEnd, JsonlSuiteHeader } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import type { ImportOptions, ImportResult } from "./types.ts";
import { DifferingRuns, recordedEvents, refusedBy, rejected, unknownFixture } from "./outcome.ts";
import type { Replays } from "../replays.ts";

// A JSONL suite as the import streams it (pipeline.ts reads the lines and hands them on):
// each run line validated, verified and re-scored as it arrives, and the refusal ranked as reading
// the whole file would rank it.

/** How many validated runs' chain heads a JSONL import keeps: the distinct runs of a large suite of trials, and a bound on memory. */
const MAX_KNOWN_EVENTS = 4096;

/** The state of a JSONL suite read line by line: what has been found, and the first problem of each rank. */
export class StreamedJsonlSuite {
  #sawHeader = false;
  #header: JsonlSuiteHeader | null = null;
  #headerProblem: JsonlLineProblem | null = null;
  #held: JsonLine | null = null;
  #runs = 0;
  #unsealed = 0;
  readonly #differing: DifferingRuns;
  readonly #digests: (string | null)[] = [];
  /** The first invalid run line. */
  #invalid: JsonlLineProblem | null = null;
  /** Chain heads of runs validated so far, whose events need no validating again (at most MAX_KNOWN_EVENTS). */
  readonly #validEvents = new Set<string>();
  #broken: FileProblemVerification | null = null;
  #unknownFixture: ImportResult | null = null;

  constructor(
    private readonly o: ImportOptions,
    private readonly replays: Replays,
    private readonly ran: (run: ScoredRun) => Promise<void>,
    private readonly fixture: (id: string) => Fixture | undefined,
  ) {
    this.#differing = new DifferingRuns(o.sha256);
  }

  async add(line: JsonLine): Promise<void> {
    if (!this.#sawHeader) {
      this.#sawHeader = true;
      const header = validateJsonlHeader(line);
      if (header.ok) this.#header = header.value;
      else this.#headerProblem = header;
      return;
    }
    const previous = this.#held;
    this.#held = line;
    if (previous) await this.#run(previous);
  }

  async #run(line: JsonLine): Promise<void> {
    const i = this.#runs;
    this.#runs += 1;
    if (this.#headerProblem || this.#invalid) return;
    // Hashed before it is validated: a run whose events hash to the chain head of a run validated
    // before holds the same events (SHA-256 of their RFC 8785 text), and those are not validated again.
    // In a suite of k trials of a scripted candidate, or of a model at temperature 0, that is about a
    // third of validating. After a broken seal, lines are only validated, as before, and
    // nothing more is remembered; at most MAX_KNOWN_EVENTS chain heads are.
    const hashed = this.#broken ? null : await hashParsedEvents(line.parsed, this.o.sha256);
    const head = hashed ? chainHeadOf(hashed.hashes) : null;
    const valid = validateJsonlRun(line, head !== null && this.#validEvents.has(head));
    if (!valid.ok) {
      this.#invalid = valid;
      return;
    }
    // Only events the fast path read as they are: zod may have accepted others by changing them (a key stripped).
    if (head !== null && valid.plain && this.#validEvents.size < MAX_KNOWN_EVENTS) this.#validEvents.add(head);
    if (this.#broken) return;
    const v = await verifyRun(line.parsed, this.o.sha256, hashed);
    if (!v.ok && v.status !== "unsealed") {
      this.#broken = brokenJsonlRun(i, v);
      return;
    }
    if (!v.ok) this.#unsealed += 1;
    this.#digests.push(verifiedDigest(v));
    if (this.#unknownFixture) return;
    const fixture = this.fixture(valid.value.fixture.id);
    if (!fixture) {
      this.#unknownFixture = unknownFixture(["runs", i, "fixture", "id"], valid.value.fixture.id, i);
      return;
    }
    const rescored = await this.replays.rescore(valid.value, fixture, recordedEvents(line.parsed, hashed));
    await this.#differing.note(`${runLabel(valid.value, i)}, line ${line.line}`, valid.value, fixture, rescored);
    await this.ran(rescored.run);
  }

  /** Validation names the header first, then the closing line, then the first invalid run line. */
  async end(): Promise<ImportResult> {
    if (this.#headerProblem) return refusedBy(this.#headerProblem);
    const last = this.#held;
    let end: JsonlSuiteEnd | null = null;
    if (last && isClosingLine(last)) {
      const closing = validateJsonlClosing(last);
      if (!closing.ok) return refusedBy(closing);
      end = closing.value;
    } else if (last) {
      await this.#run(last);
    }
    if (this.#invalid) return refusedBy(this.#invalid);
    if (this.#broken) return rejected(this.#broken);
    const header = this.#header as JsonlSuiteHeader;
    const verification = await concludeJsonlSuite(header, this.#digests, end, this.#unsealed, this.o.sha256);
    if (verification.status === "broken") return rejected(verification);
    if (this.#unknownFixture) return this.#unknownFixture;
    return { ok: true, kind: "suite", replayed: this.replays.replayed, ...(await this.#differing.findings(verification, this.#runs, this.o.signedBy)) };
  }
}
