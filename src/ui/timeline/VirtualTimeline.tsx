import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { RunEvent } from "../../schemas/event.ts";
import { RowHeights } from "./row-heights.ts";
import { RowKeys } from "./row-keys.ts";
import { contentOffset, isScaled, scrolledFor, scrollScale, type ScrollScale } from "./scroll-scale.ts";
import { nearestShown, useFocusFollowsCursor, useRowKeys, useStickyCover, type ShownTimelineProps, TimelineRow } from "./timeline-rows.tsx";

/** A row's height until it has been on screen. */
export const ESTIMATED_ROW_PX = 96;
/** Rows rendered beyond each edge of the viewport, in px. */
const OVERSCAN_PX = 320;
/**
 * A jump (a render whose rows in view include none of those the last render made: the scrollbar
 * dragged, End) renders only the rows in view, as do the passes that measure them in the same task;
 * the overscan comes back at the next render after that task, or after this long if none comes. A
 * jump makes every row anew: with the overscan, twice the rows in view were made, styled, laid out
 * and measured in its frame, and a dragged scrollbar jumps every frame.
 */
const WIDEN_AFTER_JUMP_MS = 150;
const MARGIN_BOTTOM_PX = 12;
/**
 * Less than a layout unit (1/64 px in Chromium, 1/60 in Firefox): a row is measured with its
 * bounding box, which a scaled list's fractional transform leaves a few millionths of a px off the
 * size its observer reports. Taken for a resize, that difference asked for a render of its own, in a
 * later task, after every jump.
 */
const LAYOUT_NOISE_PX = 1 / 128;
/** Passes allowed to settle a jump once the rows around it are measured. */
const SETTLE_PASSES = 6;

/** Where the list is: the column's scroll position, its height, and where the list starts in it. */
interface Port {
  scrollTop: number;
  viewport: number;
  listTop: number;
  /**
   * A scaled scroll position stands for several content px: the content offset the list itself
   * scrolled to (a wheel turn, a row brought into view), kept while the column stays where it was put.
   */
  pin: { scrollTop: number; offset: number } | null;
}

const samePort = (a: Port, b: Port): boolean => a.scrollTop === b.scrollTop && a.viewport === b.viewport && a.listTop === b.listTop && a.pin === b.pin;

/** Where the column is now; a pin is kept while the column stays where it put it. */
function portOf(column: HTMLElement, listTop: number, p: Port): Port {
  const scrollTop = column.scrollTop;
  return { scrollTop, viewport: column.clientHeight, listTop, pin: p.pin && Math.abs(p.pin.scrollTop - scrollTop) < 1 ? p.pin : null };
}

/** The content offset at the viewport's top. */
const shownOffset = (p: Port, s: ScrollScale): number => (p.pin && Math.abs(p.pin.scrollTop - p.scrollTop) < 1 ? p.pin.offset : contentOffset(p.scrollTop - p.listTop, s));

/** Scrolls the column so that content `offset` is at the viewport's top (within the column's range); the port it leaves. */
function scrollColumn(column: HTMLElement, listTop: number, s: ScrollScale, offset: number): Port {
  const lowest = -listTop;
  const highest = contentOffset(column.scrollHeight - column.clientHeight - listTop, s);
  const wanted = Math.max(lowest, Math.min(offset, highest));
  column.scrollTop = listTop + scrolledFor(wanted, s);
  return { scrollTop: column.scrollTop, viewport: column.clientHeight, listTop, pin: isScaled(s) ? { scrollTop: column.scrollTop, offset: wanted } : null };
}

/** A wheel turn in px, whatever unit the device reports it in. */
const wheelPx = (e: WheelEvent, page: number): number => e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? page : 1);

/** What one render placed, for the layout effect that measures it. */
interface Placed {
  scale: ScrollScale;
  /** The content offset at the viewport's top. */
  offset: number;
  /** The row at the viewport's top and where it was: rows above it that change size must not move it. */
  anchor: number;
  anchorOffset: number;
  /** The rows rendered, by position, and whether only those in view were (after a jump). */
  first: number;
  last: number;
  narrow: boolean;
}

/** The heights of the rows shown, kept when a live run appends to an unfiltered log. */
function useRowHeights(events: readonly RunEvent[], rows: Int32Array | null): RowHeights {
  const previous = useRef<{ events: readonly RunEvent[]; rows: Int32Array | null; heights: RowHeights } | null>(null);
  return useMemo(() => {
    const before = previous.current;
    const grew = before !== null && rows === null && before.rows === null && events.length > before.events.length && events[before.events.length - 1] === before.events.at(-1);
    const heights = new RowHeights(rows ? rows.length : events.length, ESTIMATED_ROW_PX, grew ? before.heights : undefined);
    previous.current = { events, rows, heights };
    return heights;
  }, [events, rows]);
}

