// Functions that run in the page (passed to page.evaluate / addInitScript): they only use the DOM
// and the performance APIs, and talk to the bench through `window.__bench`.

export interface BenchWindow {
  __bench: {
    longTasks: [start: number, duration: number][];
    frames: number[] | null;
    steps: { work: number; paint: number }[];
    imported: { start: number; notice: number; painted: number; text: string } | null;
  };
}

/** The performance mark made as each key goes down, before the app's handler. */
export const STEP_MARK = "bench:keydown";

/** Installed before the app loads (`mark`: STEP_MARK): long tasks from the start, and per-key step timings. */
export function installProbes(mark: string): void {
  const w = window as unknown as BenchWindow;
  w.__bench = { longTasks: [], frames: null, steps: [], imported: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  // A step: from the keydown (before the app's handler) to a message posted then (`work`), and to the
  // frame painted after that (`paint`). Traced, Chromium runs the frame that draws the step before
  // that message, every step: `work` is the keydown's task (the handler and the React update it runs)
  // and the main thread's part of drawing it (paint, layerize), not that task alone. The task alone is
  // the one the `mark` is made in, read from a trace (main-thread-cpu.ts).
  window.addEventListener(
    "keydown",
    () => {
      performance.mark(mark);
      const t0 = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const work = performance.now() - t0;
        requestAnimationFrame(() => setTimeout(() => w.__bench.steps.push({ work, paint: performance.now() - t0 }), 0));
      };
      channel.port2.postMessage(0);
    },
    { capture: true },
  );
}

/** Starts recording frame intervals (requestAnimationFrame deltas) until stopFrames. */
export function startFrames(): void {
  const w = window as unknown as BenchWindow;
  const frames: number[] = [];
  w.__bench.frames = frames;
  let last: number | null = null;
  const tick = (t: number): void => {
    if (w.__bench.frames !== frames) return;
    if (last !== null) frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export function stopFrames(): number[] {
  const w = window as unknown as BenchWindow;
  const frames = w.__bench.frames ?? [];
  w.__bench.frames = null;
  return frames;
}

/**
 * Watches an import: when the picked file's change event fires, when the notice names the file,
 * and when `ready` matches and a frame has been painted after it.
 */
export function watchImport({ fileName, ready }: { fileName: string; ready: string }): void {
  const w = window as unknown as BenchWindow;
  const input = document.querySelector<HTMLInputElement>('[data-testid="import-input"]');
  if (!input) throw new Error("no import input");
  const state = { start: 0, notice: 0, painted: 0, text: "" };
  w.__bench.imported = null;
  input.addEventListener("change", () => void (state.start = performance.now()), { capture: true, once: true });
  let painting = false;
  const check = (): void => {
    const notice = document.querySelector('[data-testid="notice"]')?.textContent ?? "";
    if (state.notice === 0 && notice.includes(fileName) && !notice.startsWith("Importing")) {
      state.notice = performance.now();
      state.text = notice;
      if (notice.includes("failed")) {
        observer.disconnect();
        w.__bench.imported = state;
      }
    }
    if (state.notice > 0 && !painting && document.querySelector(ready)) {
      painting = true;
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => {
          state.painted = performance.now();
          w.__bench.imported = state;
        }, 0),
      );
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** In each of `count` frames, scrolls the timeline's column to a random place; the frame intervals. */
export function randomJumps(count: number): Promise<number[]> {
  const column = document.querySelector('ol[aria-label="Event log"]')?.closest<HTMLElement>(".column");
  if (!column) throw new Error("no timeline");
  const frames: number[] = [];
  let last: number | null = null;
  let left = count;
  let seed = 7;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return new Promise((resolve) => {
    const tick = (t: number): void => {
      if (last !== null) frames.push(t - last);
      last = t;
      if (left-- === 0) return resolve(frames);
      column.scrollTop = random() * (column.scrollHeight - column.clientHeight);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Where the timeline stands: the cursor's row and whether it is on screen, and how tall the column's scroll range is. */
export function timelineState(): { position: string; current: number | null; currentVisible: boolean; lastVisible: boolean; scrollHeight: number; rows: number } {
  const list = document.querySelector('ol[aria-label="Event log"]');
  const column = list?.closest<HTMLElement>(".column");
  if (!list || !column) throw new Error("no timeline");
  const box = column.getBoundingClientRect();
  const onScreen = (el: Element | null): boolean => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  };
  const rows = list.querySelectorAll("li[data-index]");
  const lastIndex = Math.max(...[...rows].map((r) => Number(r.getAttribute("data-index"))));
  const current = list.querySelector('li[aria-current="step"]');
  const count = Number(/of (\d+)/.exec(document.querySelector('[data-testid="cursor-position"]')?.textContent ?? "")?.[1] ?? 0);
  return {
    position: document.querySelector('[data-testid="cursor-position"]')?.textContent ?? "",
    current: current ? Number(current.getAttribute("data-index")) : null,
    currentVisible: onScreen(current),
    lastVisible: lastIndex === count - 1 && onScreen(list.querySelector(`li[data-index="${count - 1}"]`)),
    scrollHeight: column.scrollHeight,
    rows: rows.length,
  };
}

export function scrollTimelineToBottom(): void {
  const column = document.querySelector('ol[aria-label="Event log"]')?.closest<HTMLElement>(".column");
  if (column) column.scrollTop = column.scrollHeight;
}

/**
 * A fixed piece of JavaScript work, timed in the page (median of 5, ms): building, writing, reading
 * and sorting 20,000 small records. Not a target: it says how fast this machine and browser are, so
 * figures measured on different machines can be set side by side.
 */
export function calibrate(): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    const records = Array.from({ length: 20_000 }, (_, i) => ({ seq: i, kind: i % 7 === 0 ? "observation" : "attempt", detail: `call ${i} of household HH-${1000 + (i % 50)}`, at_ms: (i * 7919) % 30_000 }));
    const parsed = JSON.parse(JSON.stringify(records)) as typeof records;
    parsed.sort((a, b) => a.at_ms - b.at_ms || a.detail.localeCompare(b.detail));
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}
