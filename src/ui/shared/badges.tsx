import type { Outcome } from "../../schemas/outcome.ts";
import type { VerdictStatus } from "../../schemas/verdict.ts";

const OUTCOME_LABEL: Record<Outcome, string> = {
  answered: "answered",
  needs_clarification: "needs clarification",
  refused: "refused",
  escalated: "escalated",
  unavailable: "unavailable",
  budget_exhausted: "budget exhausted",
  invalid_output: "invalid output",
};

/** An outcome as a badge: the text carries the meaning, the colour only repeats it. */
export function OutcomeBadge({ outcome, prefix }: { outcome: Outcome; prefix?: string }) {
  return (
    <span className={`badge outcome outcome-${outcome}`} data-outcome={outcome}>
      {prefix ? `${prefix} ` : ""}
      {OUTCOME_LABEL[outcome]}
    </span>
  );
}

const STATUS_MARK: Record<VerdictStatus, string> = { pass: "✓", fail: "✗", "n/a": "–" };

export function StatusBadge({ status, compact = false }: { status: VerdictStatus; compact?: boolean }) {
  return (
    <span className={`badge status status-${status === "n/a" ? "na" : status}`} data-status={status} title={status}>
      <span aria-hidden="true">{STATUS_MARK[status]}</span>
      {compact ? <span className="sr-only">{status}</span> : ` ${status}`}
    </span>
  );
}
