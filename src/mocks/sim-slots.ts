// llama-server's slots (`-np N`) for the simulated model server: at most N requests are processed at
// once, the rest wait in arrival order, and a client that leaves takes its request out of the queue or
// frees its slot at once. Pure: time comes from the injected timers, so tests run it on virtual time.

export interface SlotTimers {
  /** Milliseconds; never decreases. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SlotRequest {
  /** The simulated processing time: how long the request holds its slot. */
  processingMs: number;
  /** The model asked for, named in the log line of a request that waited. */
  model: string;
  /** The request has held its slot for processingMs: answer it now. Its slot is freed right after. */
  answer(): void;
}

/** The counters `GET /sim/stats` shows (JSON, hence the wire's snake_case). */
export interface SlotStats {
  /** The slots, or null when they are unlimited and no request ever waits. */
  slots: number | null;
  /** Chat completions received. */
  requests: number;
  /** Requests holding a slot now, and waiting for one now. */
  decoding: number;
  queued: number;
  /** The most requests that waited at once: 0 means no request ever queued. */
  max_queued: number;
  /** Requests that had to wait for a slot (their client may have left while they waited), and their waits summed. */
  waited: number;
  queued_ms_total: number;
  /** Requests answered, and requests whose client left before the answer (queued or holding a slot). */
  answered: number;
  cancelled: number;
}

export interface Slots {
  /** Starts the request on a free slot or queues it; the function returned is the client leaving. */
  submit(request: SlotRequest): () => void;
  stats(): SlotStats;
}

interface Entry {
  request: SlotRequest;
  arrivedAt: number;
  state: "queued" | "decoding" | "over";
  timer?: unknown;
}

/** `total` slots (null: unlimited); `log` gets one line per request that waited, when it leaves the queue. */
export function createSlots(total: number | null, timers: SlotTimers, log: (line: string) => void = () => {}): Slots {
  const queue: Entry[] = [];
  const counts = { requests: 0, decoding: 0, max_queued: 0, waited: 0, queued_ms_total: 0, answered: 0, cancelled: 0 };
  const slotFree = (): boolean => total === null || counts.decoding < total;

  const leaveQueue = (entry: Entry, outcome: "slot" | "client left"): void => {
    queue.splice(queue.indexOf(entry), 1);
    const waitedMs = timers.now() - entry.arrivedAt;
    counts.waited += 1;
    counts.queued_ms_total += waitedMs;
    const seconds = (waitedMs / 1000).toFixed(2);
    log(outcome === "slot" ? `queued ${seconds} s for a slot (model ${entry.request.model})` : `queued ${seconds} s for a slot, then its client left (model ${entry.request.model})`);
  };

  const start = (entry: Entry): void => {
    entry.state = "decoding";
    counts.decoding += 1;
    entry.timer = timers.setTimeout(() => {
      entry.state = "over";
      counts.decoding -= 1;
      counts.answered += 1;
      entry.request.answer();
      startWaiting();
    }, entry.request.processingMs);
  };

  const startWaiting = (): void => {
    for (let next = queue[0]; next && slotFree(); next = queue[0]) {
      leaveQueue(next, "slot");
      start(next);
    }
  };

  const cancel = (entry: Entry): void => {
    const was = entry.state;
    if (was === "over") return;
    entry.state = "over";
    counts.cancelled += 1;
    if (was === "queued") return leaveQueue(entry, "client left");
    timers.clearTimeout(entry.timer);
    counts.decoding -= 1;
    startWaiting();
  };

  return {
    submit(request) {
      counts.requests += 1;
      const entry: Entry = { request, arrivedAt: timers.now(), state: "queued" };
      if (queue.length === 0 && slotFree()) start(entry);
      else {
        queue.push(entry);
        counts.max_queued = Math.max(counts.max_queued, queue.length);
      }
      return () => cancel(entry);
    },
    stats: () => {
      const { requests, decoding, max_queued, waited, queued_ms_total, answered, cancelled } = counts;
      return { slots: total, requests, decoding, queued: queue.length, max_queued, waited, queued_ms_total, answered, cancelled };
    },
  };
}
