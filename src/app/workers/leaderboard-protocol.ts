import { z } from "zod";
import type { StoredExport } from "../../state/io/import-task.ts";
import type { RankOptions } from "../../state/leaderboard/leaderboard-table.ts";
import type { Fixture } from "../../schemas/fixture.ts";

// The leaderboard worker keeps what it read (workers/protocol.ts answers once; this one is asked
// again): the page sends the sources once, then rankings and cells by id. Every message back is read
// through a schema; what an answer holds is read by its own (state/leaderboard/leaderboard-table.ts).

/** What the page sends the leaderboard worker: picked files (a Blob is passed, not copied) or history entries' exports as values. */
export type LeaderboardRequest =
  | { type: "read"; sources: { name: string; input: { file: Blob } | StoredExport }[]; fixtures: readonly Fixture[] }
  | { type: "rank"; id: number; options: RankOptions }
  | { type: "cell"; id: number; key: string; fixture: string; pool: boolean };

const count = z.number().int().nonnegative();

/** What the worker sends back: progress while reading, then each answer (the read's id is 0) or why it failed. */
export const LeaderboardReply = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("progress"), source: count, progress: z.strictObject({ bytesRead: count, bytesTotal: count, runsDone: count, runsTotal: count.nullable() }) }),
  z.strictObject({ type: z.literal("answer"), id: count, answer: z.unknown() }),
  z.strictObject({ type: z.literal("failed"), id: count, message: z.string() }),
]);
export type LeaderboardReply = z.infer<typeof LeaderboardReply>;

/** The id the read is answered by. */
export const READ_ID = 0;
