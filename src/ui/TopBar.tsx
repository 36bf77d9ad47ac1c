import { appStore, useStore } from "../state/app-store.ts";
import { IoControls } from "./io/IoControls.tsx";

export function TopBar() {
  const view = useStore((s) => s.view);
  const theme = useStore((s) => s.theme);
  const speed = useStore((s) => s.speed);
  const running = useStore((s) => s.run?.status === "running");
  const hasCandidate = useStore((s) => s.fixtureId !== null);
  const runSettings = useStore((s) => s.runSettings);
  const { setView, setTheme, setSpeed, startRun, stopRun, setRunSettings } = appStore.getState();
  return (
    <header className="topbar">
      <h1>
        <img src="/favicon.svg" alt="" width={18} height={18} /> finbound
      </h1>
      <div className="tabs" role="tablist" aria-label="View">
        <button type="button" role="tab" aria-selected={view === "run"} onClick={() => setView("run")}>Single run</button>
        <button type="button" role="tab" aria-selected={view === "suite"} onClick={() => setView("suite")}>Suite</button>
        <button type="button" role="tab" aria-selected={view === "matrix"} onClick={() => setView("matrix")}>Matrix</button>
        <button type="button" role="tab" aria-selected={view === "history"} onClick={() => setView("history")}>History</button>
        <button type="button" role="tab" aria-selected={view === "compare"} onClick={() => setView("compare")}>Compare</button>
      </div>
      {view === "run" && (
        <div className="controls">
          {running ? (
            <button type="button" onClick={stopRun}>Stop</button>
          ) : (
            <button type="button" className="primary" disabled={!hasCandidate} onClick={() => void startRun()}>Run</button>
          )}
          <label className="muted">
            pace{" "}
            <select value={speed} onChange={(e) => setSpeed(e.target.value === "instant" || e.target.value === "real" ? e.target.value : "watch")} aria-label="Pace">
              <option value="watch">watch (10× faster than real)</option>
              <option value="real">real time (1×)</option>
              <option value="instant">instant</option>
            </select>
          </label>
          <label className="muted" title="One repair turn after an invalid reply; it counts against the 4-decision budget">
            <input type="checkbox" checked={runSettings.repair} onChange={(e) => setRunSettings({ repair: e.target.checked })} /> repair
          </label>
          <label className="muted" title="Accept a decision wrapped in one Markdown fence; the run records it">
            <input type="checkbox" checked={runSettings.lenientFence} onChange={(e) => setRunSettings({ lenientFence: e.target.checked })} /> lenient fences
          </label>
        </div>
      )}
      <span className="spacer" />
      <IoControls />
      <button type="button" onClick={() => setTheme(theme === "dark" ? "light" : "dark")} aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}>
        {theme === "dark" ? "☀ light" : "☾ dark"}
      </button>
    </header>
  );
}
