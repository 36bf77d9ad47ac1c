import { useEffect } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { edgeOfShown, stepAmongShown } from "../../state/run/shown-steps.ts";

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
