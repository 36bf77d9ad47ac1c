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
const PIECE_BYTES = 1 << 20;
/** A text this long that is written again is copied as the bytes it was encoded to. */
const KEPT_TEXT_CHARS = 1024;

/**
 * The report in the chosen format, written as runs are added: to `out`, with the table printed
 * when it ends, or else to stdout.
 */
export function openRunReport(format: Format, out: string | undefined, io: CliIo, options: ReportOptions): RunOutput {
  let fd: number | null = null;
  if (out) {
    try {
      fd = openSync(out, "w");
    } catch {
      throw new UsageError(`cannot write ${out}`);
    }
  }
  // A file's pieces are encoded straight into one buffer, never joined into one long string first.
  const piece = Buffer.allocUnsafe(fd === null ? 0 : PIECE_BYTES);
  let used = 0;
  let pending: string[] = [];
  let size = 0;
  let lastText: string | null = null;
  let lastBytes: Buffer | null = null;
  const writeFile = (text: Uint8Array | string): void => {
    const bytes = typeof text === "string" ? Buffer.from(text) : text;
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(fd as number, bytes, at, bytes.length - at);
    } catch {
      throw new UsageError(`cannot write ${out}`);
    }
  };
  const flush = (): void => {
    if (fd !== null) {
      if (used > 0) writeFile(piece.subarray(0, used));
      used = 0;
    } else if (pending.length > 0) {
      io.stdout.write(pending.join(""));
      pending = [];
      size = 0;
    }
  };
  const write = (text: string): void => {
    if (fd === null) {
      pending.push(text);
      size += text.length;
      if (size >= PIECE_BYTES) flush();
      return;
    }
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (used + 3 * text.length > piece.length) flush();
    if (3 * text.length > piece.length) {
      writeFile(text);
    } else if (text === lastText && lastBytes !== null) {
      used += lastBytes.copy(piece, used);
    } else {
      const start = used;
      used += piece.write(text, used);
      // Alike runs are written from one text (report.ts): its bytes are kept to be copied, not encoded again.
      if (text.length >= KEPT_TEXT_CHARS) {
        lastText = text;
        lastBytes = Buffer.from(piece.subarray(start, used));
      }
    }
  };
  const report = runReport(format, write, options);
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
