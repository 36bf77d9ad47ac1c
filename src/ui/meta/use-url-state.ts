import { useEffect } from "react";
import { appStore } from "../../app/app-store.ts";
import { runAddress, type RunAddress } from "../../state/links/run-address.ts";
import { RUN_PARAM } from "../../state/links/run-link.ts";
import { cursorFromParams, setCursorParam } from "../timeline/cursor-url.ts";

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
