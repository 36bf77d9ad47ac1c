import { writeFileSync } from "node:fs";
import { parquetWriteBuffer } from "hyparquet-writer";
import { readExportFile, runsOf, verifyExport } from "../integrity/export-file.ts";
import { notVerified } from "../integrity/verify-file.ts";
import { runTable, tableCsv, tableJsonl, type Cell, type ColumnType, type RunTable } from "../interop/run-table.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run table -- FILE… [--format csv|jsonl|parquet] [--out FILE] [--fixtures DIR] [--max-bytes N]
  One row per run of the exports given (finbound.scored-run/v1, finbound.scored-suite/v1 or its JSONL form),
  in plain columns for SQL and dataframes (docs/formats.md, "The flat table"). The seals are verified first.
  --format csv      (default) RFC 4180, a header line
  --format jsonl    one flat JSON object per run
  --format parquet  Apache Parquet (needs --out)
  --out FILE        write it there (default: standard output)
  --fixtures DIR    the fixtures the runs were judged against, for the matrix labels, designed failures and attacks (default: fixtures/)
${MAX_BYTES_USAGE}
  Exit status: 0 written and every seal verified, 1 written but a file NOT VERIFIED, 2 bad usage or an unreadable file.`;

const FORMATS = ["csv", "jsonl", "parquet"] as const;
type TableFormat = (typeof FORMATS)[number];

const PARQUET_TYPES = { string: "STRING", int: "INT64", double: "DOUBLE", boolean: "BOOLEAN", timestamp: "TIMESTAMP" } as const satisfies Record<ColumnType, string>;

/** A cell as hyparquet-writer takes it: INT64 as a bigint, a timestamp as a Date. */
const parquetCell = (type: ColumnType, cell: Cell): unknown => {
  if (cell === null) return null;
  if (type === "int") return BigInt(cell as number);
  if (type === "timestamp") return new Date(String(cell));
  return cell;
};

function parquet(table: RunTable): Uint8Array {
  const columnData = table.columns.map((c, i) => ({ name: c.name, type: PARQUET_TYPES[c.type], data: table.rows.map((row) => parquetCell(c.type, row[i] ?? null)) }));
  return new Uint8Array(parquetWriteBuffer({ columnData, createdBy: "finbound" }));
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound table", io, async () => {
    const { values, positionals } = parseCli({ args: argv, options: { format: { type: "string" }, out: { type: "string" }, fixtures: { type: "string" }, help: { type: "boolean" }, ...MAX_BYTES_OPTION }, strict: true, allowPositionals: true }, USAGE);
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError(`no file given\n${USAGE}`);
    const format = (values.format ?? "csv") as TableFormat;
    if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got ${values.format})`);
    if (format === "parquet" && !values.out) throw new UsageError("--format parquet needs --out FILE: Parquet is binary");
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const runs: ScoredRunExport[] = [];
    let verified = true;
    for (const file of positionals) {
      const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
      if (!read.ok) throw refusalError(file, read);
      const seal = await verifyExport(read.value, nodeSha256);
      if (seal.status !== "verified") {
        verified = false;
        io.stderr.write(`warning: ${file}: ${notVerified(seal)}\n`);
      }
      runs.push(...runsOf(read.value));
    }
    const fixtures = loadJudgingFixtures(values.fixtures, runs.map((r) => r.fixture.id));
    const table = runTable(runs, (id) => fixtures.get(id));
    const output = format === "parquet" ? parquet(table) : format === "jsonl" ? tableJsonl(table) : tableCsv(table);
    if (values.out) {
      try {
        writeFileSync(values.out, output);
      } catch {
        throw new UsageError(`cannot write ${values.out}`);
      }
      io.stdout.write(`wrote ${values.out} (${format}, ${table.rows.length} run(s), ${table.columns.length} columns)\n`);
    } else {
      io.stdout.write(output as string);
    }
    return verified ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
