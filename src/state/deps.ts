import type { FetchLike } from "../candidates/http/wire.ts";
import type { Clock } from "../runtime/clock.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { ScoredRun } from "../schemas/scored-run.ts";
import type { AnnotationsStore } from "./annotations/annotations-store.ts";
import type { HistoryStore } from "./history/history-store.ts";
import type { StartImport } from "./io/import-task.ts";
import type { ReadLeaderboardRuns } from "./leaderboard/leaderboard-runs.ts";
import type { MatrixCompose } from "./matrix/matrix-files.ts";
import type { NetworkProbe } from "./model/network-failure.ts";

/** The stream as the browser's EventSource gives it; injected so tests can play a server. */
export interface EventStreamHandlers {
  open(): void;
  /** One message's data, and its SSE id ("" when it has none). */
  message(data: string, id: string): void;
  /** The connection failed or dropped; `closed`: the stream will not reconnect by itself. */
  error(closed: boolean): void;
}
export type OpenEventStream = (url: string, on: EventStreamHandlers) => { close(): void };

/** What the store needs from the outside world, injected so tests can use the real slices. */
export interface StoreDeps {
  fixtures: readonly Fixture[];
  fixtureErrors: readonly string[];
  /** A clock for one run at the chosen speed: 0 = instant, 1 = real time. */
  clockFor(pace: number): Clock;
  sha256Hex(text: string): Promise<string>;
  nowIso(): string;
  /** The real monotonic clock, for runs against a model server. */
  realClock(): Clock;
  fetch: FetchLike;
  /** Turns a relative base URL (the dev proxy, `/llm`) into an absolute one. */
  resolveUrl(url: string): string;
  /** Where the simulated model answers (an msw service worker in the browser). */
  simulatorBaseUrl: string;
  /** Scores every scripted candidate of the given fixtures (in the browser: in a Web Worker). */
  evaluateSuite(fixtures: readonly Fixture[]): Promise<ScoredRun[]>;
  /** Makes sure the simulated model is listening before a simulated run. */
  ensureSimulator(): Promise<void>;
  /** This page's origin, which a model server's CORS settings must allow. */
  pageOrigin: string;
  /** Tells apart why a model request got no response (no server, CORS, CSP); the browser's reads the DOM. */
  probeNetworkFailure: NetworkProbe;
  /** Where finished runs and suites are kept across reloads. */
  history: HistoryStore;
  /** Where the analyst's annotations are kept across reloads; in memory when absent. */
  annotations?: AnnotationsStore;
  /** Runs a link names that are not in the history (kept apart from it); in memory when absent. */
  runLinks?: HistoryStore;
  /**
   * The attack matrix (tasks × injections over these fixtures), composed on first use; none when absent.
   * The browser loads it lazily (a promise): its data and composition stay out of the first load.
   */
  loadMatrix?(): MatrixCompose | Promise<MatrixCompose>;
  /** Starts an import (in the browser: in a Web Worker); on this thread when absent. */
  startImport?: StartImport;
  /** Reads the leaderboard's sources and ranks them (in the browser: in a Web Worker); on this thread when absent. */
  readLeaderboardRuns?: ReadLeaderboardRuns;
  /** Opens a server-sent-events stream (the browser's EventSource), for Watch an agent; absent: watching is not offered. */
  openEventStream?: OpenEventStream;
  /** Runs one scripted candidate over matrix fixtures (in the browser: in a Web Worker); on this thread when absent. */
  evaluateMatrix?(fixtures: readonly Fixture[], candidate: string, onProgress?: (done: number) => void): Promise<ScoredRun[]>;
}
