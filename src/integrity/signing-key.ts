// Ed25519 key files as every tool writes them: PEM, a private key as PKCS#8 ("PRIVATE KEY") and a
// public key as SubjectPublicKeyInfo ("PUBLIC KEY"), what `npm run keygen`, Node and
// `openssl genpkey -algorithm ed25519` write. An Ed25519 key's DER is a fixed prefix and 32 bytes
// (RFC 8410), so reading one is a comparison, not an ASN.1 parser. Refusals never quote the file:
// a private key's bytes must not reach a message, a log or an export.

/** PKCS#8 of an Ed25519 private key, up to its 32-byte seed (RFC 8410 §10.3). */
const PKCS8_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
/** SubjectPublicKeyInfo of an Ed25519 public key, up to its 32 bytes (RFC 8410 §4). */
const SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
/** The algorithm identifier of Ed25519 (OID 1.3.101.112), found in both. */
const ED25519_OID = [0x06, 0x03, 0x2b, 0x65, 0x70];

/** A key file is a few hundred bytes: anything far larger is not one, and is not read. */
export const MAX_KEY_BYTES = 64 * 1024;

export type KeyProblemCode = "not_pem" | "not_a_private_key" | "not_a_public_key" | "not_ed25519";

export type KeyRead = { ok: true; der: Uint8Array<ArrayBuffer> } | { ok: false; code: KeyProblemCode; message: string };

/** The private key of a key file: PKCS#8 DER, for WebCrypto's importKey("pkcs8"). */
export const readPrivateKeyPem = (text: string): KeyRead => readPem(text, "PRIVATE KEY", PKCS8_PREFIX, 32);

/** The public key of a key file: its raw 32 bytes (the DER's last 32). */
export function readPublicKeyPem(text: string): { ok: true; raw: Uint8Array<ArrayBuffer> } | { ok: false; code: KeyProblemCode; message: string } {
  const read = readPem(text, "PUBLIC KEY", SPKI_PREFIX, 32);
  return read.ok ? { ok: true, raw: read.der.slice(SPKI_PREFIX.length) } : read;
}

const LABELS = { "PRIVATE KEY": "not_a_private_key", "PUBLIC KEY": "not_a_public_key" } as const;

function readPem(text: string, label: keyof typeof LABELS, prefix: readonly number[], keyLength: number): KeyRead {
  const found = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*)-----END \1-----/.exec(text);
  if (!found) return { ok: false, code: "not_pem", message: "not a PEM key file (-----BEGIN …-----)" };
  if (found[1] !== label) {
    const other = found[1] === "PRIVATE KEY" ? "a private key" : found[1] === "PUBLIC KEY" ? "a public key" : `a PEM "${found[1] ?? ""}" block`;
    return { ok: false, code: LABELS[label], message: `holds ${other}, not ${label === "PRIVATE KEY" ? "a private key (sign with the key, not key.pub)" : "a public key (verify with key.pub, never the private key)"}` };
  }
  const der = base64Bytes((found[2] ?? "").replace(/\s+/g, ""));
  if (der === null) return { ok: false, code: "not_pem", message: "the PEM block is not valid base64" };
  const expected = prefix.length + keyLength;
  if (der.length !== expected || !prefix.every((b, i) => der[i] === b)) {
    return { ok: false, code: "not_ed25519", message: containsOid(der) ? "an Ed25519 key in a form finbound does not read (expected RFC 8410 DER)" : "not an Ed25519 key" };
  }
  return { ok: true, der };
}

const containsOid = (der: Uint8Array): boolean => {
  for (let i = 0; i + ED25519_OID.length <= der.length; i++) if (ED25519_OID.every((b, j) => der[i + j] === b)) return true;
  return false;
};

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard or URL-safe base64 (JWK writes the latter), padded or not; null when it is neither. */
export function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  const body = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (body.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(body)) return null;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of body) {
    value = (value << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
