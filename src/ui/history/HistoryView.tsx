import { appStore, useStore } from "../../app/app-store.ts";
import { entryDesign } from "../../state/history/history-entry.ts";
import { corruptProblem, type HistoryState } from "../../state/history/history-slice.ts";
import { summaryLine } from "../../state/suite/suite-design.ts";
import type { HistoryEntry } from "../../schemas/history.ts";
import { download } from "../io/download.ts";
import { StatusBadge } from "../shared/badges.tsx";

const savedAt = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" });

function statusLine(history: HistoryState): string {
  if (history.status === "loading") return "Loading the saved runs…";
  if (history.status === "failed") return "The history could not be read.";
  const n = history.entries.length;
  if (n === 0) return "Nothing saved yet: every run and suite you finish is saved here, in this browser.";
  return `${n} saved ${n === 1 ? "entry" : "entries"}, newest first. Opening one verifies and re-scores it.`;
}

/** An entry's result as the view that saved it headlined it; an entry saved before those figures were kept, by its passes. */
function EntrySummary({ summary }: { summary: HistoryEntry["summary"] }) {
  const design = entryDesign(summary);
  const good = design ? design.total > design.infrastructure && design.ok === design.total - design.infrastructure : summary.passed === summary.runs;
  return (
    <span className="field-cell">
      <StatusBadge status={good ? "pass" : "fail"} compact /> <span data-testid="history-summary">{design ? summaryLine(design) : `${summary.passed}/${summary.runs} passed`}</span>
    </span>
  );
}

/** The analyst's saved runs and suites, kept in this browser across reloads. */
export function HistoryView() {
  const history = useStore((s) => s.history);
  const { openHistoryEntry, deleteHistoryEntry, exportAllHistory } = appStore.getState();
  return (
    <section className="history" aria-label="History">
      <div className="controls">
        <button type="button" disabled={history.entries.length === 0} onClick={() => void exportAllHistory().then(download)}>
          Export all
        </button>
        <p role="status" className="muted" style={{ margin: 0 }}>
          {statusLine(history)}
        </p>
      </div>
      {history.problems.length > 0 && (
        <div className="callout warn" data-testid="history-problems">
          <ul className="problems">
            {history.problems.map((p, i) => {
              const record = history.corrupt.find((c) => corruptProblem(c) === p);
              return (
                <li key={i} data-corrupt={record?.id}>
                  {p}
                  {record && (
                    <>
                      {" "}
                      <button type="button" aria-label={`Remove unreadable record ${record.id}`} onClick={() => void deleteHistoryEntry(record.id)}>Remove</button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {history.entries.length > 0 && (
        <table className="grid" data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">saved</th>
              <th scope="col">kind</th>
              <th scope="col">label</th>
              <th scope="col">result</th>
              <th scope="col"><span className="sr-only">actions</span></th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry) => {
              const saved = savedAt.format(new Date(entry.saved_at));
              const named = `${entry.label}, saved ${saved}`;
              return (
                <tr key={entry.id} data-entry={entry.id} data-label={entry.label}>
                  <td><time dateTime={entry.saved_at}>{saved}</time></td>
                  <td>{entry.kind}</td>
                  <td className="mono">{entry.label}</td>
                  <td>
                    <EntrySummary summary={entry.summary} />
                  </td>
                  <td className="actions">
                    <button type="button" aria-label={`Open ${named}`} onClick={() => void openHistoryEntry(entry.id)}>Open</button>{" "}
                    <button type="button" aria-label={`Delete ${named}`} onClick={() => void deleteHistoryEntry(entry.id)}>Delete</button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
