import { MAX_KEY_BYTES, readPrivateKeyPem, readPublicKeyPem } from "../integrity/signing-key.ts";
import { fingerprintOf, signerOf, type Signer } from "../integrity/signature.ts";
import { readFileBytes } from "./read-file.ts";
import { UsageError } from "./usage-error.ts";

// Key files for the commands that sign (`--sign KEYFILE`) and the one that checks a signer (`verify
// --key PUBKEY`). What a key file holds is read by src/integrity/signing-key.ts, the signing itself
// by src/integrity/signature.ts; here only the file. No message quotes a key file's contents.

export const SIGN_OPTION = { sign: { type: "string" } } as const;
export const SIGN_USAGE = `  --sign KEYFILE    sign the sealed output with this Ed25519 private key (npm run keygen writes one)`;

const keyText = (file: string): string => new TextDecoder().decode(readFileBytes(file, MAX_KEY_BYTES));

/** The signer of `--sign KEYFILE`, or a usage error naming the file and the problem's code. */
export async function readSigner(file: string): Promise<Signer> {
  const key = readPrivateKeyPem(keyText(file));
  if (!key.ok) throw new UsageError(`--sign ${file}: ${key.message}`, key.code, { file });
  const made = await signerOf(key.der);
  if (!made.ok) throw new UsageError(`--sign ${file}: ${made.message}`, made.code, { file });
  return made.signer;
}

/** The signer of `--sign`, when given; `writesSealed`: whether the command was asked to write a sealed suite (`--export`, `--format jsonl`). */
export async function signerFrom(file: string | undefined, writesSealed: boolean): Promise<Signer | undefined> {
  if (file === undefined) return undefined;
  if (!writesSealed) throw new UsageError("--sign needs --export FILE or --format jsonl: nothing sealed is written otherwise");
  return readSigner(file);
}

/** The fingerprint of `--key PUBKEY`: the signer a file must name. */
export function readKeyFingerprint(file: string): string {
  const key = readPublicKeyPem(keyText(file));
  if (!key.ok) throw new UsageError(`--key ${file}: ${key.message}`, key.code, { file });
  return fingerprintOf(key.raw);
}
