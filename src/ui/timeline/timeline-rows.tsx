import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import type { LogFacts } from "../../state/run/cursor-index.ts";
import { countAtOrBefore } from "../../state/run/prefix-map.ts";
import { edgeOfShown, stepAmongShown } from "../../state/run/shown-steps.ts";
import { isMatch, type Matches } from "../../state/search/search-matches.ts";
import { EventRow } from "./EventRow.tsx";
import { CURRENT_ROW, focusTimeline, takeTimelineFocusRequest } from "./focus-timeline.ts";

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
      const step = (delta: number) => () => stepAmongShown(rows, events.length, cursor, delta);
      const to: Record<string, () => number | undefined> = {
        ArrowDown: step(1),
        ArrowUp: step(-1),
        Home: () => edgeOfShown(rows, events.length, "first"),
        End: () => edgeOfShown(rows, events.length, "last"),
        ...(rows ? { ArrowRight: step(1), ArrowLeft: step(-1) } : {}),
      };
      const move = to[e.key];
      if (!move) return;
      e.preventDefault();
      e.stopPropagation();
      const index = move();
      if (index !== undefined) onSelect(index);
    },
    [rows, cursor, events, onSelect],
  );
}

/**
 * Brings a row into view by scrolling its column only, below the sticky header (the row's
 * scroll-margin-top). Not scrollIntoView: that scrolls every ancestor, so where the columns stack
 * (a phone) opening or stepping through a run would also move the page away from where the analyst is.
 */
export function scrollRowIntoColumn(row: HTMLElement): void {
  const column = row.closest<HTMLElement>(".column");
  if (!column) return;
  const margin = Number.parseFloat(getComputedStyle(row).scrollMarginTop) || 0;
  const top = row.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
  const bottom = top + row.offsetHeight;
  if (top - margin < column.scrollTop) column.scrollTop = top - margin;
  else if (bottom > column.scrollTop + column.clientHeight) column.scrollTop = Math.min(top - margin, bottom - column.clientHeight);
}

/**
 * Keeps keyboard focus with the cursor while it is in the list: when the cursor moves (by a key, a
 * jump or playback) the new current row takes the focus, and a row the virtualized list removed
 * does not drop the focus to the page. Returns the list's focus handlers.
 */
export function useFocusFollowsCursor(list: RefObject<HTMLOListElement | null>, cursor: number) {
  const follow = useRef({ within: false, cursor });
  // A run opened from the keyboard elsewhere (a suite row's Enter): the focus lands on its current event.
  useLayoutEffect(() => {
    if (takeTimelineFocusRequest()) focusTimeline();
  }, []);
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
    const row = ol.querySelector<HTMLButtonElement>(CURRENT_ROW);
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
    const others = [...column.children].filter((c): c is HTMLElement => c !== el && c instanceof HTMLElement);
    // Measured when the browser has laid the column out (a ResizeObserver reports each element once it
    // is laid out, before that frame paints), not here: reading styles and sizes as React commits made
    // the first layout of a long run's page part of the commit's task.
    // Which of them are sticky is known at the first report; the others are then no longer watched.
    let stickies: HTMLElement[] | null = null;
    const measure = (): void => {
      if (stickies === null) {
        const found = others.filter((c) => getComputedStyle(c).position === "sticky");
        for (const c of others) if (!found.includes(c)) observer.unobserve(c);
        stickies = found;
      }
      if (stickies.length === 0) return;
      const before = covered.current;
      covered.current = Math.max(...stickies.map((s) => (Number.parseFloat(getComputedStyle(s).top) || 0) + s.offsetHeight)) + COVER_GAP_PX;
      list.current?.style.setProperty("--covered-top", `${covered.current}px`);
      // The header grew (the kind filter opened, the search bar wrapped): a current row it now covers
      // is brought back below it, rather than staying hidden until the cursor next moves.
      const current = list.current?.querySelector<HTMLElement>('li[aria-current="step"]');
      if (covered.current > before && current) {
        const headerBottom = Math.max(...(stickies ?? []).map((s) => s.getBoundingClientRect().bottom));
        if (current.getBoundingClientRect().top < headerBottom) scrollRowIntoColumn(current);
      }
    };
    const observer = new ResizeObserver(measure);
    for (const c of others) observer.observe(c);
    return () => observer.disconnect();
  }, [root, list]);
  return covered;
}
