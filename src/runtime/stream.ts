import type { RunEvent } from "../schemas/event.ts";
import { runEpisode, type RunOptions } from "./episode.ts";
import type { RunRecord } from "./result.ts";

export interface LiveRun {
  /** Every event of the run, in order, as it is appended; ends when the run does. */
  readonly events: AsyncIterable<RunEvent>;
  readonly finished: Promise<RunRecord>;
}

/** Starts a run whose events can be consumed live with `for await`. */
export function streamEpisode(options: Omit<RunOptions, "onEvent">): LiveRun {
  const queue: RunEvent[] = [];
  let done = false;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const finished = runEpisode({
    ...options,
    onEvent: (e) => {
      queue.push(e);
      notify();
    },
  }).finally(() => {
    done = true;
    notify();
  });
  const events: AsyncIterable<RunEvent> = {
    async *[Symbol.asyncIterator]() {
      let next = 0;
      for (;;) {
        while (next < queue.length) yield queue[next++] as RunEvent;
        if (done) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  return { events, finished };
}
