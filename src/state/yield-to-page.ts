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
