// How many runs an evaluation keeps in flight against one model server. A run's clock starts when it
// is admitted and each run has at most one request in flight, so admitting no more runs than the
// server has slots means no request ever waits in the server's queue: every second of a run's time
// is the model's. Sending more is the analyst's choice (`--allow-server-queue`), and the waiting is
// then counted apart (candidates/http/server-queue.ts) and classified as the server's.

export interface AdmissionRequest {
  /** Runs the analyst asked for at once (`--concurrency`). */
  concurrency: number;
  /** The server's slots, where it said (`/props`) or the analyst did (`--server-slots`); null when unknown. */
  slots: number | null;
  /** Where the slot count came from, for the words. */
  slotsFrom: string;
  allowServerQueue: boolean;
}

export interface Admission {
  /** Runs in flight at once. */
  runsAtOnce: number;
  /** Whether requests may wait in the server's queue (so finbound counts the waiting). */
  serverMayQueue: boolean;
  warning: string | null;
}

export function admission(r: AdmissionRequest): Admission {
  if (r.slots === null) {
    const warning = r.concurrency > 1 ? `the server does not say how many slots it has: with --concurrency ${r.concurrency} requests may wait in its queue, and that waiting would count against the model; give --server-slots N to admit no more than it serves` : null;
    return { runsAtOnce: r.concurrency, serverMayQueue: true, warning };
  }
  if (r.concurrency <= r.slots) return { runsAtOnce: r.concurrency, serverMayQueue: false, warning: null };
  if (r.allowServerQueue) {
    return {
      runsAtOnce: r.concurrency,
      serverMayQueue: true,
      warning: `--concurrency ${r.concurrency} is more than the ${r.slots} slot(s) the server has (${r.slotsFrom}): requests will wait in its queue; the waiting is recorded as queue_ms and a run it costs the deadline ends model_queue_timeout (infrastructure)`,
    };
  }
  return {
    runsAtOnce: r.slots,
    serverMayQueue: false,
    warning: `--concurrency ${r.concurrency} is more than the ${r.slots} slot(s) the server has (${r.slotsFrom}): runs are admitted ${r.slots} at a time, so no request waits in its queue (--allow-server-queue sends ${r.concurrency} at once and counts the waiting as the server's)`,
  };
}
