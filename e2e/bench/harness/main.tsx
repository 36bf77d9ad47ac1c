// The workbench as it ships, plus one hook for the UI bench and the million-event e2e check: a long
// run made in the page by the real runtime and loaded into the real store, without a file import.
import "../../../src/app/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { appStore } from "../../../src/app/app-store.ts";
import { fixtureById } from "../../../src/state/workspace/workspace-slice.ts";
import { toScoredRun } from "../../../src/scoring/score.ts";
import { App } from "../../../src/ui/App.tsx";
import "../../../src/ui/styles.css";
import { LONG_RUN_FIXTURE, longRunRecord } from "../long-run.ts";

export interface Harness {
  /** Runs `decisions` decisions and opens the run in the timeline; resolves with its event count. */
  loadLongRun(decisions: number): Promise<number>;
}

const harness: Harness = {
  async loadLongRun(decisions) {
    const state = appStore.getState();
    const fixture = fixtureById(state, LONG_RUN_FIXTURE);
    if (!fixture) throw new Error(`no fixture ${LONG_RUN_FIXTURE}`);
    const record = await longRunRecord(fixture, decisions);
    const scored = toScoredRun(record, fixture, { includeDiagnostics: true });
    state.selectFixture(fixture.id, record.candidate);
    const started = record.events[0];
    if (started?.kind !== "run_started") throw new Error("a run without run_started");
    state.loadRun({ fixtureId: fixture.id, candidate: record.candidate, kind: "scripted", budget: started.budget, events: record.events, scored, imported: null });
    appStore.setState({ view: "run" });
    return record.events.length;
  },
};
(window as unknown as { harness: Harness }).harness = harness;

const root = document.getElementById("root");
if (!root) throw new Error("no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
