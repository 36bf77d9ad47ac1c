import { writeFileSync } from "node:fs";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { formatRuns, type Format } from "./report.ts";
import type { CliIo } from "./command.ts";
import { UsageError } from "./usage-error.ts";

export function parseFormat(value: string | undefined, allowed: readonly Format[] = ["table", "json", "junit"]): Format {
  const format = value ?? "table";
  if (!(allowed as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${allowed.join(", ")} (got ${format})`);
  return format as Format;
}

/** Prints the runs in the chosen format, or writes them to `out` and prints the table. Returns the exit status. */
export function emitRuns(runs: readonly ScoredRun[], format: Format, out: string | undefined, io: CliIo): number {
  const text = formatRuns(runs, format);
  if (out) {
    try {
      writeFileSync(out, text);
    } catch {
      throw new UsageError(`cannot write ${out}`);
    }
    io.stdout.write(format === "table" ? text : `${formatRuns(runs, "table")}wrote ${out}\n`);
  } else {
    io.stdout.write(text);
  }
  return runs.every((r) => r.passed) ? 0 : 1;
}
