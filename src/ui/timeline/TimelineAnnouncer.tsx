import { useEffect, useState } from "react";
import type { RunEvent } from "../../schemas/event.ts";
import { useStore } from "../../app/app-store.ts";
import { eventName } from "./event-name.ts";

/** A cursor that is still moving (a held key, PageDown pressed twice) is said once it rests. */
const SETTLE_MS = 250;

/** The cursor in words: "Event 6 of 11: denied, call-1." */
const cursorSentence = (event: RunEvent | undefined, cursor: number, count: number): string => (event && count > 0 ? `${eventName(event, cursor, count)}.` : "");

/**
 * Live regions for people who cannot see the timeline move: where the cursor rests (and whether
 * playback runs), and the run's own status. Hidden from sight; the position text is what is seen.
 */
export function TimelineAnnouncer() {
  const key = useStore((s) => s.run?.key ?? null);
  const status = useStore((s) => s.run?.status ?? null);
  const title = useStore((s) => (s.run ? `${s.run.fixtureId} / ${s.run.candidate}` : ""));
  const outcome = useStore((s) => s.run?.scored?.result.outcome ?? null);
  const stopped = useStore((s) => s.run?.stoppedByUser === true);
  const count = useStore((s) => s.run?.events.length ?? 0);
  const cursor = useStore((s) => s.cursor);
  const current = useStore((s) => s.at?.current);
  const playing = useStore((s) => s.playing);
  // A live run's cursor follows each new event: the run's status says enough.
  const following = useStore((s) => s.run?.status === "running" && s.follow);
  const note = useStore((s) => s.search.note);

  const [runSaid, setRunSaid] = useState("");
  useEffect(() => {
    if (key === null || status === null) return setRunSaid("");
    const ended = stopped ? "stopped by you, not judged" : outcome ? `finished: ${outcome}` : "opened";
    setRunSaid(status === "running" ? `Running ${title}…` : `Run ${title} ${ended}, ${count} events.`);
    // Said when the run starts, ends or is opened; not again for every event it records.
  }, [key, status, outcome, stopped]);

  const [cursorSaid, setCursorSaid] = useState("");
  useEffect(() => {
    if (following) return;
    const where = cursorSentence(current, cursor, count);
    const text = [playing ? "Playing." : where, note].filter(Boolean).join(" ");
    const timer = setTimeout(() => setCursorSaid(text), playing ? 0 : SETTLE_MS);
    return () => clearTimeout(timer);
  }, [following, current, cursor, count, playing, note]);

  return (
    <>
      <span className="sr-only" role="status" data-testid="run-announcer">{runSaid}</span>
      <span className="sr-only" aria-live="polite" aria-atomic="true" data-testid="cursor-announcer">{cursorSaid}</span>
    </>
  );
}
