import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Renders `children` in a task of their own, after the page has painted what came with them; until
 * then, `placeholder`. For a costly part that is not the first thing looked at (charts beside a
 * 10,000-run table): mounted with the rest, the two made one long task that froze the page (issue 11).
 * `frames` staggers several such parts, so each mounts in a later frame than the one before.
 * `sliced` renders them as a transition, which React may split into several tasks; a part that
 * updates while a run plays is not, since a transition restarted by every update could wait long.
 */
export function AfterPaint({ children, placeholder, frames = 1, sliced = true }: { children: ReactNode; placeholder: ReactNode; frames?: number; sliced?: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let frame = 0;
    let timer = 0;
    let left = frames;
    // Frame by frame, then a task: the timeout runs after the paint its frame led to.
    const next = (): void => {
      left -= 1;
      if (left > 0) frame = requestAnimationFrame(next);
      else timer = window.setTimeout(() => (sliced ? startTransition(() => setReady(true)) : setReady(true)), 0);
    };
    frame = requestAnimationFrame(next);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [frames, sliced]);
  return ready ? children : placeholder;
}
