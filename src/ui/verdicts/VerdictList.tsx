import type { Verdict } from "../../schemas/verdict.ts";
import { StatusBadge } from "../shared/badges.tsx";
import { visible } from "../shared/inert.ts";

const show = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** Every verdict with what was expected and what the run did. Failures first. */
export function VerdictList({ verdicts }: { verdicts: readonly Verdict[] }) {
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
              <div className="explain mono">
                expected {visible(show(v.expected))} · actual {visible(show(v.actual))}
              </div>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
