import { type RefObject, useEffect, useRef } from "react";
import { followScrollTop, mayBeAwayFromTop } from "./scroll-top.ts";

/** A scrolling box that goes back to its top whenever `key` changes (another run loaded), and only then. */
export function useScrollTopOn<T extends HTMLElement>(key: unknown): RefObject<T | null> {
  const box = useRef<T | null>(null);
  useEffect(() => (box.current ? followScrollTop(box.current) : undefined), []);
  useEffect(() => {
    // A box at its top is not told to go there: the write laid out the page, a long task as a large run opened.
    if (box.current && mayBeAwayFromTop(box.current)) box.current.scrollTop = 0;
  }, [key]);
  return box;
}
