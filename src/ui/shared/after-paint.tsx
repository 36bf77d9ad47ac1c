import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` in a task of their own, after the page has painted what came with them; until
 * then, `placeholder`. For a costly part that is not the first thing looked at (charts beside a
 * 10,000-run table): mounted with the rest, the two made one long task that froze the page.
 * `frames` staggers several such parts, so each mounts in a later frame than the one before.
 * `sliced` renders them as a transition, which React may split into several tasks; a part that
 * updates while a run plays is not, since a transition restarted by every update could wait long.
 * `children` may be a function of the placeholder's width as last laid out: a chart drawn at a known
 * width is drawn in that transition, where one that measures itself in an effect is drawn again in
 * an update React does not split.
 * `deferIf`, read once when it mounts, says whether to wait at all: a part that is large when it first
 * appears (an opened run, an imported suite) waits; one that starts small and grows as a run plays
 * appears at once and keeps its focus and scroll as it grows.
 * Parts take turns (`turns` below): two whose frames came while one was still rendering in slices
 * would otherwise be committed together, and their effects' updates (a chart's store) re-rendered
 * in one task.
 */
export function AfterPaint({ children, placeholder, frames = 1, sliced = true, deferIf = true }: { children: ReactNode | ((width: number) => ReactNode); placeholder: ReactNode; frames?: number; sliced?: boolean; deferIf?: boolean }) {
  const deferred = useRef(deferIf).current;
  const [width, setWidth] = useState<number | null>(null);
  const slot = useRef<HTMLDivElement | null>(null);
  const laidOut = useRef(0);
  const measures = typeof children === "function";
  // The slot's width as the browser last laid it out: read from a ResizeObserver, since reading it
  // when the part is ready would lay out anything another part changed in between.
  useEffect(() => {
    const el = slot.current;
    // Without a ResizeObserver (a test's DOM) the width stays 0 and the part measures itself.
    if (!measures || !el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      laidOut.current = Math.round(entries[0]?.contentRect.width ?? 0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [measures]);
  const drawn = width !== null;
  useEffect(() => {
    // Drawn once, never waited for again: a turn taken now would end only with a commit that, the width unchanged, never comes.
    if (!deferred || drawn) return;
    // Ended by this cleanup: when the part is drawn (`drawn` changes), or removed.
    return turns.takeAfter(frames, () => {
      const measured = laidOut.current;
      if (sliced) startTransition(() => setWidth(measured));
      else setWidth(measured);
    });
  }, [frames, sliced, deferred, drawn]);
  // Not waiting: a width-taking part gets 0, which a ResponsiveContainer takes as "measure yourself".
  if (!deferred) return typeof children === "function" ? children(0) : children;
  if (width !== null) return typeof children === "function" ? children(width) : children;
  return measures ? <div ref={slot}>{placeholder}</div> : placeholder;
}

/**
 * How much of a part to draw: 1 on its first render, then one more step per turn (`turns` below),
 * each after the step before it has been drawn and painted, up to `count`; `count` at once when
 * `stepped` is false (read once, on the first render). For a chart whose library draws it in one task
 * it cannot slice (recharts re-renders from its store synchronously after every commit): drawn axes
 * first, then its marks, each step is a task of its own; for a large table whose first layout is one
 * long task, a few rows first.
 */
export function useSteps(count: number, stepped: boolean): number {
  const [step, setStep] = useState(stepped ? 1 : count);
  // Ended by this cleanup: when the next step has been committed, or the part removed.
  useEffect(() => (step >= count ? undefined : turns.takeAfter(1, () => startTransition(() => setStep(step + 1)))), [step, count]);
  return step;
}

/** After `frames` animation frames, then a task (which runs after the paint the last frame led to): `then`. Returns a cancel. */
function afterFrames(frames: number, then: () => void): () => void {
  let frame = 0;
  let timer = 0;
  let left = frames;
  const next = (): void => {
    left -= 1;
    if (left > 0) frame = requestAnimationFrame(next);
    else timer = window.setTimeout(then, 0);
  };
  frame = requestAnimationFrame(next);
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * One waiting part renders at a time: a part whose frames are up starts at once when no other part
 * is rendering, else after the one rendering has been drawn and a frame has passed (so painted).
 */
class Turns {
  #holder: object | null = null;
  readonly #queue: { key: object; start: () => void }[] = [];

  /** `start` once `frames` frames have passed and it is this part's turn. The returned function gives up the wait or the turn (idempotent): call it once the part is drawn. */
  takeAfter(frames: number, start: () => void): () => void {
    const key = {};
    const cancel = afterFrames(frames, () => {
      if (this.#holder === null) this.#begin(key, start);
      else this.#queue.push({ key, start });
    });
    return () => {
      cancel();
      this.#end(key);
    };
  }

  #begin(key: object, start: () => void): void {
    this.#holder = key;
    start();
  }

  #end(key: object): void {
    const waiting = this.#queue.findIndex((q) => q.key === key);
    if (waiting >= 0) this.#queue.splice(waiting, 1);
    if (this.#holder !== key) return;
    this.#holder = null;
    const next = this.#queue.shift();
    if (!next) return;
    // Held until the next one starts, so a part whose frames come meanwhile queues behind it.
    this.#holder = next.key;
    afterFrames(1, () => (this.#holder === next.key ? next.start() : undefined));
  }
}

const turns = new Turns();
