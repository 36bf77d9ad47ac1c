import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReport, tableReport, type Format, type ReportOptions } from "./report.ts";
import type { CliIo } from "./command.ts";
import { UsageError } from "./usage-error.ts";

export function parseFormat(value: string | undefined, allowed: readonly Format[] = ["table", "json", "junit"]): Format {
  const format = value ?? "table";
  if (!(allowed as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${allowed.join(", ")} (got ${format})`);
  return format as Format;
}

/** A report being written run by run (openRunReport). */
export interface RunOutput {
  add(run: ScoredRun): void;
  /** Finishes the report; the exit status: 0 when every run passed, else 1. */
  end(): number;
  /** Stops after a failure: a report file begun is removed, so no half report is left behind. */
  abort(): void;
}

// Written in pieces of about this size: one write per run would be thousands of system calls.
const PIECE_CHARS = 1 << 20;

/**
 * The report in the chosen format, written as runs are added: to `out`, with the table printed
 * when it ends, or else to stdout.
 */
export function openRunReport(format: Format, out: string | undefined, io: CliIo, options: ReportOptions): RunOutput {
  let pending: string[] = [];
  let size = 0;
  let fd: number | null = null;
  if (out) {
    try {
      fd = openSync(out, "w");
    } catch {
      throw new UsageError(`cannot write ${out}`);
    }
  }
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    size = 0;
    if (fd === null) {
      io.stdout.write(text);
      return;
    }
    try {
      writeSync(fd, text);
    } catch {
      throw new UsageError(`cannot write ${out}`);
    }
  };
  const report = runReport(format, (text) => {
    pending.push(text);
    size += text.length;
    if (size >= PIECE_CHARS) flush();
  }, options);
  // With --out, stdout gets the table too (and says where the report went, when it is not the table).
  const table = out ? tableReport() : null;
  let passed = true;
  return {
    add(run) {
      report.add(run);
      table?.add(run);
      passed &&= run.passed;
    },
    end() {
      report.end();
      flush();
      if (fd !== null) {
        closeSync(fd);
        fd = null;
        if (table) io.stdout.write(format === "table" ? table.text() : `${table.text()}wrote ${out}\n`);
      }
      return passed ? 0 : 1;
    },
    abort() {
      if (fd === null || !out) return;
      closeSync(fd);
      fd = null;
      rmSync(out, { force: true });
    },
  };
}

/** Prints the runs in the chosen format, or writes them to `out` and prints the table. Returns the exit status. */
export function emitRuns(runs: readonly ScoredRun[], format: Format, out: string | undefined, io: CliIo, options: ReportOptions = { events: true }): number {
  const output = openRunReport(format, out, io, options);
  for (const run of runs) output.add(run);
  return output.end();
}
