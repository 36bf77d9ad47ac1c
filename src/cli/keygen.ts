import { generateKeyPairSync } from "node:crypto";
import { closeSync, existsSync, fchmodSync, openSync, writeSync } from "node:fs";
import { readPublicKeyPem } from "../integrity/signing-key.ts";
import { fingerprintOf } from "../integrity/signature.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run keygen -- --out FILE
  Writes a new Ed25519 key pair: FILE, the private key (PKCS#8 PEM, mode 0600: keep it to yourself), and
  FILE.pub, the public key (SPKI PEM: give it to whoever verifies). Sign with --sign FILE (eval, matrix,
  merge, mcp, the workbench's Export); check with npm run verify -- --key FILE.pub. An existing file is never
  overwritten.
  Exit status: 0 written, 2 bad usage or a file that exists or cannot be written.`;

const exists = (path: string): UsageError => new UsageError(`${path} already exists: a key file is never overwritten (choose another --out, or remove it yourself)`);

/** Creates the file with exactly this mode (whatever the umask), refusing one that exists: a key overwritten is a signer lost. */
function writeNew(path: string, text: string, mode: number): void {
  let fd: number;
  try {
    fd = openSync(path, "wx", mode);
  } catch (error) {
    throw (error as { code?: unknown }).code === "EEXIST" ? exists(path) : new UsageError(`cannot write ${path}`);
  }
  try {
    fchmodSync(fd, mode);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound keygen", io, async () => {
    const { values } = parseCli({ args: argv, options: { out: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false }, USAGE);
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const out = values.out;
    if (!out) throw new UsageError(`--out FILE is required\n${USAGE}`);
    // Neither half is written when either exists: a new public key beside an old private one would verify nothing it signs.
    for (const path of [out, `${out}.pub`]) if (existsSync(path)) throw exists(path);
    const pair = generateKeyPairSync("ed25519", { privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    writeNew(out, pair.privateKey, 0o600);
    writeNew(`${out}.pub`, pair.publicKey, 0o644);
    const read = readPublicKeyPem(pair.publicKey);
    const fingerprint = read.ok ? fingerprintOf(read.raw) : "(unreadable)";
    io.stdout.write(`wrote ${out} (private key, mode 0600: keep it to yourself) and ${out}.pub (public key: give it to whoever verifies)\nfingerprint ${fingerprint}\n`);
    return 0;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
