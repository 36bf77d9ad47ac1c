import type { StateCreator } from "zustand";
import { ALL_KINDS, KIND_CODE, type KindMask, type Landmark } from "./search-kinds.ts";
import { MatchList, matchFrom, NO_MATCHES, type Matches } from "./search-matches.ts";
import { eventText, normalizeQuery } from "./search-text.ts";
import type { Store } from "../store.ts";
import { yieldToPage } from "../scheduling/yield-to-page.ts";

/** Work done between two yields to the page, in ms: typing and scrolling stay smooth during a long search. */
const SLICE_MS = 12;
/** How often a long search shows what it has found so far, in ms (each time the visible rows re-render). */
const PUBLISH_MS = 150;

export interface SearchState {
  /** The query as typed; matched trimmed and case-insensitively. */
  query: string;
  /** Kinds hidden from the timeline (bits of KIND_CODE); 0 shows every kind. */
  hidden: KindMask;
  /** The indices of the events shown when some kinds are hidden; null when every kind is shown. */
  rows: Int32Array | null;
  /** What the search found among the events shown, so far. */
  matches: Matches;
  /** Events the search has read of the log; equal to the log's length when it is done. */
  scanned: number;
  searching: boolean;
  /** The last find or jump that wrapped round, or found nothing to go to: said in the live region. */
  note: string;
}

export interface SearchSlice {
  search: SearchState;
  /** Searches the run's events for `query` (a new query starts over; the same one does nothing). */
  setSearchQuery(query: string): void;
  setHiddenKinds(hidden: KindMask): void;
  /** Moves the cursor to the next (1) or previous (-1) match, wrapping round. */
  findMatch(direction: 1 | -1): void;
  /** Moves the cursor to the next (1) or previous (-1) denial, disclosure or error. */
  jumpToLandmark(which: Landmark, direction: 1 | -1): void;
  /** Follows the run: a new run is searched afresh, a growing one where the search left off. */
  syncSearch(): void;
  /** Resolves when the search under way has read every event. */
  searchSettled(): Promise<void>;
}


/** One search over one run: where it has read to and what it found. */
interface Scan {
  runKey: number;
  needle: string;
  hidden: KindMask;
  scanned: number;
  found: MatchList;
  /** The loop reading the log, while it runs. */
  reading: Promise<void> | null;
}

const LANDMARK_WORDS: Record<Landmark, string> = { denial: "denial", disclosure: "disclosure", error: "error" };

export const createSearchSlice = (): StateCreator<Store, [], [], SearchSlice> => (set, get) => {
  let scan: Scan | null = null;

  const update = (patch: Partial<SearchState>): void => set({ search: { ...get().search, ...patch } });

  /** Reads the log in slices, yielding to the page between them, until it has read every event. */
  async function read(s: Scan): Promise<void> {
    let shown = performance.now();
    for (;;) {
      const { run, facts } = get();
      if (scan !== s || !run || !facts || run.key !== s.runKey) return;
      const end = Math.min(run.events.length, facts.length);
      if (s.scanned >= end) break;
      const stop = performance.now() + SLICE_MS;
      let i = s.scanned;
      while (i < end) {
        const event = run.events[i];
        if (event && ((s.hidden >> KIND_CODE[event.kind]) & 1) === 0 && eventText(event, facts.householdAt(i)).includes(s.needle)) s.found.push(i);
        i += 1;
        if ((i & 127) === 0 && performance.now() > stop) break;
      }
      s.scanned = i;
      if (i < end) {
        if (performance.now() - shown > PUBLISH_MS) {
          shown = performance.now();
          update({ matches: s.found.view(), scanned: i, searching: true });
        }
        await yieldToPage();
      }
    }
    update({ matches: s.found.view(), scanned: s.scanned, searching: false });
  }

  const start = (s: Scan): void => {
    if (s.reading) return;
    s.reading = read(s).finally(() => {
      s.reading = null;
    });
  };

  /** Starts the search afresh for the current run, query and hidden kinds. */
  const restart = (): void => {
    const { run, search } = get();
    const needle = normalizeQuery(search.query);
    if (!run || needle === "") {
      scan = null;
      update({ matches: NO_MATCHES, scanned: 0, searching: false });
      return;
    }
    scan = { runKey: run.key, needle, hidden: search.hidden, scanned: 0, found: new MatchList(), reading: null };
    update({ matches: NO_MATCHES, scanned: 0, searching: true });
    start(scan);
  };

  const rowsFor = (hidden: KindMask): Int32Array | null => (hidden === 0 ? null : (get().facts?.ofKinds(ALL_KINDS & ~hidden) ?? null));

  return {
    search: { query: "", hidden: 0, rows: null, matches: NO_MATCHES, scanned: 0, searching: false, note: "" },
    setSearchQuery(query) {
      if (query === get().search.query) return;
      const same = normalizeQuery(query) === normalizeQuery(get().search.query);
      update({ query, note: "" });
      if (!same) restart();
    },
    setHiddenKinds(hidden) {
      const mask = hidden & ALL_KINDS;
      if (mask === get().search.hidden) return;
      update({ hidden: mask, rows: rowsFor(mask), note: "" });
      restart();
    },
    findMatch(direction) {
      const { search, cursor } = get();
      const next = matchFrom(search.matches, cursor, direction);
      if (!next) {
        update({ note: search.query.trim() === "" ? "" : "No match." });
        return;
      }
      get().setCursor(next.index);
      update({ note: next.wrapped ? (direction === 1 ? "Wrapped to the first match." : "Wrapped to the last match.") : "" });
    },
    jumpToLandmark(which, direction) {
      const { facts, cursor } = get();
      const to = facts?.landmark(which, cursor, direction);
      if (to === undefined) {
        update({ note: `No ${LANDMARK_WORDS[which]} ${direction === 1 ? "after" : "before"} this event.` });
        return;
      }
      get().setCursor(to);
      update({ note: "" });
    },
    syncSearch() {
      const { run, search } = get();
      if (search.hidden !== 0) update({ rows: rowsFor(search.hidden) });
      if (!run || normalizeQuery(search.query) === "") {
        if (scan) restart();
        return;
      }
      if (scan && scan.runKey === run.key && run.events.length >= scan.scanned) {
        if (run.events.length > scan.scanned) {
          update({ searching: true });
          start(scan);
        }
        return;
      }
      restart();
    },
    searchSettled() {
      return scan?.reading ?? Promise.resolve();
    },
  };
};
