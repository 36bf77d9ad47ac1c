import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import type { Fixture } from "../../schemas/fixture.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { suiteSummary, suiteSummaryInSlices, type SuiteSummary } from "../../state/suite/suite-summary.ts";
import { yieldToPage } from "../../state/scheduling/yield-to-page.ts";
import { runLabelLength } from "./runs-order.ts";

/**
 * The suite view's figures for `runs`. A small suite's are worked out in the render. A large one's
 * are built in slices between which the page stays responsive; until they are ready, the figures
 * last shown stay (each summary names the runs it summarises, and the view shows those), so a suite
 * that grows past the bound as it runs is not blanked. Null only before any were shown.
 */
export function useSuiteSummary(runs: readonly ScoredRun[], fixtures: readonly Fixture[], large: boolean): SuiteSummary | null {
  const now = useMemo(() => (large ? null : suiteSummary(runs, fixtures, runLabelLength)), [large, runs, fixtures]);
  const [built, setBuilt] = useState<SuiteSummary | null>(null);
  const lastShown = useRef<SuiteSummary | null>(null);
  useEffect(() => {
    if (!large) {
      // A large suite's figures are let go once a small one is shown: they hold every one of its runs.
      setBuilt(null);
      return;
    }
    let cancelled = false;
    void suiteSummaryInSlices(runs, fixtures, runLabelLength, yieldToPage, () => cancelled).then((summary) => {
      // A transition: the view the summary fills in is rendered in slices too.
      if (summary && !cancelled) startTransition(() => setBuilt(summary));
    });
    return () => {
      cancelled = true;
    };
  }, [large, runs, fixtures]);
  const current = large ? (built?.runs === runs ? built : null) : now;
  useEffect(() => {
    if (current) lastShown.current = current;
  });
  return current ?? lastShown.current;
}
