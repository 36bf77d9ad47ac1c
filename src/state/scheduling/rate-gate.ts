/**
 * A gate that opens at most once every `ms` milliseconds by `now`, the first time at once: for progress
 * reports, which cost more to deliver and draw than an import's bar shows (a 10,000-run import reports
 * hundreds of times). Used by the page, which redraws its bar, and the import worker, which posts it.
 */
export function every(ms: number, now: () => number): () => boolean {
  let openedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - openedAt < ms) return false;
    openedAt = at;
    return true;
  };
}

/**
 * How often an import's progress is posted by the import worker and drawn by the page: a bar needs no
 * more, and each message costs the page (import.worker.ts says what).
 */
export const PROGRESS_EVERY_MS = 100;
