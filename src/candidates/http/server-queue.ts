// finbound's own count of its requests at one model server: a server with N slots decodes N requests
// at once and queues the rest first come, first served (llama-server's `-np`, vLLM's max sequences).
// Counting its own requests, finbound knows how long each waited for a slot without asking the server
// (polling llama-server's /slots keeps abandoned requests decoding: LOCAL-MODELS.md). Other clients
// of the same server are not counted, and a slot freed by a cancelled request is counted free at once.

/** One request's place at the server. */
export interface QueueTicket {
  /** How long the request has waited for a slot: so far, while it still waits. */
  waitedMs(): number;
  /** The request has ended (answered, failed or abandoned): its slot or its place is given up. */
  leave(): void;
}

export interface ServerQueue {
  /** A request is sent now. */
  enter(): QueueTicket;
}

interface Place {
  sentAt: number;
  slotAt: number | null;
  left: boolean;
}

/** The queue of a server with `slots` slots, on the monotonic time `now` (milliseconds). */
export function serverQueue(slots: number, now: () => number): ServerQueue {
  let busy = 0;
  const waiting: Place[] = [];
  const admit = (): void => {
    while (busy < slots && waiting.length > 0) {
      const place = waiting.shift() as Place;
      place.slotAt = now();
      busy += 1;
    }
  };
  return {
    enter() {
      const place: Place = { sentAt: now(), slotAt: null, left: false };
      waiting.push(place);
      admit();
      return {
        waitedMs: () => (place.slotAt ?? now()) - place.sentAt,
        leave() {
          if (place.left) return;
          place.left = true;
          if (place.slotAt === null) waiting.splice(waiting.indexOf(place), 1);
          else busy -= 1;
          admit();
        },
      };
    },
  };
}
