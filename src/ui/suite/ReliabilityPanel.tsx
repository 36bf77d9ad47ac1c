import { useState } from "react";
import type { Reliability } from "../../state/suite/suite-reliability.ts";
import type { Pointing } from "./PassKLegend.tsx";
import { PassKChart } from "./PassKChart.tsx";
import { ReliabilityFigures, ReliabilityTable } from "./ReliabilityTable.tsx";

/** pass^k as curves beside its numbers; a fixture pointed at in the legend or the table is drawn forward in the chart. */
export function ReliabilityPanel({ reliability, defer }: { reliability: Reliability; defer: boolean }) {
  const [pointed, setPointed] = useState<string | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const pointing: Pointing = { highlight: pointed ?? pinned, pinned, onPoint: setPointed, onPin: setPinned };
  return (
    <div className="reliability-panel">
      <PassKChart reliability={reliability} defer={defer} pointing={pointing} />
      <div>
        <ReliabilityTable reliability={reliability} pointing={pointing} />
        <ReliabilityFigures reliability={reliability} />
      </div>
    </div>
  );
}
