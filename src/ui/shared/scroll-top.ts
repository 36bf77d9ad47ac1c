// Whether a scroll area has left its top, as its scroll events last said. Writing an area's scroll
// position makes the browser lay the page out first, even to write the top it is already at; read
// here instead, a write that would change nothing is skipped (a long task
// as a large suite or run opens).

/** Areas a scroll event last saw away from their top. */
const awayFromTop = new WeakSet<Element>();

/** Notes where a scroll event found `area`: call it from the area's scroll events, with its scrollTop. */
export function noteScrollTop(area: Element, scrollTop: number): void {
  if (scrollTop !== 0) awayFromTop.add(area);
  else awayFromTop.delete(area);
}

/** True when `area` may be away from its top: a scroll event found it there. */
export const mayBeAwayFromTop = (area: Element): boolean => awayFromTop.has(area);

/** Follows `area`'s scroll events (noteScrollTop); returns the function that stops following. */
export function followScrollTop(area: Element): () => void {
  const note = (): void => noteScrollTop(area, area.scrollTop);
  area.addEventListener("scroll", note, { passive: true });
  return () => area.removeEventListener("scroll", note);
}
