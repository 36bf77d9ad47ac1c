import { useEffect, useRef, useState } from "react";
import { appStore, useStore } from "../state/app-store.ts";
import { IoControls } from "./io/IoControls.tsx";
import { rememberTheme } from "./theme.ts";

/**
 * Open/closed state of the top bar's menu, which holds import, export and the theme where the bar is
 * too narrow for them (styles.css); it closes on Escape, on a click outside, and after a button in it.
 */
function useMenu() {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement | null>(null);
  const toggle = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent): void => {
      if (e.target instanceof Node && !menu.current?.contains(e.target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return { open, setOpen, menu, toggle };
}

export function TopBar() {
  const view = useStore((s) => s.view);
  const theme = useStore((s) => s.theme);
  const speed = useStore((s) => s.speed);
  const running = useStore((s) => s.run?.status === "running");
  const hasCandidate = useStore((s) => s.fixtureId !== null);
  const runSettings = useStore((s) => s.runSettings);
  const { setView, setTheme, setSpeed, startRun, stopRun, setRunSettings } = appStore.getState();
  const menu = useMenu();
  const otherTheme = theme === "dark" ? "light" : "dark";
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
          <label className="muted" title="watch: ten times faster than the run's own time; instant: no waiting">
            pace{" "}
            <select value={speed} onChange={(e) => setSpeed(e.target.value === "instant" || e.target.value === "real" ? e.target.value : "watch")} aria-label="Pace">
              <option value="watch">watch (10×)</option>
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
      <div className="topbar-menu" ref={menu.menu}>
        <button type="button" className="menu-toggle" ref={menu.toggle} aria-expanded={menu.open} aria-controls="topbar-actions" onClick={() => menu.setOpen(!menu.open)}>
          ☰ Menu
        </button>
        <div
          id="topbar-actions"
          className="topbar-actions"
          data-open={menu.open}
          onClick={(e) => {
            if (e.target instanceof Element && e.target.closest("button")) menu.setOpen(false);
          }}
        >
          <IoControls />
          <button
            type="button"
            onClick={() => {
              setTheme(otherTheme);
              rememberTheme(otherTheme);
            }}
            aria-label={`Switch to ${otherTheme} theme`}
            title={`Switch to ${otherTheme} theme`}
          >
            {theme === "dark" ? "☀" : "☾"}
            <span className="theme-word"> {otherTheme}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
