import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { loadFixtureDir } from "../../src/node/fixture-files.ts";
import { nodeSha256 } from "../../src/cli/node-sha256.ts";
import { evaluateSuite } from "../../src/evaluation/suite.ts";
import { exportRun, sealSuite } from "../../src/integrity/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../../src/integrity/jsonl-suite.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import type { Fixture } from "../../src/schemas/fixture.ts";
import { toScoredRun } from "../../src/scoring/score.ts";
import { LONG_RUN_FIXTURE, longRunRecord } from "./long-run.ts";

// The UI bench's files, made the way the workbench's users make them: real runs, scored and sealed
// by src/integrity, so an import verifies and re-scores them like any other file.

const options = () => ({ includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() });

function fixtureOf(fixtures: readonly Fixture[], id: string): Fixture {
  const fixture = fixtures.find((f) => f.id === id);
  if (!fixture) throw new Error(`no fixture ${id}`);
  return fixture;
}

/** Writes text to a file in pieces, waiting whenever the stream asks to. */
function fileWriter(path: string) {
  const out = createWriteStream(path);
  return {
    async write(text: string): Promise<void> {
      if (!out.write(text)) await once(out, "drain");
    },
    async close(): Promise<void> {
      out.end();
      await once(out, "finish");
    },
  };
}

/**
 * A value as JSON, written piece by piece: a sealed run of a million events is about 250 MB of
 * text, near the largest string V8 makes. Long arrays are written element by element; the result is
 * byte for byte JSON.stringify(value).
 */
async function writeJson(write: (text: string) => Promise<void>, value: unknown): Promise<void> {
  if (Array.isArray(value) && value.length > 1000) {
    await write("[");
    for (let start = 0; start < value.length; start += 5000) {
      const chunk = value.slice(start, start + 5000).map((item: unknown) => JSON.stringify(item) ?? "null");
      await write((start === 0 ? "" : ",") + chunk.join(","));
    }
    await write("]");
    return;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    await write("{");
    for (const [i, [key, v]] of entries.entries()) {
      await write(`${i === 0 ? "" : ","}${JSON.stringify(key)}:`);
      await writeJson(write, v);
    }
    await write("}");
    return;
  }
  await write(JSON.stringify(value));
}

/** A sealed `finbound.scored-run/v1` export of a run of `decisions` decisions (five events each). */
export async function writeLongRun(path: string, decisions: number): Promise<{ events: number; bytes: number }> {
  const fixture = fixtureOf(loadFixtureDir(), LONG_RUN_FIXTURE);
  const record = await longRunRecord(fixture, decisions);
  const file = await exportRun(toScoredRun(record, fixture), fixture, "scripted", options());
  const out = fileWriter(path);
  let bytes = 0;
  await writeJson(async (text) => {
    bytes += Buffer.byteLength(text);
    await out.write(text);
  }, file);
  await out.close();
  return { events: file.events.length, bytes };
}

/**
 * A suite of `count` runs: every scripted candidate of every fixture, over and over, each sealed.
 * Written as a sealed JSON suite (read whole by the import) and as a JSONL suite (streamed).
 */
export async function writeSuite(jsonPath: string, jsonlPath: string, count: number): Promise<{ runs: number; jsonBytes: number; jsonlBytes: number }> {
  const fixtures = loadFixtureDir();
  const distinct: ScoredRunExport[] = [];
  for (const run of await evaluateSuite(fixtures)) distinct.push(await exportRun(run, fixtureOf(fixtures, run.fixture), "scripted", options()));
  const runs = Array.from({ length: count }, (_, i) => distinct[i % distinct.length] as ScoredRunExport);

  const json = fileWriter(jsonPath);
  let jsonBytes = 0;
  await writeJson(async (text) => {
    jsonBytes += Buffer.byteLength(text);
    await json.write(text);
  }, await sealSuite(runs, options()));
  await json.close();

  const jsonl = fileWriter(jsonlPath);
  const lines: string[] = [];
  const writer = new JsonlSuiteWriter(jsonlHeader(options().nowIso), (line) => void lines.push(`${line}\n`), nodeSha256);
  let jsonlBytes = 0;
  const flush = async (): Promise<void> => {
    const text = lines.splice(0).join("");
    jsonlBytes += Buffer.byteLength(text);
    await jsonl.write(text);
  };
  for (const run of runs) {
    writer.add(run);
    if (lines.length >= 500) await flush();
  }
  await writer.end();
  await flush();
  await jsonl.close();
  return { runs: count, jsonBytes, jsonlBytes };
}
