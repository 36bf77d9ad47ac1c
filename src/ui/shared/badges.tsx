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

/**
 * A verdict as a badge. The compact one is the mark alone, named by its status for assistive technology
 * (no title: it would only repeat the name, and a matrix cell has its own, the verdict's explanation):
 * one inline box and its text, since a suite matrix lays out hundreds of them each time it scrolls
 * (a flex box with a visually hidden span inside was half of that layout).
 */
export function StatusBadge({ status, compact = false }: { status: VerdictStatus; compact?: boolean }) {
  const className = `badge status status-${status === "n/a" ? "na" : status}`;
  if (compact) {
    return (
      <span className={`${className} compact`} data-status={status} role="img" aria-label={status}>
        {STATUS_MARK[status]}
      </span>
    );
  }
  return (
    <span className={className} data-status={status} title={status}>
      <span aria-hidden="true">{STATUS_MARK[status]}</span>
      {` ${status}`}
    </span>
  );
}
