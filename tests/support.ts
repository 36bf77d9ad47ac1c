import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseFixtureSet } from "../src/fixture-set/parse.ts";
import { replayCandidate } from "../src/candidates/replay.ts";
import { createVirtualClock } from "../src/runtime/clock.ts";
import { runEpisode, type RunOptions } from "../src/runtime/episode.ts";
import type { Fixture } from "../src/schemas/fixture.ts";
import type { ScoredRunExport } from "../src/schemas/export.ts";
import { JsonlSuiteWriter, jsonlHeader } from "../src/integrity/jsonl-suite.ts";
import { nodeSha256 } from "../src/cli/node-sha256.ts";

export const FIXTURE_DIR = join(import.meta.dirname, "..", "fixtures");

export function loadFixtures(): Fixture[] {
  const files = readdirSync(FIXTURE_DIR).filter((n) => n.endsWith(".json"));
  const set = parseFixtureSet(files.map((n) => ({ file: n, text: readFileSync(join(FIXTURE_DIR, n), "utf8") })));
  if (!set.ok) throw new Error(set.errors.map((e) => e.message).join("\n"));
  return set.fixtures;
}

export function fixture(id: string): Fixture {
  const fx = loadFixtures().find((f) => f.id === id);
  if (!fx) throw new Error(`no fixture ${id}`);
  return fx;
}

/** A reply given as a decision object (serialised) or raw text, with an optional latency. */
export type Reply = Record<string, unknown> | string | { text: string; latency_ms: number };

const asResponse = (r: Reply) =>
  typeof r === "string" ? { text: r, latency_ms: 100 } : "latency_ms" in r && typeof r.text === "string" ? { text: r.text, latency_ms: Number(r.latency_ms) } : { text: JSON.stringify(r), latency_ms: 100 };

/** Runs the replies through the runtime on a virtual clock. */
export function runReplies(fx: Fixture, replies: Reply[], extra: Partial<RunOptions> = {}) {
  return runEpisode({ fixture: fx, candidate: replayCandidate("test", replies.map(asResponse)), clock: createVirtualClock(), ...extra });
}

export const tool = (name: string, args: unknown) => ({ decision: "tool", tool: name, arguments: args });
export const final = (outcome: string, extra: Record<string, unknown> = {}) => ({
  decision: "final",
  outcome,
  claims: [],
  evidence_ids: [],
  policy_code: null,
  message: "done",
  ...extra,
});
export const FV_A = { scenario: "scenario-A", principal_inr: 2500000, annual_return: 0.06, years: 5 };
export const CONC_1001 = { household: "HH-1001", equity_inr: 48000000, eligible_inr: 120000000 };

/** The final decision's fields that answer fv-scenario-a, its claim backed by the observation `evidenceId`. */
export const finalFvA = (evidenceId = "ev-1") => ({
  outcome: "answered",
  claims: [{ kind: "future_value", value: 3345563.94, unit: "INR", scenario: "scenario-A", as_of: "2026-03-31", calculator: "calc-fv-v1", evidence_id: evidenceId }],
  evidence_ids: [evidenceId],
  policy_code: null,
  message: "Scenario A grows to ₹3,345,563.94.",
});

/** The attack matrix of the repository's fixture folder, composed as the CLI composes it. */
export async function loadMatrix() {
  const { loadMatrixDir } = await import("../src/node/fixture-files.ts");
  return loadMatrixDir(FIXTURE_DIR);
}

/** Sealed runs as `eval --format jsonl` writes them: a header, one line a run, the closing line. */
export async function jsonlSuiteText(runs: readonly ScoredRunExport[], nowIso = "2026-11-30T00:00:00.000Z"): Promise<string> {
  const lines: string[] = [];
  const writer = new JsonlSuiteWriter(jsonlHeader(nowIso), (line) => lines.push(line), nodeSha256);
  for (const run of runs) writer.add(run);
  await writer.end();
  return `${lines.join("\n")}\n`;
}
