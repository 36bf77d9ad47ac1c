import type { ImportProgress } from "../../evaluation/import/types.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import { ScoredRun } from "../../schemas/scored-run.ts";
import { RankResult, ReadResult, type LeaderboardReply, type LeaderboardRequest, type RankOptions } from "./leaderboard-protocol.ts";
import { LeaderboardSession, type LeaderboardSource } from "./leaderboard-session.ts";

/** The leaderboard's runs, read once: ranked by any options, and a cell's runs read back, until ended. */
export interface LeaderboardRuns {
  read: Promise<ReadResult>;
  rank(options: RankOptions): Promise<RankResult>;
  cellRuns(key: string, fixture: string, pool: boolean): Promise<ScoredRun[]>;
  /** Ends the worker; answers still awaited are refused. */
  end(): void;
}

export type SourceProgress = (source: number, progress: ImportProgress) => void;

/**
 * Reads the sources in a Web Worker and validates every answer like any other boundary. Where workers
 * are unavailable (tests) the same session runs on this thread.
 */
export function readLeaderboardRuns(sources: readonly LeaderboardSource[], fixtures: readonly Fixture[], onProgress: SourceProgress): LeaderboardRuns {
  const blobs = sources.flatMap((s) => (typeof Blob !== "undefined" && s.file instanceof Blob ? [{ name: s.name, file: s.file }] : []));
  if (typeof Worker === "undefined" || blobs.length !== sources.length) return inThisThread(sources, fixtures, onProgress);
  const worker = new Worker(new URL("../leaderboard.worker.ts", import.meta.url), { type: "module" });
  const waiting = new Map<number | null, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 1;
  let ended: Error | null = null;
  const ask = (request: LeaderboardRequest, id: number | null): Promise<unknown> => {
    if (ended) return Promise.reject(ended);
    const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage(request);
    return answer;
  };
  const refuseAll = (error: Error): void => {
    ended ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const settle = (id: number | null, value: unknown): void => {
    waiting.get(id)?.resolve(value);
    waiting.delete(id);
  };
  worker.onmessage = (event: MessageEvent<LeaderboardReply>) => {
    const m = event.data;
    if (m.type === "progress") onProgress(m.source, m.progress);
    else if (m.type === "read") settle(null, m.result);
    else if (m.type === "rank" || m.type === "cell") settle(m.id, m.type === "rank" ? m.result : m.runs);
    else {
      waiting.get(m.id)?.reject(new Error(m.message));
      waiting.delete(m.id);
    }
  };
  worker.onerror = (event) => refuseAll(new Error(event.message || "the leaderboard worker failed"));
  return {
    read: ask({ type: "read", sources: blobs, fixtures }, null).then((r) => ReadResult.parse(r)),
    rank: (options) => {
      const id = next++;
      return ask({ type: "rank", id, options }, id).then((r) => RankResult.parse(r));
    },
    cellRuns: (key, fixture, pool) => {
      const id = next++;
      return ask({ type: "cell", id, key, fixture, pool }, id).then((r) => ScoredRun.array().parse(r));
    },
    end: () => {
      worker.terminate();
      refuseAll(new Error("the leaderboard was closed"));
    },
  };
}

function inThisThread(sources: readonly LeaderboardSource[], fixtures: readonly Fixture[], onProgress: SourceProgress): LeaderboardRuns {
  const session = new LeaderboardSession(sources, fixtures);
  const read = session.read(onProgress);
  return {
    read,
    rank: async (options) => (await read, session.rank(options)),
    cellRuns: async (key, fixture, pool) => (await read, session.cellRuns(key, fixture, pool)),
    end: () => {},
  };
}
