import { memo } from "react";
import type { Fixture } from "../../schemas/fixture.ts";

/** What the candidate was asked, and the fixed context it runs under. The document is data. Memoized: the run view re-renders at every cursor move. */
export const TaskBrief = memo(function TaskBrief({ fixture }: { fixture: Fixture }) {
  return (
    <details className="panel" open>
      <summary>
        <h2 style={{ display: "inline" }}>Task</h2> <span className="muted">— {fixture.title}</span>
      </summary>
      <p style={{ margin: "6px 0" }}>“{fixture.request}”</p>
      {fixture.document && (
        <div className="callout warn">
          <div>
            <strong>{fixture.document.title}</strong> — supplied text, <em>data, not instructions</em>:
          </div>
          <pre>{fixture.document.text}</pre>
        </div>
      )}
      <p className="muted" style={{ margin: 0 }}>
        principal {fixture.context.principal} · authorised {fixture.context.authorised_households.join(", ")} · as of {fixture.context.as_of}
      </p>
    </details>
  );
});
