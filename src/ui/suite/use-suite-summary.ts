import { startTransition, useEffect, useMemo, useState } from "react";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { suiteSummary, suiteSummaryInSlices, type SuiteSummary } from "../../state/suite-summary.ts";
import { yieldToPage } from "../../state/yield-to-page.ts";
import { runLabelLength } from "./matrix-order.ts";

/**
 * The suite view's figures for `runs`. A small suite's are worked out in the render. A large one's
 * are built in slices between which the page stays responsive: null until the first are ready, then
 * the last ready ones (each names the runs it summarises, which the view shows) until newer ones are.
 */
export function useSuiteSummary(runs: readonly ScoredRun[], fixtures: readonly Fixture[], large: boolean): SuiteSummary | null {
  const now = useMemo(() => (large ? null : suiteSummary(runs, fixtures, runLabelLength)), [large, runs, fixtures]);
  const [ready, setReady] = useState<SuiteSummary | null>(null);
  useEffect(() => {
    if (!large) return;
    let cancelled = false;
    void suiteSummaryInSlices(runs, fixtures, runLabelLength, yieldToPage, () => cancelled).then((summary) => {
      // A transition: the view the summary fills in is rendered in slices too.
      if (summary && !cancelled) startTransition(() => setReady(summary));
    });
    return () => {
      cancelled = true;
    };
  }, [large, runs, fixtures]);
  return large ? ready : now;
}
