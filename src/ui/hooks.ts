import { type RefObject, useEffect, useRef } from "react";
import { appStore, useStore } from "../state/app-store.ts";
import { edgeOfShown, stepAmongShown } from "../state/shown-steps.ts";
import { runAddress, type RunAddress } from "../state/run-address.ts";
import { RUN_PARAM } from "../state/run-link.ts";
import { cursorFromParams, setCursorParam } from "./timeline/cursor-url.ts";
import { followScrollTop, mayBeAwayFromTop } from "./shared/scroll-top.ts";

const isFormControl = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "SELECT", "TEXTAREA", "BUTTON", "SUMMARY"].includes(t.tagName));

/** A timeline row is a button only to be reachable by keyboard, and it is already the cursor's: Space there plays. */
const isTimelineRow = (t: EventTarget | null): boolean => t instanceof HTMLElement && t.closest('ol[aria-label="Event log"]') !== null;

/** How far PageUp and PageDown move the cursor: about a screenful of rows. */
export const CURSOR_PAGE = 10;

/** ← → PageUp PageDown Home End move the cursor; Space plays and pauses. Keys typed into a control are left alone. */
export function useCursorKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const s = appStore.getState();
      if (s.view !== "run" || !s.run || e.altKey || e.ctrlKey || e.metaKey) return;
      // With kinds hidden, every move lands on a shown event (shown-steps.ts).
      const { rows } = s.search;
      const count = s.run.events.length;
      const go = (to: number | undefined): void => {
        if (to !== undefined) s.setCursor(to);
      };
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(stepAmongShown(rows, count, s.cursor, -1)),
        ArrowRight: () => go(stepAmongShown(rows, count, s.cursor, 1)),
        PageUp: () => go(stepAmongShown(rows, count, s.cursor, -CURSOR_PAGE)),
        PageDown: () => go(stepAmongShown(rows, count, s.cursor, CURSOR_PAGE)),
        Home: () => go(edgeOfShown(rows, count, "first")),
        End: () => go(edgeOfShown(rows, count, "last")),
      };
      if (e.key === " " && (!isFormControl(e.target) || isTimelineRow(e.target))) {
        e.preventDefault();
        s.setPlaying(!s.playing);
        return;
      }
      const move = moves[e.key];
      if (move && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement)) {
        e.preventDefault();
        s.setPlaying(false);
        move();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** Play advances the cursor one event at a time and stops at the end. */
export function usePlayback(): void {
  const playing = useStore((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    const s = appStore.getState();
    if (s.run && s.cursor >= s.run.events.length - 1) s.setCursor(0);
    const timer = setInterval(() => {
      const st = appStore.getState();
      if (!st.run || st.cursor >= st.run.events.length - 1) {
        st.setPlaying(false);
        return;
      }
      st.stepCursor(1);
    }, 550);
    return () => clearInterval(timer);
  }, [playing]);
}

/** Loads the saved runs and suites once, when the app starts. */
export function useHistoryAtStart(): void {
  useEffect(() => {
    void appStore.getState().loadHistory();
  }, []);
}

/** Keeps <html data-theme> on the store's theme (public/theme-boot.js set the first one, before the first paint). */
export function useTheme(): void {
  const theme = useStore((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

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

/**
 * The URL names the run shown (run-address.ts): a scripted replay as `?fixture=…&candidate=…&at=N` (N as
 * shown; see cursor-url.ts), any other run by its link `?run=<id>&at=N`, or no run at all. On load a
 * replay's address is replayed instantly and the cursor put back (a link's is opened by useRunLinkUrl).
 * The replay is not saved: reloading the page must not add (or bring back) a history entry the analyst did not make.
 */
export function useUrlState(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const s = appStore.getState();
    const fixture = params.get("fixture");
    if (fixture && s.fixtures.some((f) => f.id === fixture)) {
      s.selectFixture(fixture, params.get("candidate") ?? undefined);
      const event = cursorFromParams(params);
      void s.startRun({ speed: "instant", fromLink: true }).then(() => {
        if (event !== undefined) appStore.getState().setCursor(event);
      });
    }
    return appStore.subscribe((st, prev) => {
      if (st.fixtureId === prev.fixtureId && st.candidate === prev.candidate && st.cursor === prev.cursor && st.run === prev.run && st.runOrigins === prev.runOrigins) return;
      const search = addressParams(runAddress(st)).toString();
      const url = `${window.location.pathname}${search === "" ? "" : `?${search}`}`;
      if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, "", url);
    });
  }, []);
}

/** The address's query: the run it names, in the parameters the page reads back. */
function addressParams(address: RunAddress): URLSearchParams {
  const next = new URLSearchParams();
  if (address.kind === "link") {
    next.set(RUN_PARAM, address.linkId);
    setCursorParam(next, address.cursor);
  } else if (address.kind === "replay") {
    if (address.fixture) next.set("fixture", address.fixture);
    next.set("candidate", address.candidate);
    if (address.cursor !== undefined) setCursorParam(next, address.cursor);
  }
  return next;
}
