import type { EventOf } from "../../../schemas/event.ts";
import { formatSeconds } from "../../shared/format.ts";
import { visible } from "../../shared/inert.ts";
import { RowSummary } from "./row-focus.tsx";
import { useDetailsFor } from "./reused-row.ts";

export function ModelRequestBody({ event }: { event: EventOf<"model_request"> }) {
  return (
    <span>{`request to the candidate, waits at most ${formatSeconds(event.timeout_ms)}${event.repair ? " — repair turn (counts against the budget)" : ""}`}</span>
  );
}

export function ModelReplyBody({ event }: { event: EventOf<"model_reply"> }) {
  const usage = event.usage;
  const details = useDetailsFor(event, false);
  return (
    <>
      <span className="muted">{`latency ${Math.round(event.latency_ms)} ms${timingParts(event)}${event.finish_reason ? ` · finish ${event.finish_reason}` : ""}${usage?.total_tokens !== undefined ? ` · ${usage.total_tokens} tokens` : ""}`}</span>
      <details ref={details}>
        <RowSummary>{`raw reply (${event.text.length} chars)`}</RowSummary>
        <pre>{visible(event.text)}</pre>
      </details>
    </>
  );
}

export function ModelFailureBody({ event }: { event: EventOf<"model_failure"> }) {
  // Cancelled is not a failure of the model: the run was stopped while the request was in flight.
  if (event.code === "model_cancelled") {
    return (
      <span>
        the request in flight was cancelled: the run was stopped (<code className="code-chip">{event.code}</code>
        {` after ${Math.round(event.latency_ms)} ms)`}
      </span>
    );
  }
  return (
    <span>
      the model request failed: <code className="code-chip">{event.code}</code>
      {` after ${Math.round(event.latency_ms)} ms${event.queue_ms ? `, ${Math.round(event.queue_ms)} ms of it waiting for a server slot` : ""}`}
    </span>
  );
}

/** Where a reply's wall time went, as far as it is known: waiting for a slot, the prompt, generating. */
function timingParts(event: EventOf<"model_reply">): string {
  const parts = [
    event.queue_ms === undefined ? null : `queued ${Math.round(event.queue_ms)}`,
    event.prompt_ms === undefined ? null : `prompt ${Math.round(event.prompt_ms)}`,
    event.generation_ms === undefined ? null : `generation ${Math.round(event.generation_ms)}`,
  ].filter((p) => p !== null);
  return parts.length === 0 ? "" : ` (${parts.join(" · ")} ms)`;
}
