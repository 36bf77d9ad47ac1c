import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

/** Which arrows move through a list: ↑ ↓ for a column of items, ← → for a row, both for items that wrap into lines. */
export type Orientation = "vertical" | "horizontal" | "both";

interface RovingOptions<K extends string> {
  orientation: Orientation;
  /** Called with the item an arrow moved to: tabs select as they move; a list of buttons only moves the focus. */
  onMove?: (key: K) => void;
  /** A printable letter moves to the next item whose text starts with it (type-ahead, for a long list). */
  typeAhead?: boolean;
  /**
   * The items as a grid, row by row, null where a row has none in that column (a gap the arrows pass
   * over): ← → then move along a row and ↑ ↓ along a column, whatever `orientation` says.
   */
  grid?: readonly (readonly (K | null)[])[];
}

export interface RovingItemProps {
  tabIndex: 0 | -1;
  ref: (el: HTMLElement | null) => void;
  onFocus: () => void;
}

export interface RovingList<K extends string> {
  /** On the element around the items: the keys, and forgetting the moved focus once it leaves. */
  listProps: { onKeyDown: (e: KeyboardEvent<HTMLElement>) => void; onBlur: (e: FocusEvent<HTMLElement>) => void };
  item(key: K): RovingItemProps;
}

const NEXT: Record<Orientation, readonly string[]> = { vertical: ["ArrowDown"], horizontal: ["ArrowRight"], both: ["ArrowDown", "ArrowRight"] };
const PREVIOUS: Record<Orientation, readonly string[]> = { vertical: ["ArrowUp"], horizontal: ["ArrowLeft"], both: ["ArrowUp", "ArrowLeft"] };

/**
 * A list that is one Tab stop (roving tabindex): the item Tab reaches is the one with the focus while
 * it is in the list, else `current`; arrows, Home and End move the focus among `keys`. The keys are
 * stopped here, so the page's own (the run's cursor) do not also act on them.
 */
export function useRovingList<K extends string>(keys: readonly K[], current: K | null, { orientation, onMove, typeAhead = false, grid }: RovingOptions<K>): RovingList<K> {
  const [focused, setFocused] = useState<K | null>(null);
  const elements = useRef(new Map<K, HTMLElement>());
  const stop: K | undefined = [focused, current].find((k): k is K => k !== null && keys.includes(k)) ?? keys[0];

  const moveTo = useCallback(
    (key: K | undefined): void => {
      if (key === undefined) return;
      elements.current.get(key)?.focus();
      onMove?.(key);
    },
    [onMove],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const at = stop === undefined ? -1 : keys.indexOf(stop);
    const target =
      grid && stop !== undefined
        ? gridTargetOf(e.key, stop, grid)
        : targetOf(e.key, at, keys, orientation, typeAhead ? (k) => elements.current.get(k)?.textContent ?? "" : null);
    if (target === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    moveTo(target);
  };

  return {
    listProps: {
      onKeyDown,
      onBlur: (e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocused(null);
      },
    },
    item: (key) => ({
      tabIndex: key === stop ? 0 : -1,
      ref: (el) => {
        if (el) elements.current.set(key, el);
        else elements.current.delete(key);
      },
      onFocus: () => setFocused(key),
    }),
  };
}

/** The item a key moves to from the item at `at`, or undefined when the key is not the list's. */
function targetOf<K extends string>(key: string, at: number, keys: readonly K[], orientation: Orientation, textOf: ((k: K) => string) | null): K | undefined {
  const last = keys.length - 1;
  if (NEXT[orientation].includes(key)) return keys[Math.min(last, at + 1)];
  if (PREVIOUS[orientation].includes(key)) return keys[Math.max(0, at - 1)];
  if (key === "Home") return keys[0];
  if (key === "End") return keys[last];
  if (textOf === null || key.length !== 1 || key === " ") return undefined;
  const letter = key.toLocaleLowerCase();
  for (let i = 1; i <= keys.length; i++) {
    const k = keys[(at + i) % keys.length] as K;
    if (textOf(k).trim().toLocaleLowerCase().startsWith(letter)) return k;
  }
  return undefined;
}

/**
 * The item a key moves to in a grid from `from`: ← → the nearest item along its row, ↑ ↓ along its
 * column (gaps passed over), Home and End its row's first and last; `from` itself when nothing lies
 * that way (the key is still the grid's), undefined for any other key.
 */
export function gridTargetOf<K extends string>(key: string, from: K, grid: readonly (readonly (K | null)[])[]): K | undefined {
  const row = grid.findIndex((r) => r.includes(from));
  if (row < 0) return undefined;
  const cells = grid[row] as readonly (K | null)[];
  const column = cells.indexOf(from);
  const along = (items: readonly (K | null)[], start: number, step: 1 | -1): K | undefined => {
    for (let i = start + step; i >= 0 && i < items.length; i += step) {
      const k = items[i];
      if (k !== null && k !== undefined) return k;
    }
    return undefined;
  };
  const down = (step: 1 | -1): K | undefined => along(grid.map((r) => r[column] ?? null), row, step);
  switch (key) {
    case "ArrowRight":
      return along(cells, column, 1) ?? from;
    case "ArrowLeft":
      return along(cells, column, -1) ?? from;
    case "ArrowDown":
      return down(1) ?? from;
    case "ArrowUp":
      return down(-1) ?? from;
    case "Home":
      return along(cells, -1, 1) ?? from;
    case "End":
      return along(cells, cells.length, -1) ?? from;
    default:
      return undefined;
  }
}
