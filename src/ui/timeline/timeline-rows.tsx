import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import type { LogFacts } from "../../state/derive.ts";
import { countAtOrBefore } from "../../state/prefix-map.ts";
import { isMatch, type Matches } from "../../state/search-matches.ts";
import { EventRow } from "./EventRow.tsx";

/** What both timelines show: the log, the rows shown when kinds are hidden, the cursor, the search's matches. */
export interface ShownTimelineProps {
  events: readonly RunEvent[];
  /** Indices of the events shown when some kinds are hidden; null shows every event. */
  rows: Int32Array | null;
  cursor: number;
  matches: Matches;
  facts: LogFacts | null;
  onSelect(index: number): void;
}

/** The position among the rows shown of the cursor's row, or of the nearest shown row before it (else the first). */
export function nearestShown(rows: Int32Array | null, cursor: number): number {
  if (!rows) return cursor;
  return Math.max(0, countAtOrBefore(rows, cursor) - 1);
}

/** The event at a position among the rows shown. */
const eventIndexAt = (rows: Int32Array | null, position: number): number | undefined => (rows ? rows[position] : position);

/** One row, with what the search and the log's facts say about it. */
export function TimelineRow({ event, index, position, tabbable, top, cursor, matches, facts, events, onSelect }: ShownTimelineProps & { event: RunEvent; index: number; position: number; tabbable: boolean; top?: number }) {
  return (
    <EventRow
      event={event}
      index={index}
      count={events.length}
      current={index === cursor}
      after={index > cursor}
      tabbable={tabbable}
      match={matches.count > 0 && isMatch(matches, index)}
      disclosure={facts?.disclosureAt(index) ?? null}
      household={facts?.householdAt(index) ?? null}
      onSelect={onSelect}
      position={position}
      {...(top === undefined ? {} : { top })}
    />
  );
}

/**
 * Keys on a focused row: ↑ ↓ (and ← → while kinds are hidden) move to the previous or next row
 * shown, Home and End to the first and last. They are handled here, not also by the page's keys.
 */
export function useRowKeys({ rows, cursor, events, onSelect }: ShownTimelineProps): (e: KeyboardEvent<HTMLOListElement>) => void {
  return useCallback(
    (e: KeyboardEvent<HTMLOListElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey || !(e.target instanceof HTMLButtonElement)) return;
      const count = rows ? rows.length : events.length;
      if (count === 0) return;
      const here = rows ? countAtOrBefore(rows, cursor) : cursor + 1; // shown rows at or before the cursor
      const onShown = rows ? here > 0 && rows[here - 1] === cursor : true;
      const step = (delta: 1 | -1): number => (delta === 1 ? here : here - (onShown ? 2 : 1));
      const to: Record<string, () => number> = {
        ArrowDown: () => step(1),
        ArrowUp: () => step(-1),
        Home: () => 0,
        End: () => count - 1,
        ...(rows ? { ArrowRight: () => step(1), ArrowLeft: () => step(-1) } : {}),
      };
      const position = to[e.key]?.();
      if (position === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const index = eventIndexAt(rows, Math.max(0, Math.min(position, count - 1)));
      if (index !== undefined) onSelect(index);
    },
    [rows, cursor, events, onSelect],
  );
}

/**
 * Keeps keyboard focus with the cursor while it is in the list: when the cursor moves (by a key, a
 * jump or playback) the new current row takes the focus, and a row the virtualized list removed
 * does not drop the focus to the page. Returns the list's focus handlers.
 */
export function useFocusFollowsCursor(list: RefObject<HTMLOListElement | null>, cursor: number) {
  const follow = useRef({ within: false, cursor });
  useLayoutEffect(() => {
    const ol = list.current;
    const f = follow.current;
    if (!ol || !f.within) {
      f.cursor = cursor;
      return;
    }
    const active = document.activeElement;
    const inside = active !== null && ol.contains(active);
    if (!inside && active !== null && active !== document.body) {
      f.within = false;
      return;
    }
    if (inside && f.cursor === cursor) return;
    const row = ol.querySelector<HTMLButtonElement>('li[aria-current="step"] button.event-number');
    if (!row) return;
    row.focus({ preventScroll: true });
    f.cursor = cursor;
  });
  return {
    onFocus: () => {
      follow.current.within = true;
    },
    onBlur: (e: FocusEvent<HTMLOListElement>) => {
      const to = e.relatedTarget;
      if (to instanceof Node && !e.currentTarget.contains(to)) follow.current.within = false;
      // Nowhere: a click on the page (the row is still there) ends it; a row the list removed does not.
      else if (to === null && e.target.isConnected) {
        const left = e.target;
        queueMicrotask(() => {
          if (left.isConnected && document.activeElement !== left) follow.current.within = false;
        });
      }
    },
  };
}

/** Room between the sticky header and a row scrolled to, in px. */
const COVER_GAP_PX = 6;
/** Until measured (and in a page without a sticky header): about the header's usual height. */
export const DEFAULT_COVER_PX = 150;

/**
 * How much of the column's top the sticky header covers, measured and kept up to date: a row the
 * cursor scrolls to must land below it, however tall the header grows (the search bar, a narrow
 * screen). Also set as `--covered-top` on the list, for rows the browser scrolls into view.
 */
export function useStickyCover(root: RefObject<HTMLElement | null>, list: RefObject<HTMLElement | null>): RefObject<number> {
  const covered = useRef(DEFAULT_COVER_PX);
  useLayoutEffect(() => {
    const el = root.current;
    const column = el?.closest<HTMLElement>(".column");
    if (!el || !column) return;
    const stickies = [...column.children].filter((c): c is HTMLElement => c !== el && c instanceof HTMLElement && getComputedStyle(c).position === "sticky");
    if (stickies.length === 0) return;
    const measure = (): void => {
      covered.current = Math.max(...stickies.map((s) => (Number.parseFloat(getComputedStyle(s).top) || 0) + s.offsetHeight)) + COVER_GAP_PX;
      list.current?.style.setProperty("--covered-top", `${covered.current}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const s of stickies) observer.observe(s);
    return () => observer.disconnect();
  }, [root, list]);
  return covered;
}
