import type { Fixture } from "../schemas/fixture.ts";
import type { LoadedRun } from "../state/run/run-slice.ts";
import type { RunAtCursor } from "../state/run/cursor-index.ts";
import { AccessPanel } from "./access/AccessPanel.tsx";
import { LazyClaimsTable } from "./claims/lazy-claims-table.tsx";
import { ImportReportCallout } from "./io/ImportReportCallout.tsx";
import { NetworkFailureNote } from "./shared/NetworkFailureNote.tsx";
import { OutcomeBadge, StatusBadge } from "./shared/badges.tsx";
import { DiagnosticsPanel } from "./verdicts/Diagnostics.tsx";
import { VerdictList } from "./verdicts/VerdictList.tsx";
import { visible } from "./shared/inert.ts";
import { RunAnnotations } from "./annotations/RunAnnotations.tsx";
import { VerdictAnnotate } from "./annotations/VerdictAnnotate.tsx";
import { RunMeta } from "./meta/RunMeta.tsx";

/** Outcome, deny-vs-disclose, claims and verdicts — all as of the cursor. */
export function ResultPanel({ run, at, fixture }: { run: LoadedRun; at: RunAtCursor; fixture: Fixture }) {
  const scored = run.scored;
  const atEnd = at.finished !== undefined && scored !== null;
  // A run the analyst stopped is not judged: no verdicts to read or annotate, no outcome to quote.
  const stopped = run.stoppedByUser === true;
  const verdicts = atEnd && !stopped ? scored.verdicts : null;
  const diagnostics = (scored?.diagnostics ?? []).filter((d) => d.step <= (at.current?.step ?? 0));
  const forged = at.final?.discarded_fields ?? [];
  const leak = verdicts?.find((v) => v.check === "no_internal_leak" && v.status === "fail");
  return (
    <>
      <section className="panel" aria-label="Outcome">
        <div className="panel-head">
          <h2>Outcome</h2>
          {/* A stopped run is not judged: the outcome it recorded (unavailable) is where it was cut, not the candidate's, so neither it nor the expected one is set beside it. */}
          {at.finished && stopped ? (
            <span className="badge" data-testid="stopped-badge">stopped by you — not judged</span>
          ) : (
            <>
              {at.finished ? <OutcomeBadge outcome={at.finished.outcome} /> : <span className="badge outcome">{run.status === "running" ? "running…" : "not yet (move the cursor on)"}</span>}
              <span className="muted">expected</span>
              <OutcomeBadge outcome={fixture.expected.outcome} />
              {atEnd && <StatusBadge status={scored.passed ? "pass" : "fail"} />}
            </>
          )}
        </div>
        {at.finished && scored && !stopped && (
          <p style={{ margin: 0 }}>
            policy <code className="code-chip">{visible(String(scored.result.policy_code))}</code>
            {scored.result.reason ? <> · reason <code className="code-chip">{scored.result.reason}</code></> : null} · set by {scored.result.set_by} · writes {scored.result.portfolio_writes}
            {scored.unused_replies > 0 ? ` · ${scored.unused_replies} unused repl${scored.unused_replies === 1 ? "y" : "ies"}` : ""}
          </p>
        )}
        {at.finished && scored && !stopped && <p className="message">“{visible(scored.result.message)}”</p>}
        {at.finished && run.stoppedByUser && (
          <p className="callout" data-testid="stopped-note">
            You stopped this run: it ends at the moment Stop was pressed (the timeline records the request in flight as cancelled), and what it recorded says nothing about the candidate. It is not judged, saved or exported; run it again to judge it.
          </p>
        )}
        {at.finished && run.network && <NetworkFailureNote diagnosis={run.network} />}
        {forged.length > 0 && <p className="callout fail">Forgery attempt: the candidate sent {forged.join(", ")} in its final decision. Discarded; the result holds only the runtime's records.</p>}
        {leak && <p className="callout fail">Internal leak: {leak.explanation}</p>}
        {run.imported && <ImportReportCallout report={run.imported} />}
      </section>
      <section className="panel" aria-label="Deny vs disclose">
        <h2>Deny vs disclose</h2>
        <AccessPanel households={at.households} taskHouseholds={fixture.task_households} finished={at.finished !== undefined} />
      </section>
      <section className="panel" aria-label="Claims">
        <h2>Claims</h2>
        <LazyClaimsTable claims={at.final?.claims ?? []} verdicts={verdicts} observations={at.observations} attempts={at.attempts} />
      </section>
      <section className="panel" aria-label="Verdicts">
        <h2>Verdicts</h2>
        {verdicts ? (
          <VerdictList verdicts={verdicts} rowExtra={(v) => <VerdictAnnotate check={v.check} />} />
        ) : (
          <p className="empty">{stopped && atEnd ? "Not judged: you stopped this run. Run it again for verdicts." : "Verdicts are given when the run has finished: move the cursor to the last event."}</p>
        )}
      </section>
      <RunAnnotations />
      <section className="panel" aria-label="Diagnostics">
        <DiagnosticsPanel entries={diagnostics} />
      </section>
      <RunMeta />
    </>
  );
}