/**
 * A long log: only the rows near the viewport exist, each placed from a map of row offsets
 * (estimated until measured, measured only once rendered: a jump never measures the rows it
 * passes). Past the browser's height limit the scroll range is scaled and the rows are placed by
 * the list itself, in a sticky window, so every row stays reachable and End shows the last one.
 * A jump makes only the rows in view, and the rows around them at the next render or soon after;
 * a row leaving the rendered range is reused for one entering it (row-keys.ts).
 * With kinds hidden, the list holds only the rows shown: heights and offsets are by position among
 * them (`data-pos`), while `data-index` stays the event's index in the log.
 */
export function VirtualTimeline(props: ShownTimelineProps) {
  const { events, rows, cursor } = props;
  const spacer = useRef<HTMLDivElement | null>(null);
  const list = useRef<HTMLOListElement | null>(null);
  const heights = useRowHeights(events, rows);
  const covered = useStickyCover(spacer, list);
  const onKeyDown = useRowKeys(props);
  const focus = useFocusFollowsCursor(list, cursor);
  const [port, setPort] = useState<Port>({ scrollTop: 0, viewport: 800, listTop: 0, pin: null });
  const [rowKeys] = useState(() => new RowKeys());
  const [, remeasure] = useReducer((n: number) => n + 1, 0);
  const target = useRef<{ index: number; passes: number } | null>(null);
  const placed = useRef<Placed | null>(null);
  // The rows the last committed render made; whether this task is a jump's (its passes stay narrow);
  // and the timer that brings the overscan back when no other render does.
  const rendered = useRef<{ first: number; last: number } | null>(null);
  const inJumpTask = useRef(false);
  const widenTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      clearTimeout(widenTimer.current ?? undefined);
      widenTimer.current = null;
    },
    [],
  );

  const scale = scrollScale(heights.total, port.viewport);
  const scaled = isScaled(scale);
  // The first render places the rows around the cursor's row (at the foot of a guessed viewport), where
  // the first layout effect will scroll: placed at the top, every row was made, laid out and measured
  // twice in the task that opened a long run at its last event.
  const firstRender = useRef(true);
  const cursorAt = nearestShown(rows, cursor);
  // Likewise a render for a cursor that moved places the rows where the layout effect will scroll to
  // show it: placed where the list was, a step off the screen made and measured the rows twice, in
  // two renders.
  const soughtCursor = useRef<number | null>(null);
  const shownNow = shownOffset(port, scale);
  const offset = firstRender.current
    ? Math.max(0, heights.offset(cursorAt) + heights.height(cursorAt) - port.viewport + MARGIN_BOTTOM_PX)
    : ((soughtCursor.current !== cursorAt ? offsetShowing(cursorAt, heights, shownNow, scale, covered.current) : undefined) ?? shownNow);
  const top = Math.max(0, offset);
  const anchor = heights.indexAt(top);
  const lastInView = heights.indexAt(offset + port.viewport);
  const shownBefore = rendered.current;
  const jumped = shownBefore !== null && (lastInView < shownBefore.first || anchor > shownBefore.last);
  const overscan = jumped || inJumpTask.current ? 0 : OVERSCAN_PX;
  const first = heights.indexAt(top - overscan);
  const last = heights.indexAt(offset + port.viewport + overscan);
  placed.current = { scale, offset, anchor, anchorOffset: heights.offset(anchor), first, last, narrow: overscan === 0 };
  // A scaled list's rows are placed from a base row that stays while it is rendered, and the list is
  // moved under its window as a whole: a step or a wheel turn then changes one transform, not every
  // row's place, so the rows already made are neither rendered nor painted again.
  const base = useRef(0);
  if (!scaled || base.current < first || base.current > last || base.current >= heights.count) base.current = first;
  const baseOffset = scaled ? heights.offset(base.current) : 0;

  // The column scrolls, not the list: follow its scroll position and size.
  useLayoutEffect(() => {
    const el = spacer.current;
    const column = el?.closest<HTMLElement>(".column");
    if (!el || !column) return;
    const update = (): void =>
      setPort((p) => {
        const now = portOf(column, el.offsetTop, p);
        return samePort(p, now) ? p : now;
      });
    const scaled = (): ScrollScale | null => (placed.current && isScaled(placed.current.scale) ? placed.current.scale : null);
    // A scaled list places its rows itself: they must move in the same frame as the scrollbar.
    const onScroll = (): void => (scaled() ? flushSync(update) : update());
    // A scaled scroll position moves the content several px at a time: a wheel turn moves it by
    // what the wheel says, as in any list, and the scrollbar follows.
    const onWheel = (e: WheelEvent): void => {
      const s = scaled();
      const at = placed.current;
      if (!s || !at || e.ctrlKey || e.deltaY === 0) return;
      const next = scrollColumn(column, el.offsetTop, s, at.offset + wheelPx(e, column.clientHeight));
      if (next.pin?.offset === at.offset) return;
      e.preventDefault();
      flushSync(() => setPort(next));
    };
    update();
    column.addEventListener("scroll", onScroll, { passive: true });
    column.addEventListener("wheel", onWheel, { passive: false });
    const resized = new ResizeObserver(update);
    resized.observe(column);
    return () => {
      column.removeEventListener("scroll", onScroll);
      column.removeEventListener("wheel", onWheel);
      resized.disconnect();
    };
  }, []);

  // A row whose content changes size after it was measured (a <details> opened, a wider column).
  // A row is measured once at its position, by the first layout effect that finds it there; a new
  // size after that is its observer's to report. A render that only moves the cursor among rows
  // already measured reads no row (every row was read after every render, two or three
  // renders a step).
  const observed = useRef(new Map<Element, number>());
  const rowObserver = useRef<ResizeObserver | null>(null);
  const measured = useRef(heights);
  useLayoutEffect(() => {
    const seen = observed.current;
    // Marked to be measured again in the render it asks for, not measured here: the layout effect
    // keeps the row at the top where it was when a row above it changes size.
    const resizedRow = (e: ResizeObserverEntry): boolean => {
      const pos = seen.get(e.target);
      if (!e.target.isConnected || pos === undefined || pos < 0 || Math.abs((e.borderBoxSize[0]?.blockSize ?? 0) - measured.current.height(pos)) < LAYOUT_NOISE_PX) return false;
      seen.set(e.target, -1);
      return true;
    };
    const observer = new ResizeObserver((entries) => {
      // Every entry is looked at (each resized row is marked), not only up to the first.
      if (entries.filter(resizedRow).length > 0) remeasure();
    });
    rowObserver.current = observer;
    return () => {
      observer.disconnect();
      seen.clear();
    };
  }, []);

  useLayoutEffect(() => {
    target.current = { index: cursorAt, passes: 0 };
    soughtCursor.current = cursorAt;
  }, [cursorAt, heights]);

  // After every render: measure the rows it placed, keep the row at the top where it was, and
  // bring the cursor's row into view until the measurements settle.
  useLayoutEffect(() => {
    firstRender.current = false;
    const at = placed.current;
    if (at) {
      rendered.current = { first: at.first, last: at.last };
      clearTimeout(widenTimer.current ?? undefined);
      widenTimer.current = null;
      if (at.narrow) {
        // The passes this commit runs (measuring, settling) are in this task; a microtask runs after them.
        if (!inJumpTask.current) {
          inJumpTask.current = true;
          queueMicrotask(() => void (inJumpTask.current = false));
        }
        widenTimer.current = setTimeout(() => {
          widenTimer.current = null;
          remeasure();
        }, WIDEN_AFTER_JUMP_MS);
      }
    }
    const ol = list.current;
    const el = spacer.current;
    const column = el?.closest<HTMLElement>(".column");
    if (!ol || !el || !column || !at) return;
    measured.current = heights;
    const changed = measureRows(ol, heights, observed.current, rowObserver.current);
    const listTop = el.offsetTop;
    const now = scrollScale(heights.total, column.clientHeight);
    const shown = shownOffset({ ...port, scrollTop: column.scrollTop, listTop }, now);
    const scrollTo = (offset: number): boolean => {
      const before = column.scrollTop;
      const next = scrollColumn(column, listTop, now, offset);
      if (Math.abs(next.scrollTop - before) < 1 && (next.pin === null || Math.abs(next.pin.offset - shown) < 0.5)) return false;
      setPort(next);
      return true;
    };
    const goal = target.current;
    if (goal && goal.passes < SETTLE_PASSES) {
      goal.passes += 1;
      const aim = offsetShowing(goal.index, heights, shown, now, covered.current);
      const moved = aim !== undefined && scrollTo(aim);
      if (!moved && !changed) target.current = null;
      if (moved) return;
    } else {
      const shift = heights.offset(at.anchor) - at.anchorOffset;
      if (shift !== 0 && at.offset > 0 && scrollTo(at.offset + shift)) return;
    }
    if (changed) remeasure();
    // A scaled list's rows placed for an offset the column did not reach (a step onto the last row asks
    // for room below it that is not there): placed again where the column is.
    else if (isScaled(now) && Math.abs(at.offset - shown) >= 0.5) setPort((p) => portOf(column, listTop, p));
  });

  const items = [];
  const count = heights.count;
  const end = Math.min(last, count - 1);
  // Tab reaches the cursor's row, or the first row on screen when the cursor's is not there.
  const tabbable = cursorAt >= first && cursorAt <= end ? cursorAt : first;
  const keys = rowKeys.keysFor(first, end, (p) => events[rows ? (rows[p] ?? -1) : p]?.kind ?? "", focusedPosition(list.current));
  for (let p = first; p <= end; p++) {
    const i = rows ? (rows[p] ?? -1) : p;
    const event = events[i];
    if (event) items.push(<TimelineRow key={keys[p - first]} {...props} event={event} index={i} position={p} tabbable={p === tabbable} top={heights.offset(p) - baseOffset} />);
  }
  return (
    <div ref={spacer} style={{ height: scale.spacer, position: "relative", overflowAnchor: "none" }}>
      {/* Scaled, a sticky window the height of the viewport holds the list; otherwise it is a plain block. */}
      <div style={scaled ? { position: "sticky", top: 0, height: Math.min(port.viewport, scale.spacer), overflow: "clip", contain: "strict" } : undefined}>
        <ol
          className="timeline"
          aria-label="Event log"
          ref={list}
          data-virtualized="true"
          data-scaled={scaled ? "true" : undefined}
          onKeyDown={onKeyDown}
          {...focus}
          // Strict containment: rows laid out, measured or moved inside the list never relayout the page around it.
          // Scaled, the list is its own layer, moved under the window by a transform.
          style={scaled ? { position: "relative", height: 0, transform: `translateY(${baseOffset - top}px)`, willChange: "transform" } : { position: "relative", height: scale.spacer, contain: "strict" }}
        >
          {items}
        </ol>
      </div>
    </div>
  );
}

