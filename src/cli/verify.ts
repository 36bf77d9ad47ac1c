import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { verifyExportFile } from "../integrity/verify-file.ts";
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
  const schema = format === SCORED_RUN_FORMAT ? ScoredRunExport : format === SCORED_SUITE_FORMAT ? ScoredSuiteExport : null;
  if (!schema) throw new UsageError(`${file}: unknown format ${JSON.stringify(format ?? null)}: expected ${SCORED_RUN_FORMAT} or ${SCORED_SUITE_FORMAT}`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UsageError(`${file}: not a valid ${String(format)} file: ${describeIssues(parsed.error)}`);
  // The seals are checked on the file as parsed from its text, not on what validation kept of it.
  const v = await verifyExportFile(json, nodeSha256);
  return { ok: v.status === "verified", line: `${file}: ${v.status === "verified" ? v.message : `NOT VERIFIED — ${v.message}`}` };
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
