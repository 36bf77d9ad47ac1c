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
