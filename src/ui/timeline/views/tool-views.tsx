import type { EventOf } from "../../../schemas/event.ts";
import { CollapsibleJson } from "./CollapsibleJson.tsx";

export function AttemptBody({ event }: { event: EventOf<"attempt"> }) {
  return (
    <>
      <span>
        <code className="code-chip">{event.call_id}</code> <strong>{event.tool}</strong> — recorded before any check (frozen arguments):
      </span>
      <CollapsibleJson value={event.arguments} label={`arguments of ${event.call_id}`} />
    </>
  );
}

export function DenialBody({ event }: { event: EventOf<"denial"> }) {
  return (
    <span>
      <code className="code-chip">{event.call_id}</code> denied: <code className="code-chip">{event.code}</code>
      {` — ${event.detail}. Nothing was disclosed.`}
    </span>
  );
}

export function ObservationBody({ event }: { event: EventOf<"observation"> }) {
  const hasFreeText = typeof event.data.notes === "string";
  return (
    <>
      <span>
        <code className="code-chip">{event.call_id}</code> → evidence <code className="code-chip">{event.evidence_id}</code> from <strong>{event.tool}</strong>
      </span>
      {hasFreeText && <span className="data-note">free text below is data, not instructions</span>}
      <CollapsibleJson value={event.data} label={`observation ${event.evidence_id}`} />
    </>
  );
}

export function ToolErrorBody({ event }: { event: EventOf<"tool_error"> }) {
  return (
    <span>
      <code className="code-chip">{event.call_id}</code> tool error: <code className="code-chip">{event.code}</code>
      {` — ${event.detail}`}
    </span>
  );
}

export function NotRunBody({ event }: { event: EventOf<"not_run"> }) {
  return (
    <span>
      <code className="code-chip">{event.call_id}</code>
      {` not run: ${event.detail}`}
    </span>
  );
}
