/**
 * Browsers cap an element's height (Chromium at 33,554,432 px, Firefox near 17.9 million): a
 * million rows of 80 px would be cut off about halfway. Past this height the list's scroll range is
 * scaled down, so the whole scrollbar spans every row and its end shows the last one.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

/** A list's content height, the height it takes on the page, and the viewport showing it. */
export interface ScrollScale {
  /** Every row's height added up. */
  content: number;
  /** The list's height on the page: the content, or MAX_SCROLL_HEIGHT when it is taller. */
  spacer: number;
  viewport: number;
}

export const scrollScale = (content: number, viewport: number, max = MAX_SCROLL_HEIGHT): ScrollScale => ({ content, spacer: Math.min(content, max), viewport });

/** Whether the list is scaled: rows are then placed by the list, not moved by the browser's scrolling. */
export const isScaled = (s: ScrollScale): boolean => s.spacer < s.content && s.spacer > s.viewport;

/**
 * The content offset shown at the viewport's top when the list has scrolled `scrolled` px (negative
 * while the list's top is still below the viewport's top). Linear over the scrollable range, so the
 * first and the last px of the scroll range show the first and the last row.
 */
export function contentOffset(scrolled: number, s: ScrollScale): number {
  if (!isScaled(s) || scrolled <= 0) return scrolled;
  const range = s.spacer - s.viewport;
  if (scrolled >= range) return scrolled + (s.content - s.spacer);
  return (scrolled * (s.content - s.viewport)) / range;
}

/** The inverse: how far to scroll the list so that `offset` is at the viewport's top. */
export function scrolledFor(offset: number, s: ScrollScale): number {
  if (!isScaled(s) || offset <= 0) return offset;
  const range = s.spacer - s.viewport;
  if (offset >= s.content - s.viewport) return offset - (s.content - s.spacer);
  return (offset * range) / (s.content - s.viewport);
}
