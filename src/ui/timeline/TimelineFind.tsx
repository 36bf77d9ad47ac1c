import { useEffect, useState, type KeyboardEvent } from "react";
import type { EventKind } from "../../schemas/event.ts";
import { appStore, useStore } from "../../app/app-store.ts";
import type { LogFacts } from "../../state/run/cursor-index.ts";
import { EVENT_KINDS, KIND_CODE, LANDMARKS, type Landmark } from "../../state/search/search-kinds.ts";
import { matchPosition, type Matches } from "../../state/search/search-matches.ts";
import { SoftButton } from "./RunControls.tsx";
import { EVENT_VIEWS } from "./views/registry.ts";
import { formatCount } from "../shared/format.ts";
import "./timeline.css";

/** Typing settles this long before a search starts: a million events are not re-read per keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

const LANDMARK_NAMES: Record<Landmark, { one: string; title: string }> = {
  denial: { one: "denial", title: "a denied attempt" },
  disclosure: { one: "disclosure", title: "a household read (red when outside the task's scope)" },
  error: { one: "error", title: "a tool error, a call not run, an invalid reply or a failed model request" },
};

/** "3 of 17", "17 matches", "no match", or how far a long search has read. */
export function matchCountText(query: string, matches: Matches, cursor: number, scanned: number, total: number, searching: boolean): string {
  if (query.trim() === "") return "";
  const found = formatCount(matches.count);
  if (searching) return `${found} so far (${Math.floor((100 * scanned) / Math.max(1, total))} %)`;
  if (matches.count === 0) return "no match";
  const { ordinal } = matchPosition(matches, cursor);
  return ordinal > 0 ? `${formatCount(ordinal)} of ${found}` : `${found} ${matches.count === 1 ? "match" : "matches"}`;
}

/**
 * Find things in a run: a search over every event's text, tool, call id, household and kind, with
 * the match count and next / previous (Enter, Shift+Enter); jumps to the next denial, disclosure or
 * error; and which event kinds the timeline shows.
 */
export function TimelineFind() {
  const search = useStore((s) => s.search);
  const cursor = useStore((s) => s.cursor);
  const facts = useStore((s) => s.facts);
  const total = useStore((s) => s.run?.events.length ?? 0);
  const { setSearchQuery, findMatch } = appStore.getState();
  const [text, setText] = useState(search.query);

  useEffect(() => {
    if (text === appStore.getState().search.query) return;
    const timer = setTimeout(() => setSearchQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setSearchQuery]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === "Enter") {
      e.preventDefault();
      setSearchQuery(text);
      findMatch(e.shiftKey ? -1 : 1);
    } else if (e.key === "Escape" && text !== "") {
      e.preventDefault();
      setText("");
      setSearchQuery("");
    }
  };

  const count = matchCountText(search.query, search.matches, cursor, search.scanned, total, search.searching);
  const none = search.matches.count === 0;
  return (
    <div className="timeline-find" role="search" aria-label="Find in the run">
      <div className="find-row">
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Find: text, tool, call id, household, kind"
          aria-label="Find in the timeline"
          aria-describedby="find-count"
          data-testid="find-input"
        />
        <span id="find-count" className="find-count muted" data-testid="find-count" data-count={search.matches.count} data-searching={search.searching ? "true" : undefined}>
          {count}
        </span>
        <SoftButton off={none} onPress={() => findMatch(-1)} aria-label="Previous match" title="Previous match (Shift+Enter)">‹ previous</SoftButton>
        <SoftButton off={none} onPress={() => findMatch(1)} aria-label="Next match" title="Next match (Enter)">next ›</SoftButton>
      </div>
      <div className="find-row" role="group" aria-label="Jump to">
        {LANDMARKS.map((which) => (
          <LandmarkJump key={which} which={which} facts={facts} cursor={cursor} />
        ))}
      </div>
      <KindFilter hidden={search.hidden} facts={facts} />
    </div>
  );
}

function LandmarkJump({ which, facts, cursor }: { which: Landmark; facts: LogFacts | null; cursor: number }) {
  const { one, title } = LANDMARK_NAMES[which];
  const jump = appStore.getState().jumpToLandmark;
  const before = facts?.landmark(which, cursor, -1) === undefined;
  const after = facts?.landmark(which, cursor, 1) === undefined;
  return (
    <span className={`jump jump-${which}`} title={`Jump to ${title}`}>
      <SoftButton off={before} onPress={() => jump(which, -1)} aria-label={`Previous ${one}`}>‹</SoftButton>
      <SoftButton off={after} onPress={() => jump(which, 1)} aria-label={`Next ${one}`}>{one} ›</SoftButton>
    </span>
  );
}

/** Which kinds the timeline shows: a checkbox per kind, with how many events of it the run has. */
function KindFilter({ hidden, facts }: { hidden: number; facts: LogFacts | null }) {
  const setHiddenKinds = appStore.getState().setHiddenKinds;
  const isHidden = (k: EventKind): boolean => ((hidden >> KIND_CODE[k]) & 1) === 1;
  const hiddenCount = EVENT_KINDS.filter(isHidden).length;
  const counts = facts?.kindCounts();
  return (
    <details className="kinds" data-testid="kind-filter">
      <summary>Event kinds: {hiddenCount === 0 ? "all shown" : `${hiddenCount} hidden`}</summary>
      <fieldset className="kind-list">
        <legend className="sr-only">Event kinds the timeline shows</legend>
        {EVENT_KINDS.map((k) => (
          <label key={k} className={`kind-${k}`}>
            <input type="checkbox" checked={!isHidden(k)} onChange={() => setHiddenKinds(hidden ^ (1 << KIND_CODE[k]))} data-kind={k} />
            <span className="kind-icon" aria-hidden="true">{EVENT_VIEWS[k].icon}</span>
            {EVENT_VIEWS[k].label}
            <span className="muted">{formatCount(counts?.[KIND_CODE[k]] ?? 0)}</span>
          </label>
        ))}
        <div className="actions">
          <SoftButton off={hiddenCount === 0} onPress={() => setHiddenKinds(0)} aria-label="Show all kinds">Show all</SoftButton>
        </div>
      </fieldset>
    </details>
  );
}
