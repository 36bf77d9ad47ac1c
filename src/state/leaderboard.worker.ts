// The leaderboard's runs are read and aggregated in a Web Worker: every source imported (verified and
// re-scored) and ranked here, so the page receives the table and the heat map's counts, never the runs.
import "./zod-jitless.ts";
import { freezeParsed } from "../runtime/freeze.ts";
import type { LeaderboardReply, LeaderboardRequest } from "./leaderboard/leaderboard-protocol.ts";
import { LeaderboardSession } from "./leaderboard/leaderboard-session.ts";
import { every, PROGRESS_EVERY_MS } from "./rate-gate.ts";

const post = (message: LeaderboardReply): void => self.postMessage(message);
let session: LeaderboardSession | null = null;

self.onmessage = async (event: MessageEvent<LeaderboardRequest>) => {
  const request = event.data;
  const id = request.type === "read" ? null : request.id;
  try {
    if (request.type === "read") {
      // This worker's own frozen copies, as the import worker keeps them (alike runs are replayed once).
      session = new LeaderboardSession(request.sources, freezeParsed(request.fixtures));
      // Progress at most every PROGRESS_EVERY_MS: ten sources of ten thousand runs would otherwise post a message per run.
      const report = every(PROGRESS_EVERY_MS, () => performance.now());
      post({ type: "read", result: await session.read((source, progress) => report() && post({ type: "progress", source, progress })) });
    } else if (!session) post({ type: "failed", id, message: "no sources were read" });
    else if (request.type === "rank") post({ type: "rank", id: request.id, result: session.rank(request.options) });
    else post({ type: "cell", id: request.id, runs: await session.cellRuns(request.key, request.fixture, request.pool) });
  } catch (error) {
    post({ type: "failed", id, message: error instanceof Error ? error.message : String(error) });
  }
};
