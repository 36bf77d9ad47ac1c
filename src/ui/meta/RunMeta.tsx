import { useEffect, useState } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { RUN_PARAM, type RunMetadata } from "../../state/links/run-link.ts";
import { MAX_LINKED_EVENTS } from "../../state/links/run-link-entry.ts";
import { setCursorParam } from "../timeline/cursor-url.ts";
import { visible } from "../shared/inert.ts";
import { ShareButtons } from "./ShareButtons.tsx";
import { formatCount } from "../shared/format.ts";
import "./meta.css";

/** The link that reopens exactly this run at this event: the run's content hash and the event's number. */
export function runLinkUrl(linkId: string, cursor: number): string {
  const params = new URLSearchParams({ [RUN_PARAM]: linkId });
  setCursorParam(params, cursor);
  return `${window.location.origin}${window.location.pathname}?${params.toString()}`;
}

/** Where the run came from and what it was judged with, its seal, and a link that reopens it. */
export function RunMeta() {
  const run = useStore((s) => s.run);
  const cursor = useStore((s) => s.cursor);
  const [meta, setMeta] = useState<{ key: number; value: RunMetadata | null; problem?: string } | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const key = run?.key;
  const finished = run?.scored != null;
  useEffect(() => {
    if (key === undefined || !finished) return;
    let live = true;
    appStore.getState().describeRun().then(
      (value) => live && setMeta({ key, value }),
      (error: unknown) => live && setMeta({ key, value: null, problem: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [key, finished]);
  if (!run) return null;
  const current = meta?.key === run.key ? meta : null;
  const value = current?.value ?? null;
  const link = value?.linkId ? runLinkUrl(value.linkId, cursor) : null;
  const copy = async (): Promise<void> => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied("Link copied.");
    } catch {
      setCopied("The browser refused the clipboard: copy the link from the box.");
    }
  };
  return (
    <section className="panel" aria-label="Metadata and links">
      <div className="panel-head">
        <h2>Metadata and links</h2>
        <button type="button" disabled={!link} onClick={() => void copy()}>Copy link</button>
        <ShareButtons what="run" />
      </div>
      {!finished && <p className="empty">The run's metadata and link are given when it has finished.</p>}
      {current?.problem && <p className="callout fail">{current.problem}</p>}
      {value && (
        <>
          {link ? (
            <input className="run-link mono" readOnly value={link} aria-label="Link to this run and event" data-testid="run-link" onFocus={(e) => e.target.select()} />
          ) : (
            <p className="muted" data-testid="run-link-none">
              {run.stoppedByUser
                ? "No link: a run you stopped is not kept. Run it again to link it."
                : `No link for a run of ${formatCount(run.events.length)} events: a link keeps the whole run in this browser's storage, so runs over ${formatCount(MAX_LINKED_EVENTS)} events are shared as their exported file (Export run).`}
            </p>
          )}
          {copied && <p role="status" className="muted meta-copied">{copied}</p>}
          <dl className="run-meta" data-testid="run-meta">
            <dt>source</dt>
            <dd data-meta="source">{value.source}{run.stoppedByUser ? " · stopped by you (not saved to the history)" : ""}{run.fromLink ? " · replayed from the page's address (not saved to the history: press Run to keep it)" : ""}</dd>
            <dt>fixture</dt>
            <dd className="mono">{value.fixture.id} <span className="muted">{value.fixture.contentHash}</span></dd>
            <dt>runtime</dt>
            <dd className="mono">{value.runtimeVersion}</dd>
            <dt>calculators</dt>
            <dd className="mono">{value.calculators.join(", ")}</dd>
            <dt>candidate</dt>
            <dd className="mono">
              {visible(value.candidate.name)} ({value.candidate.kind}){value.candidate.trial === undefined ? "" : ` · trial ${value.candidate.trial}`} · {value.budget.max_decisions} decisions, {value.budget.deadline_ms} ms, timeout {value.budget.request_timeout_ms} ms{value.budget.repair ? ", repair on" : ""}
            </dd>
            <dt>seal</dt>
            <dd data-meta="seal">{value.seal}</dd>
            <dt>exported</dt>
            <dd><time dateTime={value.exportedAt}>{value.exportedAt}</time></dd>
          </dl>
        </>
      )}
    </section>
  );
}
