import { webcrypto } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { evaluateScripted } from "../evaluation/evaluate.ts";
import { importFile, MAX_IMPORT_BYTES } from "../evaluation/import/pipeline.ts";
import { bytesSource } from "../evaluation/import/bytes-source.ts";
import type { ImportResult } from "../evaluation/import/types.ts";
import { MAX_LINE_BYTES } from "../files/read-json-lines.ts";
import { exportRun, sealSuite } from "../integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../integrity/jsonl-suite.ts";
import { sha256Sync } from "../integrity/sha256-sync.ts";
import type { Sha256Hex } from "../integrity/seal.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { CHUNK_BYTES, importFloor } from "./bench-floor.ts";
import { calibration, calibrationLine, inTurns, median, REPEATS } from "./bench-clock.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run bench -- --import FILE [--generate N] [--sha256 node|noble|webcrypto]
  Times the workbench's import of FILE (read + validate + verify + re-score, the pure pipeline its
  Web Worker runs) against a bare JSON.parse of the same bytes (a JSONL file: line by line), each the
  median of 3, and prints both and their ratio, and the floor under any verifying import: the one
  reader plus every event and digest input in canonical JSON and hashed (no validation, no re-scoring).
  --generate N   when FILE does not exist, first write a sealed suite of N runs to it: every scripted
                 candidate of every fixture in turn, trials 1, 2, … (JSONL if FILE ends .jsonl, else
                 JSON as eval --export writes it)
  --sha256 H     the hash the pipeline is given: node (node:crypto's one-shot hash, as the CLI, the default), noble (@noble/hashes,
                 what the worker uses) or webcrypto (crypto.subtle, awaited per hash)`;

// A number to improve, not a test: nothing here fails on a slow machine. Times are CPU time (bench-clock.ts).
const NOW = "2026-01-01T00:00:00.000Z";

const HASHES: Record<string, Sha256Hex> = {
  node: nodeSha256,
  noble: sha256Sync,
  webcrypto: async (text) => Buffer.from(await webcrypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("hex"),
};

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound bench --import", io, () => benchImport(argv, io));
}

async function benchImport(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: { import: { type: "string" }, generate: { type: "string" }, sha256: { type: "string", default: "node" } }, strict: true }, USAGE);
  const file = values.import;
  if (!file) throw new UsageError(`--import FILE is required\n${USAGE}`);
  const sha256 = HASHES[values.sha256];
  if (!sha256) throw new UsageError(`--sha256 must be node, noble or webcrypto (got ${values.sha256})`);
  const out = (line: string): unknown => io.stdout.write(`${line}\n`);
  const fixtures = loadFixtureDir();
  if (values.generate !== undefined && !existsSync(file)) {
    const n = Number(values.generate);
    if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--generate must be a whole number of runs ≥ 1 (got ${values.generate})`);
    const started = performance.now();
    await generateSuite(file, n, fixtures);
    out(`generated ${file}: ${n} sealed runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new UsageError(`${file}: cannot read the file`);
  }
  const jsonl = file.endsWith(".jsonl");
  let result: ImportResult | null = null;
  let runs = 0;
  const importing = (replaysKept?: number) => async (): Promise<void> => {
    // The runs are kept, as the workbench keeps them: their memory is part of the cost.
    const kept: ScoredRun[] = [];
    result = await importFile(bytesSource(bytes, CHUNK_BYTES), { fixtures, sha256, maxWholeBytes: MAX_IMPORT_BYTES, maxLineBytes: MAX_LINE_BYTES, onRun: (run) => void kept.push(run), ...(replaysKept === undefined ? {} : { replaysKept }) });
    runs = kept.length;
  };
  out(calibrationLine(await calibration()));
  // Taken in turns, so a machine that slows down or speeds up meanwhile weighs on each alike.
  const [bare, everyRun, pipeline, floor] = (
    await inTurns([async () => void bareParse(bytes, jsonl), importing(0), importing(), async () => void (await importFloor(bytes, jsonl, sha256))])
  ).map(median) as [number, number, number, number];
  const outcome = result as ImportResult | null;
  if (!outcome?.ok) throw new UsageError(`${file}: the import refused it: ${outcome?.message ?? "no result"}`);
  const mb = bytes.length / (1024 * 1024);
  const speed = (time: number): string => `${(time / bare).toFixed(1)}x the time: ${(bare / time).toFixed(3)} of JSON.parse's speed (target ≥ 0.333)`;
  out(`${file}: ${mb.toFixed(1)} MiB, ${runs} runs${outcome.kind === "suite" ? `, ${outcome.verification.message}` : ""}; sha256: ${values.sha256}; CPU time, median of ${REPEATS}`);
  out(`  bare JSON.parse${jsonl ? " (per line)" : ""}        ${ms(bare)}  (${(mb / (bare / 1000)).toFixed(0)} MiB/s)`);
  out(`  import pipeline              ${ms(pipeline)}  (${(mb / (pipeline / 1000)).toFixed(1)} MiB/s, ${((pipeline * 1000) / Math.max(1, runs)).toFixed(0)} us per run${outcome.kind === "suite" ? `; ${outcome.replayed} of ${runs} runs replayed, the rest alike to one of them` : ""})`);
  out(`  pipeline / JSON.parse        ${speed(pipeline)}`);
  out(`  every run replayed           ${ms(everyRun)}  (no replay kept for alike runs: about what a suite whose runs all differ costs, ${speed(everyRun)})`);
  out(`  floor: read + hash only      ${ms(floor)}  (${(bare / floor).toFixed(3)} of JSON.parse's speed: the most an import that verifies seals can reach)`);
  return 0;
}

