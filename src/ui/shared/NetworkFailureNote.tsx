import type { NetworkDiagnosis } from "../../state/model/network-failure.ts";

const TITLE: Record<NetworkDiagnosis["kind"], string> = {
  no_server: "No server",
  cors: "CORS refusal",
  csp: "Blocked by this page's CSP",
  dropped: "Connection dropped",
};

/**
 * Why a model request got no response, and what fixes it. The recorded code stays
 * `model_network_error`; this is the workbench's reading of it, shown beside the record.
 */
export function NetworkFailureNote({ diagnosis }: { diagnosis: NetworkDiagnosis }) {
  return (
    <div className="callout warn network-failure" role="note" data-testid="network-failure" data-kind={diagnosis.kind}>
      <strong>{TITLE[diagnosis.kind]}.</strong> {diagnosis.summary}
      <br />
      <strong>Fix:</strong> {diagnosis.fix}
    </div>
  );
}
