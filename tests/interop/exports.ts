import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main as evalMain } from "../../src/cli/eval.ts";
import { readExportFile, runsOf } from "../../src/integrity/export-file.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { runCli } from "../cli/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "finbound-interop-"));

/** A sealed suite of a scripted candidate over every fixture that has it, made as `npm run eval -- --export` makes it. */
export async function exportedSuite(candidate: string): Promise<{ file: string; runs: ScoredRunExport[] }> {
  const file = join(dir, `${candidate}.json`);
  const r = await runCli(evalMain, ["--candidate", candidate, "--export", file]);
  if (r.status > 1) throw new Error(r.stderr);
  const read = readExportFile(readFileSync(file));
  if (!read.ok) throw new Error(read.message);
  return { file, runs: runsOf(read.value) };
}

export const runOf = (runs: readonly ScoredRunExport[], fixture: string): ScoredRunExport => {
  const run = runs.find((r) => r.fixture.id === fixture);
  if (!run) throw new Error(`no run of ${fixture}`);
  return run;
};
