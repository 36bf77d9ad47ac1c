import { useEffect, useMemo, useState } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { runAnnotations } from "../../state/annotations/annotations-slice.ts";
import { download } from "../io/download.ts";
import { visible } from "../shared/inert.ts";
import "./annotations.css";

const at = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** The run's annotations (stale ones marked: the verdict changed since), with Export and Import of all annotations. */
export function RunAnnotations() {
  const run = useStore((s) => s.run);
  const items = useStore((s) => s.annotations.items);
  useEffect(() => void appStore.getState().loadAnnotations(), []);
  // The run's events head names it; notes wait for it (a hash over the events, once per run).
  const [head, setHead] = useState<{ events: unknown; value: string } | null>(null);
  const events = run?.scored?.events;
  // Hashing a long run's events costs seconds: only when a note of this fixture and candidate needs it.
  const needsHead = useMemo(() => run?.scored != null && items.some((a) => a.target.run_events_head !== undefined && a.target.fixture === run.scored?.fixture && a.target.candidate === run.scored.candidate), [run, items]);
  useEffect(() => {
    if (!events || !needsHead) return;
    let live = true;
    void appStore.getState().runEventsHead().then((value) => live && value !== undefined && setHead({ events, value }));
    return () => {
      live = false;
    };
  }, [events, needsHead]);
  const eventsHead = head && head.events === events ? head.value : undefined;
  const attached = useMemo(() => runAnnotations(run, items, eventsHead), [run, items, eventsHead]);
  const { exportAnnotations, importAnnotations, removeAnnotation } = appStore.getState();
  return (
    <section className="panel" aria-label="Annotations">
      <div className="panel-head">
        <h2>Annotations</h2>
        <button type="button" disabled={items.length === 0} onClick={() => void download(exportAnnotations())}>Export annotations</button>
        <label className="annotations-import">
          Import annotations
          <input
            type="file"
            accept="application/json,.json"
            data-testid="annotations-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void importAnnotations(file.name, file);
            }}
          />
        </label>
      </div>
      {attached.length === 0 ? (
        <p className="empty">No annotations on this run. Mark a verdict disputed or confirmed with Annotate.</p>
      ) : (
        <ul className="annotations" data-testid="run-annotations">
          {attached.map(({ annotation: a, current, stale }) => (
            <li key={a.id} data-check={a.target.check} data-mark={a.mark} data-stale={stale}>
              <span className={`badge annotation-${a.mark}`}>{a.mark}</span> <code>{a.target.check}</code>
              {stale && (
                <span className="badge annotation-stale" title="The verdict changed since this annotation was made">
                  stale: was {a.verdict.status}, now {current?.status ?? "gone"}
                </span>
              )}
              <div>“{visible(a.reason)}”</div>
              <div className="muted">
                {visible(a.author)} · <time dateTime={a.at}>{at.format(new Date(a.at))}</time> · on verdict {a.verdict.status}{" "}
                <button type="button" aria-label={`Remove annotation on ${a.target.check} by ${a.author}`} onClick={() => void removeAnnotation(a.id)}>Remove</button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
