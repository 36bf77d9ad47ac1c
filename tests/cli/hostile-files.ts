import type { FileProblemCode } from "../../src/files/read-json-file.ts";

/**
 * Files the one reader must refuse, made from a real sealed export, each with the exact words both
 * `npm run verify` and the workbench show. The Playwright spec e2e/file-reader.spec.ts uses the same list.
 */
export interface HostileFile {
  name: string;
  bytes: Uint8Array;
  /** The reader's code for it: what a CLI prints after its name, and what a test asserts first. */
  code: FileProblemCode;
  message: string;
  /** Extra CLI arguments that set the same limit the workbench has (its 256 MiB cap on a file read whole). */
  cliArgs: string[];
}

import { tooLargeForJson } from "../../src/files/read-json-file.ts";

/** The workbench's MAX_IMPORT_BYTES (src/evaluation/import/pipeline.ts; tests/cli/same-words.test.ts checks they agree). */
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/**
 * How long a test that goes through every hostile file may take: one of them is over 256 MiB, made,
 * written to disk and read again. Under five seconds on an idle machine; a slow one that is busy
 * beside it (npm test with four other processes running) took 7–9 s, past vitest's default of 5.
 */
export const HOSTILE_FILES_TIMEOUT_MS = 60_000;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/** `export` is a sealed scored-run or scored-suite file, as Export or `npm run eval -- --export` writes it. */
export function hostileExports(exported: Uint8Array): HostileFile[] {
  const text = new TextDecoder().decode(exported);
  const json = JSON.parse(text) as { runs?: { events: unknown[] }[]; events?: unknown[] };
  const runs = json.runs ? json.runs.map((r, i) => ({ events: r.events, path: `$.runs[${i}].events` })) : [{ events: json.events ?? [], path: "$.events" }];
  // The duplicate goes deep inside an event: a candidate's own tool arguments, hash-chained data.
  const found = runs.flatMap(({ events, path }) => events.map((e, i) => ({ event: JSON.stringify(e), where: `${path}[${i}].body.arguments` }))).find((e) => e.event.includes('"kind":"decision"') && e.event.includes('"household":'));
  if (!found) throw new Error("the export holds no decision naming a household");
  const compact = JSON.stringify(json);
  const withDuplicate = compact.replace(found.event, found.event.replace(/"household":("[^"]*")/, '"household":$1,"household":"HH-2002"'));
  // The same value twice leaves every parsed value, and so every seal, unchanged: only the reader can refuse it.
  const withSameTwice = compact.replace(found.event, found.event.replace(/"household":("[^"]*")/, '"household":$1,"household":$1'));
  // Invalid UTF-8 replaces one ASCII byte, so the offset is exact in bytes.
  const invalidAt = utf8(text.slice(0, text.indexOf('"reference"') + 2)).length;
  const nested = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  // {"pad":"xxx…", …the export's fields}: one byte over the cap, built as bytes (a 256 MiB string would be slow).
  const padded = (): Uint8Array => {
    const head = utf8('{"pad":"');
    const tail = utf8(`",${compact.slice(1)}`);
    const out = new Uint8Array(head.length + MAX_IMPORT_BYTES + tail.length);
    out.set(head);
    out.fill(0x78, head.length, head.length + MAX_IMPORT_BYTES);
    out.set(tail, head.length + MAX_IMPORT_BYTES);
    return out;
  };
  return [
    { name: "duplicate-in-events.json", bytes: utf8(withDuplicate), code: "duplicate_key", message: `a key appears twice in one object ("household" at ${found.where})`, cliArgs: [] },
    { name: "duplicate-same-value.json", bytes: utf8(withSameTwice), code: "duplicate_key", message: `a key appears twice in one object ("household" at ${found.where})`, cliArgs: [] },
    { name: "invalid-utf8.json", bytes: concat(exported.subarray(0, invalidAt), Uint8Array.from([0xff]), exported.subarray(invalidAt + 1)), code: "not_utf8", message: `the file is not valid UTF-8 (byte ${invalidAt})`, cliArgs: [] },
    { name: "bom.json", bytes: concat(Uint8Array.from([0xef, 0xbb, 0xbf]), exported), code: "byte_order_mark", message: "the file starts with a byte-order mark (save it as UTF-8 without one)", cliArgs: [] },
    { name: "too-deep.json", bytes: utf8(compact.replace(/^\{/, `{"x":${nested(100)},`)), code: "too_deep", message: "the file is nested deeper than 96 levels", cliArgs: [] },
    { name: "truncated.json", bytes: exported.subarray(0, exported.length - 3), code: "not_json", message: "the file is not valid JSON: it ends before its value does", cliArgs: [] },
    { name: "two-values.json", bytes: utf8(`${compact}\n${compact}`), code: "not_json", message: "the file has text after its one JSON value (line 2, column 1)", cliArgs: [] },
    { name: "too-large.json", bytes: padded(), code: "too_large_for_json", message: tooLargeForJson().message, cliArgs: ["--max-bytes", String(MAX_IMPORT_BYTES)] },
  ];
}