function bareParse(bytes: Uint8Array, jsonl: boolean): unknown {
  const text = new TextDecoder().decode(bytes);
  if (!jsonl) return JSON.parse(text);
  let last: unknown = null;
  for (const line of text.split("\n")) if (line.trim() !== "") last = JSON.parse(line);
  return last;
}

const ms = (n: number): string => `${n.toFixed(0).padStart(7)} ms`;

/**
 * A sealed suite of n runs: every scripted candidate of every fixture in turn, trials 1, 2, … Each
 * candidate is run once (a scripted run is deterministic) and sealed once per trial, which the
 * digest binds, so the file is what `eval --trials` would write for those candidates.
 */
export async function generateSuite(file: string, n: number, fixtures: readonly Fixture[]): Promise<void> {
  const kinds: { fixture: Fixture; run: ScoredRun }[] = [];
  for (const fixture of fixtures) {
    for (const name of Object.keys(fixture.candidates)) {
      const run = await evaluateScripted(fixture, name, { includeDiagnostics: true });
      if (run) kinds.push({ fixture, run });
    }
  }
  if (kinds.length === 0) throw new UsageError("no fixture has a scripted candidate to generate runs from");
  const options = { includeDiagnostics: false, sha256: HASHES.node as Sha256Hex, nowIso: NOW };
  const sealed = async (i: number): Promise<ScoredRunExport> => {
    const { fixture, run } = kinds[i % kinds.length] as { fixture: Fixture; run: ScoredRun };
    return exportRun({ ...run, trial: Math.floor(i / kinds.length) + 1 }, fixture, "scripted", options);
  };
  const plan = { fixtures: fixtures.map((f) => f.id), candidates: [...new Set(kinds.map((k) => k.run.candidate))], trials: Math.ceil(n / kinds.length), shard: { index: 1, count: 1 } };
  if (file.endsWith(".jsonl")) {
    const lines: string[] = [];
    const writer = new JsonlSuiteWriter(jsonlHeader(NOW, plan), (line) => lines.push(line), options.sha256);
    for (let i = 0; i < n; i++) writer.add(await sealed(i));
    await writer.end();
    write(file, `${lines.join("\n")}\n`);
    return;
  }
  const runs: ScoredRunExport[] = [];
  for (let i = 0; i < n; i++) runs.push(await sealed(i));
  write(file, `${JSON.stringify(await sealSuite(runs, { sha256: options.sha256, nowIso: NOW, plan }), null, 2)}\n`);
}

function write(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch {
    throw new UsageError(`cannot write ${file}`);
  }
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
