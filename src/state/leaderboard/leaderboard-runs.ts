import type { ImportProgress } from "../../evaluation/import/types.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { LeaderboardSession, type LeaderboardSource } from "./leaderboard-session.ts";
import type { RankOptions, RankResult, ReadResult } from "./leaderboard-table.ts";

// What the leaderboard's runs are to the store: read once, then ranked by any options and a cell's runs
// read back, until ended. The browser reads them in a Web Worker (src/app/workers/leaderboard-worker-client.ts,
// injected as StoreDeps.readLeaderboardRuns); where there is none (Node, tests) they are read here.

export interface LeaderboardRuns {
  read: Promise<ReadResult>;
  rank(options: RankOptions): Promise<RankResult>;
  cellRuns(key: string, fixture: string, pool: boolean): Promise<ScoredRun[]>;
  /** Ends the worker; answers still awaited are refused. */
  end(): void;
}

export type SourceProgress = (source: number, progress: ImportProgress) => void;

export type ReadLeaderboardRuns = (sources: readonly LeaderboardSource[], fixtures: readonly Fixture[], onProgress: SourceProgress) => LeaderboardRuns;

/** The leaderboard's runs read on this thread: the same session the worker keeps. */
export const readInThisThread: ReadLeaderboardRuns = (sources, fixtures, onProgress) => {
  const session = new LeaderboardSession(sources, fixtures);
  const read = session.read(onProgress);
  return {
    read,
    rank: async (options) => (await read, session.rank(options)),
    cellRuns: async (key, fixture, pool) => (await read, session.cellRuns(key, fixture, pool)),
    end: () => {},
  };
};
