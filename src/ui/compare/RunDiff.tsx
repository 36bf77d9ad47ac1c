import { useEffect, useRef, type RefObject } from "react";
import type { CompareSide, RunComparison, StepRow } from "../../state/compare/compare-slice.ts";
import type { VerdictStatus } from "../../schemas/verdict.ts";
import { OutcomeBadge, StatusBadge } from "../shared/badges.tsx";
import { visible } from "../shared/inert.ts";

function Side({ letter, side, head }: { letter: string; side: CompareSide; head: RunComparison["a"] }) {
  const run = side.runs[0];
  return (
    <div className={`compare-head${head.ok ? "" : " not-ok"}`} data-testid={`compare-head-${letter.toLowerCase()}`}>
      <span className="side-letter">{letter}</span>
      <span className="mono">{visible(head.candidate)}{run?.trial === undefined ? "" : ` #${run.trial}`}</span>
      {run && <OutcomeBadge outcome={run.outcome} />}
      <span className={`design-state${head.ok ? "" : " regression"}`} data-ok={head.ok}>{head.state}</span>
    </div>
  );
}

function Status({ status }: { status: VerdictStatus | null }) {
  return status === null ? <span className="muted">not checked</span> : <StatusBadge status={status} />;
}

/** One side's lines of a step; a line the other side does not have at the same place is marked. */
function Lines({ lines, other }: { lines: readonly string[]; other: readonly string[] }) {
  if (lines.length === 0) return <span className="muted">—</span>;
  return (
    <>
      {lines.map((line, i) => {
        const changed = other[i] !== line;
        return (
          <div key={i} className={`step-line${changed ? " changed" : ""}${line.startsWith("DISCLOSED") ? " disclosed" : ""}`} data-changed={changed || undefined}>
            {visible(line)}
          </div>
        );
      })}
    </>
  );
}

/** Which side a cell is, shown where the sides are stacked (a phone); the column heading says it to a screen reader. */
function SideTag({ letter, candidate }: { letter: string; candidate: string }) {
  return (
    <span className="step-side" aria-hidden="true">
      {letter} — {visible(candidate)}
    </span>
  );
}

function StepTable({ result, firstRef }: { result: RunComparison; firstRef: RefObject<HTMLTableRowElement | null> }) {
  const first = result.firstDifference;
  return (
    <table className="grid compare-steps" data-testid="compare-steps">
      <thead>
        <tr>
          <th scope="col" className="step-col">step</th>
          <th scope="col">A — {visible(result.a.candidate)}</th>
          <th scope="col">B — {visible(result.b.candidate)}</th>
        </tr>
      </thead>
      <tbody>
        {result.steps.map((s: StepRow) => (
          <tr key={s.step} data-step={s.step} data-same={s.same} className={s.same ? undefined : "differs"} ref={s.step === first ? firstRef : undefined} data-first-difference={s.step === first || undefined}>
            <th scope="row" className="step-col">
              {s.same ? "" : <span className="differs-mark" title="the runs differ at this step">≠ </span>}
              {s.step}
              {s.same ? null : <span className="sr-only"> (differs)</span>}
            </th>
            <td>
              <SideTag letter="A" candidate={result.a.candidate} />
              <Lines lines={s.a} other={s.b} />
            </td>
            <td>
              <SideTag letter="B" candidate={result.b.candidate} />
              <Lines lines={s.b} other={s.a} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Two runs of one fixture aligned by step: where they part, what each did, and the checks that changed. */
export function RunDiff({ a, b, result }: { a: CompareSide | null; b: CompareSide | null; result: RunComparison | null }) {
  const firstRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    firstRef.current?.scrollIntoView({ block: "center", inline: "start" });
  }, [result]);
  if (!a || !b || !result) {
    return (
      <p className="empty">
        Choose two runs of the fixture: the current run (run here or imported), a run of the suite, or one saved in History. Each side is kept as
        it was when chosen, so a run can be compared with one imported after it.
      </p>
    );
  }
  const first = result.firstDifference;
  return (
    <div className="compare-result" data-testid="run-comparison">
      <div className="compare-heads">
        <Side letter="A" side={a} head={result.a} />
        <Side letter="B" side={b} head={result.b} />
      </div>
      {result.regressed && (
        <p className="callout fail compare-regression" data-testid="compare-regressed">
          Regression: A behaved as intended, B does not — {result.b.state}
        </p>
      )}
      <div className="compare-summary">
        <section aria-label="Verdict changes">
          <h2>Checks that changed</h2>
          {result.verdicts.length === 0 ? (
            <p className="muted">Every check has the same status in both runs.</p>
          ) : (
            <ul className="verdict-changes" data-testid="verdict-changes">
              {result.verdicts.map((v) => (
                <li key={v.check} data-check={v.check}>
                  <code>{v.check}</code> <Status status={v.a} /> → <Status status={v.b} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <p data-testid="first-difference">
          {first === null ? (
            "The runs take the same steps."
          ) : (
            <>
              The runs part at step {first}.{" "}
              <button type="button" onClick={() => firstRef.current?.scrollIntoView({ block: "center", inline: "start" })}>Show</button>
            </>
          )}
        </p>
      </div>
      <StepTable result={result} firstRef={firstRef} />
    </div>
  );
}
