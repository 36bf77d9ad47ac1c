import { readExportFile, verifyExport } from "../integrity/export-file.ts";
import { notVerified } from "../integrity/verify-file.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run verify -- FILE... [--max-bytes N]
  Checks the hash chain and digest of finbound.scored-run/v1 and finbound.scored-suite/v1 exports,
  and of JSONL suites (eval --format jsonl), whose closing line seals the lines before it.
${MAX_BYTES_USAGE}
  Exit status: 0 every file verified, 1 a file was changed after export (or is not sealed), 2 bad usage or an unreadable file.`;

/** One line per file: "verified", or exactly what does not match. A file that cannot be read as an export is a usage error. */
async function verifyFile(file: string, maxBytes: number): Promise<{ ok: boolean; line: string }> {
  const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
  if (!read.ok) throw new UsageError(`${file}: ${read.message}`);
  // The seals are checked on the file as parsed from its text, not on what validation kept of it.
  const v = await verifyExport(read.value, nodeSha256);
  return { ok: v.status === "verified", line: `${file}: ${v.status === "verified" ? v.message : notVerified(v)}` };
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound verify", io, async () => {
    const { values, positionals } = parseCli({ args: argv, options: { ...MAX_BYTES_OPTION }, strict: true, allowPositionals: true }, USAGE);
    if (positionals.length === 0) throw new UsageError(`no file given\n${USAGE}`);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    let allOk = true;
    for (const file of positionals) {
      const { ok, line } = await verifyFile(file, maxBytes);
      io.stdout.write(`${line}\n`);
      allOk &&= ok;
    }
    return allOk ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
