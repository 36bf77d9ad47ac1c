import { useEffect, useRef, useState } from "react";
import { appStore, useStore } from "../app/app-store.ts";
import type { View } from "../state/workspace/workspace-slice.ts";
import { IoControls } from "./io/IoControls.tsx";
import { RunButton } from "./RunButton.tsx";
import { useRovingList } from "./shared/roving.ts";
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

const VIEWS: { view: View; label: string }[] = [
  { view: "run", label: "Single run" },
  { view: "suite", label: "Suite" },
  { view: "matrix", label: "Matrix" },
  { view: "history", label: "History" },
  { view: "compare", label: "Compare" },
  { view: "leaderboard", label: "Leaderboard" },
];
const VIEW_KEYS = VIEWS.map((v) => v.view);

export function TopBar() {
  const view = useStore((s) => s.view);
  const theme = useStore((s) => s.theme);
  const speed = useStore((s) => s.speed);
  const runSettings = useStore((s) => s.runSettings);
  const { setView, setTheme, setSpeed, setRunSettings } = appStore.getState();
  const menu = useMenu();
  // Arrows only move the focus among the views (Enter opens one): opening a view may load its code.
  const viewTabs = useRovingList(VIEW_KEYS, view, { orientation: "horizontal" });
  const otherTheme = theme === "dark" ? "light" : "dark";
  return (
    <header className="topbar">
      <h1>
        <img src="/favicon.svg" alt="" width={18} height={18} /> finbound
      </h1>
      <div className="tabs" role="tablist" aria-label="View" {...viewTabs.listProps}>
        {VIEWS.map((v) => (
          <button key={v.view} type="button" role="tab" aria-selected={view === v.view} onClick={() => setView(v.view)} {...viewTabs.item(v.view)}>
            {v.label}
          </button>
        ))}
      </div>
      {view === "run" && (
        <div className="controls">
          <RunButton />
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
