import { useState, type ReactNode } from "react";
import { formatCount } from "./format.ts";

/**
 * How many items a list from a run shows before "show all": a run with 160,000 denials once put
 * every call id on screen, and moving the cursor then took seconds of layout.
 */
export const SHOWN_FIRST = 20;

/** The first `limit` items, how many are held back, and the toggle that shows them (null when none are). */
export function useAbridged<T>(items: readonly T[], limit = SHOWN_FIRST): { shown: readonly T[]; hidden: number; toggle: ReactNode } {
  const [all, setAll] = useState(false);
  if (items.length <= limit) return { shown: items, hidden: 0, toggle: null };
  const shown = all ? items : items.slice(0, limit);
  const toggle = (
    <button type="button" className="show-all" aria-expanded={all} onClick={() => setAll(!all)}>
      {all ? "show fewer" : `show all ${formatCount(items.length)}`}
    </button>
  );
  return { shown, hidden: items.length - shown.length, toggle };
}

/** Call ids as one line: the first few, "and N more", and the toggle. */
export function IdList({ ids }: { ids: readonly string[] }) {
  const { shown, hidden, toggle } = useAbridged(ids);
  return (
    <>
      {shown.join(", ")}
      {hidden > 0 && ` and ${formatCount(hidden)} more`}
      {toggle && <> {toggle}</>}
    </>
  );
}
