import { useEffect } from "react";
import { appStore } from "../../app/app-store.ts";
import { RUN_PARAM } from "../../state/links/run-link.ts";
import { cursorFromParams } from "../timeline/cursor-url.ts";

let openedAtStart = false;

/**
 * `?run=<id>&at=N` opens the stored run the link names at event N (or says it is missing). While it
 * is shown, useUrlState keeps the address naming it, so a reload reopens the same run without running anything.
 */
export function useRunLinkUrl(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get(RUN_PARAM);
    if (id !== null && !openedAtStart) {
      openedAtStart = true;
      void appStore.getState().openRunLink(id, cursorFromParams(params));
    }
  }, []);
}
