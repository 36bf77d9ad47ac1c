import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { startMcp, type RunningMcp } from "../../src/cli/mcp.ts";
import { eventLine } from "../../src/evaluation/compare.ts";
import { startSimServer, type SimServer } from "../../src/mocks/loopback-server.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { fixture, loadFixtures } from "../support.ts";

// What the tests of real agent frameworks share: the simulated model on loopback (and nothing fetched
// beyond it), `npm run mcp` started as a user starts it, and reading the one run it sealed.

export const ROOT = join(import.meta.dirname, "..", "..");
export const FIXTURE = "injection-adviser-scope";
export const TASK_RESOURCE = "finbound://task";
/** Starting node with tsx takes seconds on a loaded machine: the limit catches a hang. */
export const PROCESS_TIMEOUT_MS = 60_000;

export interface FrameworkHarness {
  /** The simulated model's base URL (`…/v1` is its OpenAI-compatible API). */
  simUrl(): string;
  /** `npm run mcp -- --transport http` for `agent`; `stop` seals its file, or the hooks stop it after the test. */
  startHttp(agent: string, out: string): Promise<{ url: string; stop(): Promise<number>; stderr(): string }>;
}

/**
 * Registers the hooks: the simulated model for the file, a fetch that refuses anything not on loopback
 * (checked after each test), and the MCP server of each test stopped after it.
 */
export function frameworkHarness(beforeStart: () => void = () => {}): FrameworkHarness {
  let sim: SimServer;
  const escaped: string[] = [];
  const realFetch = globalThis.fetch;
  let running: RunningMcp | null = null;
  beforeAll(async () => {
    sim = await startSimServer({ port: 0, fixtures: loadFixtures(), latencyScale: 0, slots: null });
    beforeStart();
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
        escaped.push(url.href);
        return Promise.reject(new Error(`not on loopback: ${url.href}`));
      }
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await sim.close();
  });
  afterEach(async () => {
    await running?.stop();
    running = null;
    expect(escaped).toEqual([]);
  });
  return {
    simUrl: () => sim.url,
    async startHttp(agent, out) {
      let stderr = "";
      const started = await startMcp(["--transport", "http", "--port", "0", "--fixture", FIXTURE, "--agent", agent, "--out", out], {
        stdout: { write: () => {} },
        stderr: { write: (t: string) => void (stderr += t) },
      });
      if (typeof started === "number") throw new Error(`exited ${started}: ${stderr}`);
      running = started;
      const stop = (): Promise<number> => {
        running = null;
        return started.stop();
      };
      return { url: started.url as string, stop, stderr: () => stderr };
    },
  };
}

/** `npm run mcp` over stdio as a client starts it: node on the CLI's source (tsx compiles it, as the process tests do). */
export const stdioMcpArgs = (agent: string, out: string): string[] => ["--import", "tsx", join(ROOT, "src", "cli", "mcp.ts"), "--fixture", FIXTURE, "--agent", agent, "--out", out];

export const tempFile = (prefix: string): string => join(mkdtempSync(join(tmpdir(), prefix)), "runs.jsonl");

/** Waits for a stdio server that was closed to seal its file as it exits. */
export async function sealed(file: string): Promise<void> {
  for (let waited = 0; !readFileSync(file, "utf8").includes('"end"') && waited < PROCESS_TIMEOUT_MS; waited += 50) await new Promise((r) => setTimeout(r, 50));
}

/** The one run of a sealed JSONL suite (its header, the run, its closing line). */
export function onlyRun(file: string): ScoredRunExport {
  const lines = readFileSync(file, "utf8").trim().split("\n");
  expect(lines).toHaveLength(3);
  return JSON.parse(lines[1] as string) as ScoredRunExport;
}

/** What the workbench's timeline and `npm run diff` show of a run's steps. */
export const stepLines = (run: ScoredRunExport): string[] => run.events.flatMap((e) => eventLine(e, fixture(FIXTURE).task_households) ?? []);
