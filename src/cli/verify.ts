import { describeDifference } from "../evaluation/import/outcome.ts";
import { importFile } from "../evaluation/import/pipeline.ts";
import { bytesSource } from "../evaluation/import/bytes-source.ts";
import type { ExportFindings } from "../evaluation/import/types.ts";
import { readExportFile, verifyExport } from "../integrity/export-file.ts";
import { checkSignature, signatureRefused } from "../integrity/signature.ts";
import { notVerified, type FileProblemVerification } from "../integrity/verify-file.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { readKeyFingerprint } from "./key-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run verify -- FILE... [--fixtures DIR] [--key PUBKEY] [--seal-only] [--max-bytes N]
  Checks finbound.scored-run/v1 and finbound.scored-suite/v1 exports and JSONL suites (eval --format jsonl):
  every seal (hash chain, run and suite digests), the signature when there is one, then replays every run
  from its recorded replies against its fixture, as the workbench's Import does, and refuses a file whose
  verdicts differ from the replay's. A seal proves only that nothing changed since sealing (anyone can
  seal); a signature says who vouches for the file; the replay says whether its verdicts are right.
  --fixtures DIR    the fixtures to replay against (default: the embedded ones, the attack matrix's included)
  --key PUBKEY      require a signature by this Ed25519 public key (FILE.pub from npm run keygen)
  --seal-only       check the seals and the signature only, without replaying: fast, but the verdicts
                    are then the file's word
${MAX_BYTES_USAGE}
  Exit status: 0 every file verified, 1 a file was changed after export, is not sealed, has a signature
  that does not match (or, with --key, none or another signer's), or states verdicts its replay does not
  give (verdicts_differ), 2 bad usage or an unreadable file.`;

interface VerifyOptions {
  maxBytes: number;
  /** The fingerprint --key names. */
  key: string | undefined;
  sealOnly: boolean;
  fixtures: () => readonly Fixture[];
}

type FileLine = { ok: boolean; line: string };

/** A file whose seals do not all hold, with the code of what broke, as the other refusals on these lines end. */
const notVerifiedLine = (file: string, v: FileProblemVerification): FileLine => ({ ok: false, line: `${file}: ${notVerified(v)} (${v.code})` });

/** What a file was found to be, in one line: verified and what that covered, or every reason it is refused. */
function findingsLine(file: string, f: ExportFindings, checked: string): FileLine {
  if (f.verification.status !== "verified") return notVerifiedLine(file, f.verification);
  const refusals = [
    ...(signatureRefused(f.signature) ? [`${f.signature.message} (${f.signature.code})`] : []),
    ...(f.firstDifference ? [`${f.differing} of ${f.runs} run(s) state verdicts their replay does not give (verdicts_differ): ${describeDifference(f.firstDifference)}`] : []),
  ];
  if (refusals.length > 0) return { ok: false, line: `${file}: REFUSED — ${refusals.join("; ")}` };
  return { ok: true, line: `${file}: ${f.verification.message}; ${f.signature.message}; ${checked}` };
}

/** The seals and the signature only: the file as read by the export reader, nothing replayed. */
async function sealOnly(file: string, bytes: Uint8Array, o: VerifyOptions): Promise<FileLine> {
  const read = readExportFile(bytes, { maxBytes: o.maxBytes });
  if (!read.ok) throw refusalError(file, read);
  // The seals are checked on the file as parsed from its text, not on what validation kept of it.
  const verification = await verifyExport(read.value, nodeSha256);
  const runs = read.value.kind === "run" ? 1 : read.value.kind === "suite" ? read.value.file.runs.length : read.value.suite.runs.length;
  const findings: ExportFindings = { verification, signature: await checkSignature(verification, o.key), runs, differing: 0, firstDifference: null };
  return findingsLine(file, findings, "not re-scored (--seal-only): the verdicts are the file's word, unchecked");
}

/** The import pipeline the workbench runs: read, verify, replay and re-score every run, compare. */
async function rescored(file: string, bytes: Uint8Array, o: VerifyOptions): Promise<FileLine> {
  const result = await importFile(bytesSource(bytes), { fixtures: o.fixtures(), sha256: nodeSha256, maxWholeBytes: o.maxBytes, maxLineBytes: o.maxBytes, exportsOnly: true, ...(o.key ? { signedBy: o.key } : {}) });
  if (!result.ok) {
    if (result.verification?.status === "broken") return notVerifiedLine(file, result.verification);
    throw refusalError(file, { ...result, code: result.cause }, result.code === "unknown_fixture" ? " (--fixtures DIR replays against another fixture folder)" : "");
  }
  // exportsOnly: collected traces were refused as an unknown format.
  if (result.kind === "traces") throw new UsageError(`${file}: not an export`);
  return findingsLine(file, result, "re-scored: every run's verdicts are its replay's");
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound verify", io, async () => {
    const options = { fixtures: { type: "string" }, key: { type: "string" }, "seal-only": { type: "boolean" }, help: { type: "boolean", short: "h" }, ...MAX_BYTES_OPTION } as const;
    const { values, positionals } = parseCli({ args: argv, options, strict: true, allowPositionals: true }, USAGE);
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError(`no file given\n${USAGE}`);
    let fixtures: readonly Fixture[] | null = null;
    const o: VerifyOptions = {
      maxBytes: maxBytesFrom(values["max-bytes"]),
      key: values.key === undefined ? undefined : readKeyFingerprint(values.key),
      sealOnly: values["seal-only"] === true,
      // Loaded once, when a file is first replayed (a matrix suite needs the matrix's fixtures).
      fixtures: () => (fixtures ??= [...loadJudgingFixtures(values.fixtures).values()]),
    };
    let allOk = true;
    for (const file of positionals) {
      const bytes = readFileBytes(file, o.maxBytes);
      const { ok, line } = await (o.sealOnly ? sealOnly : rescored)(file, bytes, o);
      io.stdout.write(`${line}\n`);
      allOk &&= ok;
    }
    return allOk ? 0 : 1;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
