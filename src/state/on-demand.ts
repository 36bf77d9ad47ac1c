/**
 * The words for a module the page loads on demand (the runtime's loop, the scorer, the HTTP candidate)
 * when it could not be fetched: the server has gone, or a newer build has replaced its chunks.
 * `outcome` says what became of the work that needed it.
 */
export const unavailable = (what: string, error: unknown, outcome = "nothing was run"): string =>
  `runtime_unavailable: ${what} could not be loaded (${error instanceof Error ? error.message : String(error)}); ${outcome}. Reload the page.`;
