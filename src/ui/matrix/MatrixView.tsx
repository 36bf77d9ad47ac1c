import { useEffect, useMemo } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { filteredMetrics, matrixGrid } from "../../state/matrix/matrix-grid.ts";
import { AttackGrid, GridLegend } from "./AttackGrid.tsx";
import { MatrixBreakdown } from "./MatrixBreakdown.tsx";
import { MatrixControls } from "./MatrixControls.tsx";
import { MatrixFilters } from "./MatrixFilters.tsx";
import { MatrixHeadline } from "./MatrixHeadline.tsx";

/** The attack matrix: a candidate over every task × injection, its rates, and each cell's run a click away. */
export function MatrixView() {
  const data = useStore((s) => s.matrix);
  const results = useStore((s) => s.matrixRun.results);
  const filter = useStore((s) => s.matrixFilter);
  const { loadMatrix, setMatrixFilter, openMatrixRun } = appStore.getState();
  useEffect(() => void loadMatrix(), [loadMatrix]);
  const matrix = data.status === "ready" ? data.matrix : null;
  const grid = useMemo(() => (matrix ? matrixGrid(matrix, results, filter) : null), [matrix, results, filter]);
  const metrics = useMemo(() => filteredMetrics(results, filter), [results, filter]);

  if (data.status === "invalid") {
    return (
      <section className="matrix-view panel" role="alert">
        <h2>The attack matrix does not compose</h2>
        <ul>{data.errors.map((e) => <li key={e} className="mono">{e}</li>)}</ul>
      </section>
    );
  }
  if (!matrix || !grid) return <p className="panel empty">Composing the attack matrix…</p>;
  const filtered = filter.carriers.length > 0 || filter.goals.length > 0;
  return (
    <section className="matrix-view" aria-label="Attack matrix">
      <MatrixControls cells={matrix.cells.length} />
      <div className="mx-overview">
        <MatrixHeadline metrics={metrics} filtered={filtered} />
        <MatrixFilters filter={filter} onChange={setMatrixFilter} />
      </div>
      <GridLegend />
      <AttackGrid grid={grid} onOpen={openMatrixRun} />
      <MatrixBreakdown metrics={metrics} />
      <p className="muted">
        {matrix.tasks.length} tasks × {matrix.injections.length} injections: {matrix.cells.length - matrix.tasks.length} meaningful pairs and {matrix.tasks.length} baselines; {matrix.skipped.length} pairs left out as not meaningful.
      </p>
    </section>
  );
}
