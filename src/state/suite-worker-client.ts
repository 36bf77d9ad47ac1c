import type { Fixture } from "../schemas/fixture.ts";
import { ScoredRun } from "../schemas/scored-run.ts";
import { evaluateSuite } from "../evaluation/suite.ts";

/**
 * Scores a suite in a Web Worker, and validates what comes back like any other boundary. Where
 * workers are unavailable the same code runs on the main thread.
 */
export async function evaluateSuiteInWorker(fixtures: readonly Fixture[]): Promise<ScoredRun[]> {
  if (typeof Worker === "undefined") return evaluateSuite(fixtures);
  const worker = new Worker(new URL("./suite.worker.ts", import.meta.url), { type: "module" });
  try {
    const reply = await new Promise<unknown>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<unknown>) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message || "the suite worker failed"));
      worker.postMessage({ fixtures });
    });
    const data = reply as { ok?: boolean; runs?: unknown; message?: string };
    if (!data.ok) throw new Error(data.message ?? "the suite worker failed");
    return ScoredRun.array().parse(data.runs);
  } finally {
    worker.terminate();
  }
}
