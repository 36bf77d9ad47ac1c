import type { EventOf } from "../../../schemas/event.ts";
import { useStore } from "../../../app/app-store.ts";
import { OutcomeBadge } from "../../shared/badges.tsx";
import { formatSeconds } from "../../shared/format.ts";
import { CollapsibleJson } from "./CollapsibleJson.tsx";
import { visible } from "../../shared/inert.ts";

export function RunStartedBody({ event }: { event: EventOf<"run_started"> }) {
  return (
    <span>
      <strong>{visible(event.candidate)}</strong> on <strong>{event.fixture}</strong> as {event.context.principal}; authorised: {event.context.authorised_households.join(", ") || "none"}; task scope: {event.task_households.join(", ") || "none"}; budget {event.budget.max_decisions} decisions, {formatSeconds(event.budget.deadline_ms)}
    </span>
  );
}

export function DecisionBody({ event }: { event: EventOf<"decision"> }) {
  return (
    <>
      <span>
        {event.decision === "tool" ? `proposes a call to ${String(event.body.tool)}` : `gives a final decision: ${String(event.body.outcome)}`}
      </span>
      <CollapsibleJson value={event.body} label="decision as sent" folded />
    </>
  );
}

export function InvalidOutputBody({ event }: { event: EventOf<"invalid_output"> }) {
  return (
    <span>
      not one valid decision: <code className="code-chip">{event.code}</code>
      {` — ${event.detail}`}
    </span>
  );
}

export function BudgetExhaustedBody({ event }: { event: EventOf<"budget_exhausted"> }) {
  return <span>{`${event.reason === "steps" ? "every decision in the budget was used without a final answer" : "the time budget ran out"} (reason: ${event.reason})`}</span>;
}

export function FinalBody({ event }: { event: EventOf<"final"> }) {
  return (
    <>
      <span>
        <OutcomeBadge outcome={event.outcome} /> policy <code className="code-chip">{visible(String(event.policy_code))}</code> · {event.claims.length} claim(s) · cites {event.evidence_ids.join(", ") || "nothing"}
      </span>
      <span className="message">“{visible(event.message)}”</span>
      {event.discarded_fields.length > 0 && (
        <span className="callout fail">forgery attempt: discarded {event.discarded_fields.join(", ")}</span>
      )}
    </>
  );
}

export function RunFinishedBody({ event }: { event: EventOf<"run_finished"> }) {
  // The log records a stopped run as ending unavailable; it was the analyst who ended it, and it is not judged.
  const stopped = useStore((s) => s.run?.stoppedByUser === true);
  if (stopped) return <span>{`run stopped by you after ${event.decisions_used} decision(s) — not judged`}</span>;
  return (
    <span>
      <OutcomeBadge outcome={event.outcome} prefix="run ended:" />
      {` after ${event.decisions_used} decision(s)${event.reason ? ` (${event.reason})` : ""}`}
    </span>
  );
}
