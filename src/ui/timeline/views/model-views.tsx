import type { EventOf } from "../../../schemas/event.ts";
import { formatSeconds } from "../../shared/format.ts";
import { visible } from "../../shared/inert.ts";
import { RowSummary } from "./row-focus.tsx";

export function ModelRequestBody({ event }: { event: EventOf<"model_request"> }) {
  return (
    <span>
      request to the candidate, waits at most {formatSeconds(event.timeout_ms)}
      {event.repair ? " — repair turn (counts against the budget)" : ""}
    </span>
  );
}

export function ModelReplyBody({ event }: { event: EventOf<"model_reply"> }) {
  const usage = event.usage;
  return (
    <>
      <span className="muted">
        latency {Math.round(event.latency_ms)} ms
        {event.finish_reason ? ` · finish ${event.finish_reason}` : ""}
        {usage?.total_tokens !== undefined ? ` · ${usage.total_tokens} tokens` : ""}
      </span>
      <details>
        <RowSummary>raw reply ({event.text.length} chars)</RowSummary>
        <pre>{visible(event.text)}</pre>
      </details>
    </>
  );
}

export function ModelFailureBody({ event }: { event: EventOf<"model_failure"> }) {
  return (
    <span>
      the model request failed: <code className="code-chip">{event.code}</code> after {Math.round(event.latency_ms)} ms
    </span>
  );
}
