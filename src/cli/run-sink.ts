import { closeSync, openSync, writeSync, writeFileSync } from "node:fs";
import { inPlanOrder } from "../evaluation/plan.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../integrity/jsonl-suite.ts";
import { sealSuite } from "../integrity/export.ts";
import type { CollectedTrace } from "../schemas/collected-trace.ts";
import type { EvaluationPlan, EvaluationStop, ScoredRunExport } from "../schemas/export.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { Signer } from "../integrity/signature.ts";
import type { CliIo } from "./command.ts";
import type { Format } from "./report.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { UsageError } from "./usage-error.ts";

/** A file written line by line as results arrive: what is written stays written if the process dies. */
class LineFile {
  readonly #fd: number;
  constructor(readonly path: string) {
    try {
      this.#fd = openSync(path, "w");
    } catch {
      throw new UsageError(`cannot write ${path}`);
    }
  }
  write(line: string): void {
    writeSync(this.#fd, `${line}\n`);
  }
  close(): void {
    closeSync(this.#fd);
  }
}

export interface SinkOptions {
  format: Format;
  out: string | undefined;
  exportFile: string | undefined;
  collectFile: string | undefined;
  plan: EvaluationPlan;
  io: CliIo;
  /** Signs the sealed suite (`--sign`): the JSONL closing line, or the `--export` file. */
  signer?: Signer | undefined;
}

/**
 * Where an evaluation's results go as each run finishes. With `--format jsonl` every run is written
 * at once (to `--out` or stdout) and nothing is kept; otherwise runs are kept for the final table.
 * Collected traces stream the same way when their file ends `.jsonl`.
 */
export class RunSink {
  readonly #runs: ScoredRun[] = [];
  readonly #sealed: ScoredRunExport[] = [];
  readonly #traces: CollectedTrace[] = [];
  readonly #jsonl: { writer: JsonlSuiteWriter; file: LineFile | null } | null;
  readonly #traceFile: LineFile | null;

  constructor(private readonly o: SinkOptions) {
    if (o.format === "jsonl") {
      const file = o.out ? new LineFile(o.out) : null;
      const writeLine = file ? (line: string) => file.write(line) : (line: string) => void o.io.stdout.write(`${line}\n`);
      this.#jsonl = { writer: new JsonlSuiteWriter(jsonlHeader(new Date().toISOString(), o.plan), writeLine, nodeSha256, o.signer), file };
    } else {
      this.#jsonl = null;
    }
    this.#traceFile = o.collectFile?.endsWith(".jsonl") ? new LineFile(o.collectFile) : null;
  }

  add(run: ScoredRun, sealed: ScoredRunExport, trace: CollectedTrace | null): void {
    if (this.#jsonl) this.#jsonl.writer.add(sealed);
    else this.#runs.push(run);
    if (this.o.exportFile && !this.#jsonl) this.#sealed.push(sealed);
    if (trace && this.#traceFile) this.#traceFile.write(JSON.stringify(trace));
    else if (trace && this.o.collectFile) this.#traces.push(trace);
  }

  /** Ends every file; `stopped` when the evaluation stopped before its plan was done (sealed with it). */
  async close(stopped?: EvaluationStop): Promise<void> {
    if (this.#jsonl) {
      await this.#jsonl.writer.end(stopped);
      this.#jsonl.file?.close();
      if (this.o.signer) this.o.io.stderr.write(`the JSONL suite's closing line is signed by ${this.o.signer.fingerprint}\n`);
      if (this.o.exportFile) this.o.io.stderr.write("--export is not needed with --format jsonl: the JSONL file is the sealed suite\n");
    }
    if (this.#traceFile) {
      this.#traceFile.close();
      this.o.io.stderr.write(`collected traces in ${this.#traceFile.path}\n`);
    } else if (this.o.collectFile) {
      write(this.o.collectFile, `${JSON.stringify(this.#traces, null, 2)}\n`);
      this.o.io.stderr.write(`collected ${this.#traces.length} trace(s) in ${this.o.collectFile}\n`);
    }
    if (this.o.exportFile && !this.#jsonl) {
      const suite = await sealSuite(inPlanOrder(this.#sealed, this.o.plan, (r) => ({ fixture: r.fixture.id, candidate: r.candidate.name, trial: r.trial ?? 1 })), { sha256: nodeSha256, nowIso: new Date().toISOString(), plan: this.o.plan, ...(stopped ? { stopped } : {}), signer: this.o.signer });
      write(this.o.exportFile, `${JSON.stringify(suite, null, 2)}\n`);
      this.o.io.stderr.write(`exported ${suite.runs.length} sealed run(s) to ${this.o.exportFile}${signedBy(this.o.signer)}\n`);
    }
  }

  /** The kept runs in the plan's order (fixture, candidate, trial), whatever order they finished in. */
  runsInPlanOrder(): ScoredRun[] {
    return inPlanOrder(this.#runs, this.o.plan, (r) => ({ fixture: r.fixture, candidate: r.candidate, trial: r.trial ?? 1 }));
  }
}

function write(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch {
    throw new UsageError(`cannot write ${path}`);
  }
}

/** What a message about a written file says of its signer. */
const signedBy = (signer: Signer | undefined): string => (signer ? `, signed by ${signer.fingerprint}` : "");
