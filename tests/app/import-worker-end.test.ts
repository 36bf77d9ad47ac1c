import { afterEach, describe, expect, it, vi } from "vitest";
import { startImport } from "../../src/app/workers/import-client.ts";
import { FakeWorker } from "./fake-worker.ts";

// When the import worker is ended (import-client.ts): once the page is quiet after its import, not at
// the first idle callback, and at once when a new import starts before that.

/** The import worker's "done" for a suite of no runs. */
const finish = (worker: FakeWorker | undefined): void =>
  worker?.say({ type: "done", result: { ok: true, kind: "suite", runs: 0, differing: 0, replayed: 0, verification: { status: "verified", message: "verified" } } });

type Idle = (deadline: IdleDeadline) => void;
const idle = (remaining: number): IdleDeadline => ({ didTimeout: false, timeRemaining: () => remaining });

describe("the import worker's end", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  function stub(): Idle[] {
    const asked: Idle[] = [];
    vi.stubGlobal("Worker", FakeWorker);
    vi.stubGlobal("requestIdleCallback", (callback: Idle) => asked.push(callback));
    return asked;
  }
  const start = (): ReturnType<typeof startImport> => startImport(new Blob(["{}"]), { fixtures: [], onProgress: () => undefined });

  it("comes once the page is quiet after the import, not at its first idle callback", async () => {
    const asked = stub();
    const task = start();
    const [worker] = FakeWorker.made;
    finish(worker);
    await task.done;
    asked[0]?.(idle(12));
    asked[1]?.(idle(49));
    expect(worker?.terminated).toBe(0);
    asked[2]?.(idle(48));
    await Promise.resolve();
    expect(worker?.terminated).toBe(1);
  });

  it("comes at once when a new import starts before the page is quiet, and only once", async () => {
    const asked = stub();
    const first = start();
    finish(FakeWorker.made[0]);
    await first.done;
    start();
    const [old, next] = FakeWorker.made;
    expect(old?.terminated).toBe(1);
    expect(next?.terminated).toBe(0);
    // The first worker's wait for the page then ends without ending it again.
    asked[0]?.(idle(45));
    asked[1]?.(idle(45));
    await Promise.resolve();
    expect(old?.terminated).toBe(1);
    expect(next?.terminated).toBe(0);
  });
});
