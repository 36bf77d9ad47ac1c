import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { suiteDigest, verifyRun } from "../integrity/run-digest.ts";
import { describeIssues } from "../schemas/describe-issues.ts";
import { ScoredRunExport, ScoredSuiteExport, SCORED_RUN_FORMAT, SCORED_SUITE_FORMAT } from "../schemas/export.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { runMain, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run verify -- FILE...
  Checks the hash chain and digest of finbound.scored-run/v1 and finbound.scored-suite/v1 exports.
  Exit status: 0 every file verified, 1 a file was changed after export (or is not sealed), 2 bad usage or an unreadable file.`;

function load(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`${file}: cannot read the file`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not valid JSON (${error instanceof Error ? error.message : "parse error"})`);
  }
}

/** One line per file: "verified", or exactly what does not match. */
async function verifyFile(file: string): Promise<{ ok: boolean; line: string }> {
  const json = load(file);
  const format = typeof json === "object" && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format === SCORED_RUN_FORMAT) {
    const parsed = ScoredRunExport.safeParse(json);
    if (!parsed.success) throw new UsageError(`${file}: not a valid ${SCORED_RUN_FORMAT} file: ${describeIssues(parsed.error)}`);
    const v = await verifyRun(parsed.data, nodeSha256);
    return { ok: v.ok, line: `${file}: ${v.ok ? "verified" : `NOT VERIFIED — ${v.message}`}` };
  }
  if (format === SCORED_SUITE_FORMAT) {
    const parsed = ScoredSuiteExport.safeParse(json);
    if (!parsed.success) throw new UsageError(`${file}: not a valid ${SCORED_SUITE_FORMAT} file: ${describeIssues(parsed.error)}`);
    for (const [i, run] of parsed.data.runs.entries()) {
      const v = await verifyRun(run, nodeSha256);
      if (!v.ok) return { ok: false, line: `${file}: NOT VERIFIED — run ${i} (${run.fixture.id} / ${run.candidate.name}): ${v.message}` };
    }
    const sealed = parsed.data.integrity;
    if (!sealed) return { ok: false, line: `${file}: NOT VERIFIED — the suite has no integrity block` };
    if (sealed.digest !== (await suiteDigest(parsed.data.runs, nodeSha256))) return { ok: false, line: `${file}: NOT VERIFIED — the suite digest does not match: a run was added, removed or reordered` };
    return { ok: true, line: `${file}: verified (${parsed.data.runs.length} runs)` };
  }
  throw new UsageError(`${file}: unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT} or ${SCORED_SUITE_FORMAT}`);
}

async function main(): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ options: {}, strict: true, allowPositionals: true }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (positionals.length === 0) throw new UsageError(`no file given\n${USAGE}`);
  let allOk = true;
  for (const file of positionals) {
    const { ok, line } = await verifyFile(file);
    process.stdout.write(`${line}\n`);
    allOk &&= ok;
  }
  return allOk ? 0 : 1;
}

await runMain("finbound verify", main);
