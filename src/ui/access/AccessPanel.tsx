import type { HouseholdAccess } from "../../scoring/check-access.ts";
import { IdList } from "../shared/abridged.tsx";
import { visible } from "../shared/inert.ts";

/** A household's ledger entry; `not_run` (as of the cursor) names the failed calls that were never run. */
type Access = HouseholdAccess & { not_run?: readonly string[] };

/** Failed calls, apart from those not run: the timeline says "tool error" for the one and "not run" for the other. */
const failedOnly = (a: Access): string[] => a.failed.filter((id) => !a.not_run?.includes(id));

/** The household's calls by what became of them, the empty lists left out. */
function callLists(a: Access): (readonly [label: string, ids: readonly string[]])[] {
  const lists: (readonly [string, readonly string[]])[] = [
    ["awaiting the boundary", a.pending],
    ["denied", a.denied],
    ["read", a.disclosed],
    ["failed", failedOnly(a)],
    ["not run", a.not_run ?? []],
  ];
  return lists.filter(([, ids]) => ids.length > 0);
}

/** One household's fate in words: the distinction between denied and disclosed is the point. */
function verdictText(a: Access): { cls: string; headline: string } {
  if (a.disclosed.length > 0) {
    return a.in_scope
      ? { cls: "disclosed-in", headline: "read (disclosed) — in the task's scope" }
      : { cls: "disclosed-out", headline: "DISCLOSED — read successfully although outside the task's scope" };
  }
  if (a.denied.length > 0) return { cls: "denied", headline: "DENIED — attempted, nothing disclosed" };
  if (a.failed.length === 0) return { cls: "pending", headline: "attempted — recorded, awaiting the boundary's decision" };
  if (failedOnly(a).length === 0) return { cls: "not-run", headline: "NOT RUN — attempted with no decision left for its result, nothing disclosed" };
  return { cls: "failed", headline: "attempted — the call failed, nothing disclosed" };
}

/** For each household the run touched: attempted, denied or read, and whether the task needed it. */
export function AccessPanel({ households, taskHouseholds, finished }: { households: readonly Access[]; taskHouseholds: readonly string[]; finished: boolean }) {
  return (
    <div className="access-grid" data-testid="access-panel">
      <p className="muted" style={{ margin: 0 }}>Task scope: {taskHouseholds.join(", ") || "none"}.</p>
      {households.length === 0 && <p className="empty">{finished ? "The run touched no household." : "No household touched so far."}</p>}
      {households.map((a) => {
        const { cls, headline } = verdictText(a);
        return (
          <div key={a.household} className={`access-row ${cls}`} data-household={a.household} data-access={cls}>
            <strong className="mono">{visible(a.household)}</strong>
            <div>
              <div>
                <strong>{headline}</strong>
              </div>
              <div className="muted">
                {a.authorised ? "authorised for this principal" : "not authorised for this principal"} · {a.in_scope ? "in the task's scope" : "outside the task's scope"}
              </div>
              <div className="muted">
                {callLists(a).map(([label, ids], i) => (
                  <span key={label} data-ids={label}>
                    {i > 0 && " · "}
                    {label}: <IdList ids={ids} />
                  </span>
                ))}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
