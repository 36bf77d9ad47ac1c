// How many runs an evaluation keeps in flight against one model server. A run's clock starts when it
// is admitted and each run has at most one request in flight, so admitting no more runs than the
// server has slots means no request ever waits in the server's queue: every second of a run's time
// is the model's. Sending more is the analyst's choice (`--allow-server-queue`), and the waiting is
// then counted apart (candidates/http/server-queue.ts) and classified as the server's.

export interface AdmissionRequest {
  /** Runs the analyst asked for at once. */
  concurrency: number;
  /** The server's slots, where it said (`/props`) or the analyst did (`--server-slots`); null when unknown. */
  slots: number | null;
  allowServerQueue: boolean;
}

export interface Admission {
  /** Runs in flight at once. */
  runsAtOnce: number;
  /** Whether requests may wait in the server's queue (so finbound counts the waiting where it can). */
  serverMayQueue: boolean;
  /**
   * fits: no more runs than slots; held: fewer runs than asked, so nothing queues; queueing: more
   * than the slots, as allowed; unknown: the server does not say how many slots it has.
   */
  case: "fits" | "held" | "queueing" | "unknown";
}

export function admission(r: AdmissionRequest): Admission {
  if (r.slots === null) return { runsAtOnce: r.concurrency, serverMayQueue: true, case: "unknown" };
  if (r.concurrency <= r.slots) return { runsAtOnce: r.concurrency, serverMayQueue: false, case: "fits" };
  if (r.allowServerQueue) return { runsAtOnce: r.concurrency, serverMayQueue: true, case: "queueing" };
  return { runsAtOnce: r.slots, serverMayQueue: false, case: "held" };
}
