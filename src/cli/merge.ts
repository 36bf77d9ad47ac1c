import { writeFileSync } from "node:fs";
import { mergeShards, type ShardOutput } from "../evaluation/merge.ts";
import { reliabilityOf, summarise, type RunSummary } from "../evaluation/reliability.ts";
import { readExportFile, runsOf, verifyExport } from "../integrity/export-file.ts";
import { sealSuite } from "../integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../integrity/jsonl-suite.ts";
import { notVerified } from "../integrity/verify-file.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { reliabilityTable } from "./reliability-table.ts";
import { SIGN_OPTION, SIGN_USAGE, signerFrom } from "./key-files.ts";
import { parseCli, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run merge -- FILE... [--out FILE] [--format json|jsonl] [--sign KEYFILE] [--max-bytes N]
  Joins the outputs of npm run eval -- --shard I/N (JSONL suites, or sealed suites with --export) into one
  sealed suite: every shard of the same plan exactly once, every planned run exactly once, in plan order.
  Each input's seals are verified first. Prints pass^k for the whole evaluation.
  --out FILE        where the merged suite goes (default: stdout)
  --format          json (a finbound.scored-suite/v1 file, default) or jsonl
${SIGN_USAGE}
${MAX_BYTES_USAGE}
  Exit status: 0 merged and every run passed, 1 merged and a run failed, 2 a shard overlaps, is missing,
  belongs to another plan, is not sealed, or a file is unreadable.`;

/** What reliability needs, read off a sealed run. */
const summaryOf = (run: ScoredRunExport): RunSummary => summarise({ ...run, fixture: run.fixture.id, outcome: run.result.outcome });

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound merge", io, async () => {
    const { values, positionals } = parseCli({ args: argv, options: { out: { type: "string" }, format: { type: "string", default: "json" }, help: { type: "boolean", short: "h" }, ...SIGN_OPTION, ...MAX_BYTES_OPTION }, strict: true, allowPositionals: true }, USAGE);
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError(`no shard file given\n${USAGE}`);
    if (values.format !== "json" && values.format !== "jsonl") throw new UsageError(`--format must be json or jsonl (got ${values.format})`);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const signer = await signerFrom(values.sign, true);
    const outputs: ShardOutput[] = [];
    for (const name of positionals) {
      const read = readExportFile(readFileBytes(name, maxBytes), { maxBytes });
      if (!read.ok) throw refusalError(name, read);
      const v = await verifyExport(read.value, nodeSha256);
      if (v.status !== "verified") throw refusalError(name, { ...v, message: notVerified(v) });
      const plan = read.value.kind === "jsonl" ? read.value.suite.header.plan : read.value.kind === "suite" ? read.value.file.plan : undefined;
      outputs.push({ name, plan, runs: runsOf(read.value) });
    }
    const merged = mergeShards(outputs);
    if (!merged.ok) throw new UsageError(merged.message, merged.code, merged.at);
    const nowIso = new Date().toISOString();
    const lines: string[] = [];
    if (values.format === "jsonl") {
      const writer = new JsonlSuiteWriter(jsonlHeader(nowIso, merged.plan), (line) => lines.push(line), nodeSha256, signer);
      for (const run of merged.runs) writer.add(run);
      await writer.end();
    } else {
      lines.push(JSON.stringify(await sealSuite(merged.runs, { sha256: nodeSha256, nowIso, plan: merged.plan, signer }), null, 2));
    }
    const text = `${lines.join("\n")}\n`;
    if (values.out) {
      try {
        writeFileSync(values.out, text);
      } catch {
        throw new UsageError(`cannot write ${values.out}`);
      }
    } else {
      io.stdout.write(text);
    }
    const summary = `merged ${merged.runs.length} run(s) from ${outputs.length} shard(s)${values.out ? ` into ${values.out}` : ""}; the suite is sealed${signer ? ` and signed by ${signer.fingerprint}` : ""}\n\n${reliabilityTable(reliabilityOf(merged.runs.map(summaryOf)))}`;
    (values.out ? io.stdout : io.stderr).write(summary);
    return merged.runs.every((r) => r.passed) ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
