/**
 * Lets the page paint and handle input before long work goes on: resolves in a new task. Long work in
 * the page (a search over a million events, sealing a 10,000-run export) awaits it between slices.
 */
export const yieldToPage = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof MessageChannel === "undefined") {
      setTimeout(resolve, 0);
      return;
    }
    // A message task, not setTimeout: nested timeouts are clamped to 4 ms, a quarter of every slice.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Resolves when the page is idle (requestIdleCallback), or after `timeoutMs` if it never is; in a
 * new task where there is no such callback. For work that may wait for what the page is drawing.
 */
export const whenPageIdle = (timeoutMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });

/**
 * An idle period this long comes only when the page has no frame to draw and no task waiting:
 * requestIdleCallback gives at most 50 ms, and less than a frame while frames are being drawn.
 */
const QUIET_IDLE_MS = 40;

/**
 * Resolves once the page has been idle with nothing left to draw for two idle periods in a row, or
 * after `timeoutMs` if it never is, or where there is no idle callback to tell. For work that
 * takes a core for long (a worker collecting its heap as it ends): an idle callback alone also comes
 * in the gaps between the frames of parts the page is still drawing one after another.
 */
export const whenPageQuiet = (timeoutMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback !== "function") {
      setTimeout(resolve, timeoutMs);
      return;
    }
    const until = performance.now() + timeoutMs;
    let quiet = 0;
    const ask = (): void => {
      requestIdleCallback(
        (deadline) => {
          quiet = deadline.timeRemaining() >= QUIET_IDLE_MS ? quiet + 1 : 0;
          if (quiet >= 2 || deadline.didTimeout || performance.now() >= until) resolve();
          else ask();
        },
        { timeout: Math.max(1, until - performance.now()) },
      );
    };
    ask();
  });

/** How long work in the page runs between two yields to it. */
export const SLICE_MS = 8;

/**
 * A generator's value, run in slices of about SLICE_MS with the page let back in between (`pause`):
 * for work that yields often (after each item) and must not be one long task.
 */
export async function toEndInSlices<T>(steps: Generator<void, T>, pause: () => Promise<void> = yieldToPage): Promise<T> {
  for (;;) {
    const stop = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= stop) break;
    }
    await pause();
  }
}
