import type { Fixture } from "../schemas/fixture.ts";
import { ScoredRun } from "../schemas/scored-run.ts";
import { evaluateScriptedMatrix } from "./matrix-scripted.ts";

type Reply = { progress: number } | { ok: true; runs: unknown } | { ok: false; message: string };

/**
 * Runs a scripted candidate over matrix fixtures in a Web Worker and validates what comes back like
 * any other boundary. Where workers are unavailable the same code runs on the main thread.
 */
export async function evaluateMatrixInWorker(fixtures: readonly Fixture[], candidate: string, onProgress?: (done: number) => void): Promise<ScoredRun[]> {
  if (typeof Worker === "undefined") return evaluateScriptedMatrix(fixtures, candidate, onProgress);
  const worker = new Worker(new URL("./matrix.worker.ts", import.meta.url), { type: "module" });
  try {
    const runs = await new Promise<unknown>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<Reply>) => {
        const data = e.data;
        if ("progress" in data) onProgress?.(data.progress);
        else if (data.ok) resolve(data.runs);
        else reject(new Error(data.message));
      };
      worker.onerror = (e) => reject(new Error(e.message || "the matrix worker failed"));
      worker.postMessage({ fixtures, candidate });
    });
    return ScoredRun.array().parse(runs);
  } finally {
    worker.terminate();
  }
}
