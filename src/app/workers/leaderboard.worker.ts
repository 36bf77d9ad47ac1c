// The leaderboard's runs are read and aggregated in a Web Worker: every source imported (verified and
// re-scored) and ranked here, so the page receives the table and the heat map's counts, never the runs.
import "../zod-jitless.ts";
import { freezeParsed } from "../../runtime/freeze.ts";
import { LeaderboardSession } from "../../state/leaderboard/leaderboard-session.ts";
import { every, PROGRESS_EVERY_MS } from "../../state/scheduling/rate-gate.ts";
import { messageOf } from "./protocol.ts";
import { READ_ID, type LeaderboardReply, type LeaderboardRequest } from "./leaderboard-protocol.ts";

const post = (message: LeaderboardReply): void => self.postMessage(message);
let session: LeaderboardSession | null = null;

self.onmessage = async (event: MessageEvent<LeaderboardRequest>) => {
  const request = event.data;
  const id = request.type === "read" ? READ_ID : request.id;
  try {
    if (request.type === "read") {
      // This worker's own frozen copies, as the import worker keeps them (alike runs are replayed once).
      const sources = request.sources.map((s) => ({ name: s.name, input: "file" in s.input ? s.input.file : s.input }));
      session = new LeaderboardSession(sources, freezeParsed(request.fixtures));
      // Progress at most every PROGRESS_EVERY_MS: ten sources of ten thousand runs would otherwise post a message per run.
      const report = every(PROGRESS_EVERY_MS, () => performance.now());
      const answer = await session.read((source, progress) => report() && post({ type: "progress", source, progress }));
      post({ type: "answer", id, answer });
    } else if (!session) post({ type: "failed", id, message: "no sources were read" });
    else if (request.type === "rank") post({ type: "answer", id, answer: session.rank(request.options) });
    else post({ type: "answer", id, answer: await session.cellRuns(request.key, request.fixture, request.pool) });
  } catch (error) {
    post({ type: "failed", id, message: messageOf(error) });
  }
};
