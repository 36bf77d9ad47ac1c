import type { MouseEvent } from "react";
import type { View } from "../state/workspace/workspace-slice.ts";
import { focusTimeline, TIMELINE_ID } from "./timeline/focus-timeline.ts";

/** The main landmark's id: every view is drawn inside it. */
export const MAIN_ID = "main";
export const FIXTURES_ID = "fixtures";

/** Focuses a list's Tab stop (or the element itself, when nothing in it takes the focus). */
function focusIn(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: "nearest" });
  (target.querySelector<HTMLElement>('[tabindex="0"]') ?? target).focus({ preventScroll: true });
}

function SkipLink({ to, onSkip, children }: { to: string; onSkip: () => void; children: string }) {
  // The page keeps its place in the address for the run's state: the focus moves, the URL does not.
  const skip = (e: MouseEvent<HTMLAnchorElement>): void => {
    e.preventDefault();
    onSkip();
  };
  return (
    <a className="skip-link" href={`#${to}`} onClick={skip}>
      {children}
    </a>
  );
}

/** The page's first Tab stops, shown when focused: past the top bar to where the work is. */
export function SkipLinks({ view }: { view: View }) {
  return (
    <div className="skip-links">
      {view === "run" ? (
        <>
          <SkipLink to={FIXTURES_ID} onSkip={() => focusIn(FIXTURES_ID)}>Skip to fixtures</SkipLink>
          <SkipLink to={TIMELINE_ID} onSkip={focusTimeline}>Skip to timeline</SkipLink>
        </>
      ) : (
        <SkipLink to={MAIN_ID} onSkip={() => focusIn(MAIN_ID)}>Skip to content</SkipLink>
      )}
    </div>
  );
}