/**
 * Records the height of each rendered row not yet measured at its position (`observed`: each row's
 * position when measured, -1 when it is to be measured again; other rows shown make new heights, in
 * which no position is measured yet); true when one changed. Rows that left are no longer observed.
 */
function measureRows(ol: HTMLOListElement, heights: RowHeights, observed: Map<Element, number>, observer: ResizeObserver | null): boolean {
  let changed = false;
  const present = new Set<Element>();
  for (const li of ol.children) {
    present.add(li);
    const pos = Number((li as HTMLElement).dataset.pos);
    const at = observed.get(li);
    if (at === pos && heights.isMeasured(pos)) continue;
    if (heights.set(pos, li.getBoundingClientRect().height) !== 0) changed = true;
    observed.set(li, pos);
    if (at === undefined) observer?.observe(li, { box: "border-box" });
  }
  for (const li of observed.keys()) {
    if (present.has(li)) continue;
    observed.delete(li);
    observer?.unobserve(li);
  }
  return changed;
}

/**
 * The position of the row that holds the focus (`data-pos`), or null. Read as the list renders: that
 * row is not reused for another event (row-keys.ts), it leaves the list with its own.
 */
function focusedPosition(ol: HTMLOListElement | null): number | null {
  const active = ol?.ownerDocument.activeElement;
  if (!ol || !active || !ol.contains(active)) return null;
  const pos = Number(active.closest<HTMLElement>("li[data-pos]")?.dataset.pos);
  return Number.isInteger(pos) ? pos : null;
}

/** The content offset to scroll to so that row `index` is in view below the sticky header (`coveredTop` px), or undefined when it already is. */
function offsetShowing(index: number, heights: RowHeights, shown: number, s: ScrollScale, coveredTop: number): number | undefined {
  const rowTop = heights.offset(index);
  const rowBottom = rowTop + heights.height(index);
  const room = s.viewport - coveredTop - MARGIN_BOTTOM_PX;
  if (rowTop < shown + coveredTop || (rowBottom > shown + s.viewport - MARGIN_BOTTOM_PX && rowBottom - rowTop > room)) return rowTop - coveredTop;
  if (rowBottom > shown + s.viewport - MARGIN_BOTTOM_PX) return rowBottom - s.viewport + MARGIN_BOTTOM_PX;
  return undefined;
}
