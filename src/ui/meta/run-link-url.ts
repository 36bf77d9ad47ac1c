import { useEffect } from "react";
import { appStore } from "../../state/app-store.ts";
import { RUN_PARAM } from "../../state/run-link.ts";
import { cursorFromParams, setCursorParam } from "../timeline/cursor-url.ts";

let openedAtStart = false;

/**
 * `?run=<id>&at=N` opens the stored run the link names at event N (or says it is missing), and while
 * a run opened from a link is shown the address bar keeps naming it, so a reload reopens the same
 * run without running anything. Registered after useUrlState: its address for other runs stands.
 */
export function useRunLinkUrl(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get(RUN_PARAM);
    if (id !== null && !openedAtStart) {
      openedAtStart = true;
      void appStore.getState().openRunLink(id, cursorFromParams(params));
    }
    return appStore.subscribe((st, prev) => {
      if (st.run === prev.run && st.cursor === prev.cursor && st.runOrigins === prev.runOrigins && st.fixtureId === prev.fixtureId && st.candidate === prev.candidate) return;
      const origin = st.run ? st.runOrigins.get(st.run.key) : undefined;
      if (origin?.source !== "link" || origin.linkId === undefined) return;
      const next = new URLSearchParams({ [RUN_PARAM]: origin.linkId });
      setCursorParam(next, st.cursor);
      const url = `${window.location.pathname}?${next.toString()}`;
      if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, "", url);
    });
  }, []);
}
