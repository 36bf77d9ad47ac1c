/** How long after its last scroll event an area counts as still scrolling. */
export const SCROLL_SETTLE_MS = 150;

/**
 * Marks `area` `data-scrolling` while it scrolls, until SCROLL_SETTLE_MS after its last scroll
 * event; the stylesheet does not highlight the row under the pointer meanwhile. Under a pointer held
 * still, a wheel scroll moves a new row under it every frame, and each newly hovered row was
 * repainted: in the suite matrix, two in five frames of a wheel scroll, each a good part of a
 * frame, in frames where React had drawn nothing. Only the highlight waits: a click
 * still reaches the row under it. Set on the element, not through React.
 */
export function markScrolling(area: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = (): void => {
    timer = undefined;
    area.removeAttribute("data-scrolling");
  };
  const scrolled = (): void => {
    if (timer === undefined) area.setAttribute("data-scrolling", "");
    else clearTimeout(timer);
    timer = setTimeout(settle, SCROLL_SETTLE_MS);
  };
  area.addEventListener("scroll", scrolled, { passive: true });
  return () => {
    area.removeEventListener("scroll", scrolled);
    if (timer !== undefined) clearTimeout(timer);
    area.removeAttribute("data-scrolling");
  };
}
