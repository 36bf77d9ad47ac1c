import { Fragment } from "react";
import type { Claim } from "../../schemas/claim.ts";
import type { EventOf } from "../../schemas/event.ts";
import type { Assumption } from "../../runtime/tools/tool.ts";
import { recordedAssumptions } from "../../state/run/claim-assumptions.ts";
import { formatInr, formatPercent } from "../shared/format.ts";
import { JsonBlock } from "../timeline/views/JsonBlock.tsx";

const show = (a: Assumption): string => {
  if (typeof a.value === "string") return a.value;
  switch (a.unit) {
    case "INR":
      return formatInr(a.value);
    case "percent":
      return formatPercent(a.value);
    case "years":
      return `${a.value} years`;
    default:
      return String(a.value);
  }
};

/**
 * What backs a claim: the calculator's assumptions and the observation, both taken from the
 * runtime's records through the claim's evidence id — never from the candidate's text.
 */
export function ClaimDetail({ claim, observations, attempts }: { claim: Claim; observations: ReadonlyMap<string, EventOf<"observation">>; attempts: ReadonlyMap<string, EventOf<"attempt">> }) {
  const observation = observations.get(claim.evidence_id);
  if (!observation) {
    return <p className="callout fail">Evidence {claim.evidence_id} was never issued in this run: nothing backs this claim.</p>;
  }
  const { calculator, assumptions } = recordedAssumptions(claim, observation);
  const call = attempts.get(observation.call_id);
  return (
    <div className="claim-detail" data-testid="claim-detail">
      {assumptions ? (
        <>
          <h3 className="muted" style={{ fontSize: 12 }}>Assumptions from recorded call {observation.call_id} ({observation.tool})</h3>
          <dl className="kv" data-testid="assumptions">
            {assumptions.map((a) => (
              <Fragment key={a.label}>
                <dt>{a.label}</dt>
                <dd>{show(a)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : (
        <p className="callout fail">Evidence {claim.evidence_id} is a {observation.tool} observation, not {calculator ?? "calculator"} output.</p>
      )}
      <details>
        <summary>observation {observation.evidence_id}</summary>
        <JsonBlock value={observation.data} />
      </details>
      {call && (
        <details>
          <summary>recorded attempt {call.call_id}</summary>
          <JsonBlock value={call.arguments} />
        </details>
      )}
    </div>
  );
}
