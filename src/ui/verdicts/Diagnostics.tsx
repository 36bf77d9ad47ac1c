import type { Diagnostics } from "../../schemas/result.ts";

/** Restricted: internal error detail. Collapsed, visibly apart, never part of the result. */
export function DiagnosticsPanel({ entries }: { entries: Diagnostics }) {
  return (
    <details className="restricted" data-testid="diagnostics">
      <summary>Restricted diagnostics ({entries.length}) — internal detail, never shown to the candidate</summary>
      {entries.length === 0 ? (
        <p className="empty">Nothing recorded.</p>
      ) : (
        <ul>
          {entries.map((d, i) => (
            <li key={i}>
              <span className="muted">
                step {d.step} · {d.source}
                {d.call_id ? ` · ${d.call_id}` : ""}
              </span>
              <pre>{d.detail}</pre>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
