import { signatureRefused } from "../../integrity/signature.ts";
import type { ImportReport } from "../../state/run/run-slice.ts";
import { visible } from "../shared/inert.ts";

/** Who signed the file, beside whether its seal verified: a seal says unchanged since sealing, a signature says by whom. */
function signatureLine(report: ImportReport): string {
  const { signature } = report;
  if (signature.code === "signed") return `Signature: ${signature.message} — the key holder vouches for this file.`;
  if (signature.code === "unsigned") return `Signature: ${signature.message} — nobody vouches for it; anyone can seal a file.`;
  return `Signature: ${signature.message}`;
}

/** What re-scoring an imported file found, said plainly. */
export function ImportReportCallout({ report }: { report: ImportReport }) {
  const same = report.differences.length === 0 && !report.passedDiffers && !report.resultDiffers;
  return (
    <div className={`callout ${same && report.eventsMatch && !signatureRefused(report.signature) ? "info" : "warn"}`} data-testid="import-report">
      <div>
        Imported from <strong>{visible(report.fileName)}</strong> and re-scored against the fixture: {same ? "the recomputed verdicts match the file." : report.differences.length > 0 ? `${report.differences.length} verdict(s) differ from the file:` : "the file does not state what its replay recomputes:"}
      </div>
      {!same && (
        <ul>
          {report.differences.map((d) => (
            <li key={d.check}>
              <code>{d.check}</code>: file says {d.inFile?.status ?? "nothing"}, recomputed {d.recomputed?.status ?? "nothing"}
            </li>
          ))}
          {report.passedDiffers && (
            <li>
              <code>passed</code>: the file's flag differs from the recomputed one
            </li>
          )}
          {report.resultDiffers && (
            <li>
              <code>result</code>: the file's result (outcome, claims, message or calls) is not the one its replay assembles; the replay's is shown
            </li>
          )}
        </ul>
      )}
      <div data-testid="verification">{report.verified ? "Integrity: verified — the hash chain and digest match." : "Integrity: not sealed — the file has no integrity block, so edits cannot be detected."}</div>
      <div data-testid="signature">{signatureLine(report)}</div>
      {!report.eventsMatch && <div>Replaying the file's replies did not reproduce its events; the events shown are the replay's.</div>}
      {!report.fixtureMatches && <div>The fixture has changed since this run was exported (content hash differs).</div>}
    </div>
  );
}
