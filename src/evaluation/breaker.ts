import type { ScoredRun } from "../schemas/scored-run.ts";
import { runReason } from "./reason.ts";
import { isInfrastructureFailure } from "./reliability.ts";

/**
 * Stops an evaluation whose server has gone: after `limit` runs in a row (in the order they finish)
 * that ended on an infrastructure failure, every run left would fail the same way within
 * milliseconds and burn the evaluation. A run the candidate ended, pass or fail, resets the count.
 */
export class Breaker {
  #inARow = 0;
  #last: string | null = null;

  constructor(readonly limit: number) {}

  /** Counts a finished run; true when the evaluation should stop now. */
  record(run: Pick<ScoredRun, "result" | "events" | "diagnostics">): boolean {
    // Waiting in a queue the analyst allowed says the server is busy, not gone: it neither counts nor resets.
    if (run.result.policy_code === "model_queue_timeout") return false;
    if (!isInfrastructureFailure(run)) {
      this.#inARow = 0;
      return false;
    }
    this.#inARow += 1;
    this.#last = runReason(run);
    return this.#inARow >= this.limit;
  }

  /** Why it stopped, in a few words: "3 infrastructure failures in a row (model_network_error (connection refused))". */
  get reason(): string {
    return `${this.#inARow} infrastructure failures in a row (last: ${this.#last ?? "-"})`;
  }
}
