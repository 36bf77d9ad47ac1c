import { appStore, useStore } from "../app/app-store.ts";
import { visible } from "./shared/inert.ts";

/**
 * Run, and Stop while a run is going: one element, so a keyboard's focus stays on it as the run starts
 * and ends. `target` names what it runs (the picker's, right after the candidates); the top bar's says
 * only "Run".
 */
export function RunButton({ target }: { target?: string }) {
  const running = useStore((s) => (s.run?.status === "running" ? s.run.candidate : null));
  const ready = useStore((s) => s.fixtureId !== null);
  const { startRun, stopRun } = appStore.getState();
  if (running !== null) {
    return (
      <button type="button" onClick={stopRun}>
        {target === undefined ? "Stop" : `Stop ${visible(running)}`}
      </button>
    );
  }
  return (
    <button type="button" className="primary" disabled={!ready} onClick={() => void startRun()}>
      {target === undefined ? "Run" : `Run ${target}`}
    </button>
  );
}
