import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startImport } from "../../src/app/workers/import-client.ts";
import { ask, serve } from "../../src/app/workers/protocol.ts";
import { readLeaderboardRuns } from "../../src/app/workers/leaderboard-worker-client.ts";
import { FakeWorker } from "./fake-worker.ts";

// One protocol for every worker (src/app/workers/protocol.ts): the page reads each message through a
// schema, and a message outside it ends the task with a failure that says so.

const schemas = { progress: z.number(), result: z.array(z.string()) };
const start = () => new FakeWorker() as unknown as Worker;

describe("the workers' protocol, on the page's side", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("hands on progress, resolves with a result its schema accepts, and ends the worker", async () => {
    const progress: number[] = [];
    const answer = ask(start, { question: 1 }, schemas, (p) => progress.push(p));
    const [worker] = FakeWorker.made;
    expect(worker?.sent).toEqual([{ question: 1 }]);
    worker?.say({ type: "progress", progress: 3 });
    worker?.say({ type: "done", result: ["a", "b"] });
    await expect(answer).resolves.toEqual(["a", "b"]);
    expect(progress).toEqual([3]);
    expect(worker?.terminated).toBe(1);
  });

  it("rejects with the worker's own words when it failed", async () => {
    const answer = ask(start, {}, schemas);
    FakeWorker.made[0]?.say({ type: "failed", message: "no fixtures" });
    await expect(answer).rejects.toThrow("no fixtures");
  });

  it("rejects a result its schema refuses, and a message of no known type, saying where", async () => {
    const wrong = ask(start, {}, schemas);
    FakeWorker.made[0]?.say({ type: "done", result: [1] });
    await expect(wrong).rejects.toThrow(/outside its protocol.*result/s);
    const unknown = ask(start, {}, schemas);
    FakeWorker.made[1]?.say({ runs: [] });
    await expect(unknown).rejects.toThrow(/outside its protocol/);
    expect(FakeWorker.made.map((w) => w.terminated)).toEqual([1, 1]);
  });

  it("the import ends as unreadable, loading nothing, when its worker breaks the protocol", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const task = startImport(new Blob(["{}"]), { fixtures: [], onProgress: () => undefined });
    const [worker] = FakeWorker.made;
    worker?.say({ type: "runs", runs: [{ fixture: 7 }] });
    const outcome = await task.done;
    expect(outcome.runs).toEqual([]);
    expect(outcome.result).toMatchObject({ ok: false, cancelled: false, code: "unreadable", message: expect.stringMatching(/^could not be read: the worker sent a message outside its protocol/) });
  });
});

describe("the leaderboard worker, asked many times", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("hands on progress by source, settles each request by its id, and refuses every request once a message breaks the protocol", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const progress: unknown[] = [];
    const runs = readLeaderboardRuns([{ name: "a.jsonl", input: new Blob(["{}"]) }], [], (source, read) => progress.push([source, read.runsDone]));
    const [worker] = FakeWorker.made;
    worker?.say({ type: "progress", progress: { source: 0, read: { bytesRead: 2, bytesTotal: 2, runsDone: 1, runsTotal: null } } });
    expect(progress).toEqual([[0, 1]]);
    const cell = runs.cellRuns("k", "fv-scenario-a", false);
    worker?.say({ type: "failed", id: 1, message: "no sources were read" });
    await expect(cell).rejects.toThrow("no sources were read");
    worker?.say({ type: "done", id: 0, result: { sources: "not a read result" } });
    await expect(runs.read).rejects.toThrow();
    const rank = runs.rank({ metric: "pass^k" } as never);
    worker?.say({ type: "answer", id: 2, answer: {} });
    await expect(rank).rejects.toThrow(/outside its protocol/);
    expect(worker?.terminated).toBe(1);
  });
});

describe("the workers' protocol, on the worker's side", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers a request with its progress, then done; a handler that throws, with failed", async () => {
    const posted: unknown[] = [];
    const self = { onmessage: null as ((e: { data: unknown }) => Promise<void>) | null, postMessage: (m: unknown) => posted.push(m) };
    vi.stubGlobal("self", self);
    serve(async (request: { n: number }, progress: (p: number) => void) => {
      progress(1);
      if (request.n < 0) throw new Error("negative");
      return [String(request.n)];
    });
    await self.onmessage?.({ data: { n: 2 } });
    await self.onmessage?.({ data: { n: -1 } });
    expect(posted).toEqual([
      { type: "progress", progress: 1 },
      { type: "done", result: ["2"] },
      { type: "progress", progress: 1 },
      { type: "failed", message: "negative" },
    ]);
  });
});
