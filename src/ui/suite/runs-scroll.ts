import { elementScroll, observeElementOffset, type Virtualizer } from "@tanstack/react-virtual";
import { mayBeAwayFromTop, noteScrollTop } from "../shared/scroll-top.ts";

// How the runs table's virtualizer learns its scroll area's size and position, and writes its
// position, without laying the page out inside React's commit: the library's own versions
// read the wrap's size and write its scroll offset as it mounts, each a forced layout of a page that
// has just been given 10,000 runs' view.

/** The table wrap's max-height (styles.css), as a fraction of the viewport's height. */
const WRAP_MAX_HEIGHT_VH = 0.6;

/** The scroll area the wrap will have: the window's width, its max-height. */
export const initialRect = (): { width: number; height: number } => ({ width: Math.round(window.innerWidth), height: Math.round(window.innerHeight * WRAP_MAX_HEIGHT_VH) });

/**
 * The virtualizer's observeElementRect without its first, synchronous read: that read (clientHeight)
 * laid out the page inside React's commit. A ResizeObserver reports an element's size once it has
 * been laid out, the first time as soon as it is observed, so the real size still comes, a frame later.
 */
export function observeRectWhenLaidOut(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view?.ResizeObserver) return undefined;
  const observer = new view.ResizeObserver(() => cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) }));
  observer.observe(element, { box: "content-box" });
  return () => observer.disconnect();
}
/** observeElementOffset, noting where the area is (noteScrollTop). */
export function observeOffsetNotingMoves(instance: Virtualizer<HTMLDivElement, Element>, cb: (offset: number, isScrolling: boolean) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  return observeElementOffset(instance, (offset, isScrolling) => {
    if (element) noteScrollTop(element, offset);
    cb(offset, isScrolling);
  });
}

/**
 * elementScroll, but a scroll to the top of an area at its top is not written: the
 * virtualizer writes its first offset (the top) as it mounts, and the browser lays the page out to
 * write it, inside React's commit, to change nothing.
 */
export function scrollUnlessStillAtTop(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLDivElement, Element>): void {
  const element = instance.scrollElement;
  if (offset === 0 && !options.adjustments && element && !mayBeAwayFromTop(element)) return;
  elementScroll(offset, options, instance);
}

/**
 * Marks the wrap `data-scrolled-x` while it is scrolled sideways, so the run column is sticky only
 * then (runs-table.css). At the left edge a sticky cell sits where a static one would; but some 40
 * sticky cells, placed again on every vertical scroll, cost a good part of a frame.
 * Set on the element, not through React: a vertical scroll renders nothing for it.
 */
export function markScrolledSideways(wrap: HTMLElement): () => void {
  // A wrap starts at its left edge: nothing to mark (and no layout to read) until it scrolls.
  const mark = (): void => {
    const sideways = wrap.scrollLeft !== 0;
    if (sideways !== wrap.hasAttribute("data-scrolled-x")) wrap.toggleAttribute("data-scrolled-x", sideways);
  };
  wrap.addEventListener("scroll", mark, { passive: true });
  return () => wrap.removeEventListener("scroll", mark);
}
