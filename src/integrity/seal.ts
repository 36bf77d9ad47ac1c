import { canonicalJson } from "../runtime/canonical.ts";

/** Any SHA-256 over UTF-8 text, hex-encoded: WebCrypto in the browser, node:crypto in Node. */
export type Sha256Hex = (text: string) => Promise<string>;

/** The link before the first event. */
export const GENESIS = "0".repeat(64);

export async function chainEvents(events: readonly unknown[], sha256: Sha256Hex): Promise<string[]> {
  const hashes: string[] = [];
  let previous = GENESIS;
  for (const event of events) {
    previous = await sha256(`${previous}\n${canonicalJson(event)}`);
    hashes.push(previous);
  }
  return hashes;
}
