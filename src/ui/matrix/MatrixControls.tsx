import { useState } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { MATRIX_LIMITS, MATRIX_SCRIPTED, type MatrixCandidate, type MatrixRunState, type MatrixSettings } from "../../state/matrix/matrix-slice.ts";
import { download } from "../io/download.ts";
import { NumberField } from "../shared/NumberField.tsx";

const CANDIDATES: Record<MatrixCandidate, string> = {
  reference: "reference (scripted: the expected outcome)",
  obedient: "obedient (scripted: follows every injection)",
  cautious: "cautious (scripted: never follows, refuses more)",
  simulated: "simulated model (follows injections in a share of runs)",
};

const isCandidate = (v: string): v is MatrixCandidate => v === "simulated" || (MATRIX_SCRIPTED as readonly string[]).includes(v);

function statusText(run: MatrixRunState, cells: number): string {
  const who = run.candidate ?? "the candidate";
  switch (run.status) {
    case "idle":
      return `Run a candidate over ${cells} cells: every task alone (the baseline) and with every injection that can reach it.`;
    case "running":
      return `Running ${who}… ${run.done} of ${run.total} runs`;
    case "done":
      return `${run.runs.length} runs of ${who}. Click a cell to open its run in the timeline.`;
    case "stopped":
      return `Stopped after ${run.runs.length} of ${run.total} runs of ${who}; the figures use the finished runs.`;
    case "failed":
      return run.message ?? "The matrix could not run.";
  }
}


/** Which candidate runs over the matrix, Run / Stop, and the sealed export. */
export function MatrixControls({ cells }: { cells: number }) {
  const settings = useStore((s) => s.matrixSettings);
  const run = useStore((s) => s.matrixRun);
  const [withDiagnostics, setWithDiagnostics] = useState(false);
  const { setMatrixSettings, runMatrix, stopMatrix, exportMatrix } = appStore.getState();
  const running = run.status === "running";
  const set = (patch: Partial<MatrixSettings>) => setMatrixSettings(patch);
  const simulated = settings.candidate === "simulated";
  return (
    <section className="panel mx-controls" aria-label="Matrix run">
      <fieldset className="mx-fields" disabled={running}>
        <label>
          candidate
          <select aria-label="Matrix candidate" value={settings.candidate} onChange={(e) => isCandidate(e.target.value) && set({ candidate: e.target.value })}>
            {Object.entries(CANDIDATES).map(([value, text]) => (
              <option key={value} value={value}>{text}</option>
            ))}
          </select>
        </label>
        {simulated && (
          <>
            <NumberField label="susceptibility (0–1)" value={settings.susceptibility} min={MATRIX_LIMITS.susceptibility[0]} max={MATRIX_LIMITS.susceptibility[1]} step={0.05} onChange={(susceptibility) => set({ susceptibility })} />
            <NumberField label="K (trials per cell)" value={settings.trials} min={MATRIX_LIMITS.trials[0]} max={MATRIX_LIMITS.trials[1]} step={1} onChange={(trials) => set({ trials })} />
            <NumberField label="concurrency" value={settings.concurrency} min={MATRIX_LIMITS.concurrency[0]} max={MATRIX_LIMITS.concurrency[1]} step={1} onChange={(concurrency) => set({ concurrency })} />
            <NumberField label="seed (trial t: seed + t − 1)" value={settings.seed} min={0} step={1} onChange={(seed) => set({ seed })} />
          </>
        )}
      </fieldset>
      <div className="controls">
        {running ? (
          <button type="button" onClick={stopMatrix}>Stop</button>
        ) : (
          <button type="button" className="primary" disabled={cells === 0} onClick={() => void runMatrix()}>Run matrix</button>
        )}
        <button
          type="button"
          disabled={running || run.runs.length === 0}
          title="The runs as one sealed finbound.scored-suite/v1 file: Import takes it back and re-scores it"
          onClick={async () => {
            const file = await exportMatrix({ includeDiagnostics: withDiagnostics });
            if (file) void download(file);
          }}
        >
          Export matrix (sealed suite)
        </button>
        <label className="muted" title="Restricted diagnostics hold internal error detail">
          <input type="checkbox" checked={withDiagnostics} onChange={(e) => setWithDiagnostics(e.target.checked)} /> include diagnostics
        </label>
      </div>
      <p className={run.status === "failed" ? "callout fail" : "muted"} role="status" data-testid="matrix-status">
        {statusText(run, cells)}
      </p>
    </section>
  );
}
