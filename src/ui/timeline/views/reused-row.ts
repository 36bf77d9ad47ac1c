import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A <details> in a timeline row, folded or unfolded as `open` says whenever it shows another value:
 * a row is reused for another event as the list moves (row-keys.ts), and a body the analyst unfolded
 * must not stay unfolded for the event shown in its place.
 */
export function useDetailsFor(value: unknown, open: boolean): RefObject<HTMLDetailsElement | null> {
  const details = useRef<HTMLDetailsElement | null>(null);
  useLayoutEffect(() => {
    if (details.current) details.current.open = open;
  }, [value, open]);
  return details;
}
