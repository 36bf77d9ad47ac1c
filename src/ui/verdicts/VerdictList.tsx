import type { ReactNode } from "react";
import type { Verdict } from "../../schemas/verdict.ts";
import { StatusBadge } from "../shared/badges.tsx";
import { visible } from "../shared/inert.ts";
import { VerdictValue } from "./VerdictValue.tsx";
import "./verdicts.css";

/** Every verdict with what was expected and what the run did. Failures first. */
export function VerdictList({ verdicts, rowExtra }: { verdicts: readonly Verdict[]; rowExtra?: (v: Verdict) => ReactNode }) {
  const order = { fail: 0, pass: 1, "n/a": 2 } as const;
  const sorted = [...verdicts].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <div data-testid="verdicts">
      {sorted.map((v) => (
        <div key={v.check} className="verdict-line" data-check={v.check} data-status={v.status}>
          <StatusBadge status={v.status} />
          <code>{v.check}</code>
          <div>
            <div>{visible(v.explanation)}</div>
            {v.status !== "n/a" && (
              <dl className="verdict-values explain">
                <div>
                  <dt>expected</dt>
                  <dd data-value="expected"><VerdictValue value={v.expected} /></dd>
                </div>
                <div>
                  <dt>actual</dt>
                  <dd data-value="actual"><VerdictValue value={v.actual} /></dd>
                </div>
              </dl>
            )}
            {rowExtra?.(v)}
          </div>
        </div>
      ))}
    </div>
  );
}
