import type { z } from "zod";
import { isStored } from "../../state/io/import-task.ts";
import { readInThisThread, type LeaderboardRuns, type ReadLeaderboardRuns } from "../../state/leaderboard/leaderboard-runs.ts";
import { RankResult, ReadResult } from "../../state/leaderboard/leaderboard-table.ts";
import { ScoredRun } from "../../schemas/scored-run.ts";
import { brokenProtocol } from "./protocol.ts";
import { LeaderboardReply, READ_ID, type LeaderboardRequest } from "./leaderboard-protocol.ts";

/**
 * Reads the leaderboard's sources in a Web Worker (StoreDeps.readLeaderboardRuns), which keeps them for
 * rankings and cells asked for later; every message and answer is read through its schema. Where
 * workers are unavailable, or a source is neither a picked file nor a stored export, on this thread.
 */
export const readLeaderboardRuns: ReadLeaderboardRuns = (sources, fixtures, onProgress): LeaderboardRuns => {
  const inputs = sources.flatMap((s): Extract<LeaderboardRequest, { type: "read" }>["sources"] => {
    if (isStored(s.input)) return [{ name: s.name, input: s.input }];
    return typeof Blob !== "undefined" && s.input instanceof Blob ? [{ name: s.name, input: { file: s.input } }] : [];
  });
  if (typeof Worker === "undefined" || inputs.length !== sources.length) return readInThisThread(sources, fixtures, onProgress);
  const worker = new Worker(new URL("./leaderboard.worker.ts", import.meta.url), { type: "module" });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = READ_ID + 1;
  let ended: Error | null = null;
  const refuseAll = (error: Error): void => {
    ended ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const ask = <S extends z.ZodType>(request: LeaderboardRequest, id: number, schema: S): Promise<z.infer<S>> => {
    if (ended) return Promise.reject(ended);
    const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage(request);
    return answer.then((a) => schema.parse(a));
  };
  worker.onmessage = (event: MessageEvent<unknown>) => {
    const read = LeaderboardReply.safeParse(event.data);
    if (!read.success) {
      worker.terminate();
      return refuseAll(new Error(brokenProtocol(read.error)));
    }
    const m = read.data;
    if (m.type === "progress") return onProgress(m.source, m.progress);
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.type === "answer") w?.resolve(m.answer);
    else w?.reject(new Error(m.message));
  };
  worker.onerror = (event) => refuseAll(new Error(event.message || "the leaderboard worker failed"));
  return {
    read: ask({ type: "read", sources: inputs, fixtures }, READ_ID, ReadResult),
    rank: (options) => {
      const id = next++;
      return ask({ type: "rank", id, options }, id, RankResult);
    },
    cellRuns: (key, fixture, pool) => {
      const id = next++;
      return ask({ type: "cell", id, key, fixture, pool }, id, ScoredRun.array());
    },
    end: () => {
      worker.terminate();
      refuseAll(new Error("the leaderboard was closed"));
    },
  };
};
