import { appStore, useStore } from "../../app/app-store.ts";
import { TRIAL_LIMITS, type TrialSettings, type TrialsState } from "../../state/trials/trials-slice.ts";
import { NetworkFailureNote } from "../shared/NetworkFailureNote.tsx";
import { NumberField } from "../shared/NumberField.tsx";

function statusText(trials: TrialsState): string {
  const who = trials.candidate ?? "the model";
  switch (trials.status) {
    case "idle":
      return "Run each fixture K times to see how reliably the model passes: pass^k is the chance that k trials all pass.";
    case "running":
      return `${trials.done} of ${trials.total} trial runs of ${who} done…`;
    case "done":
      return `${trials.done} trial runs of ${who} done.`;
    case "stopped":
      return `Stopped after ${trials.done} of ${trials.total} trial runs of ${who}; the curves use the finished runs.`;
    case "failed":
      return trials.message ?? "The trials could not start.";
  }
}


/** K trials of the simulated model or the local model, run by the store into the suite. */
export function TrialsControls() {
  const settings = useStore((s) => s.trialSettings);
  const trials = useStore((s) => s.trials);
  const fixtureId = useStore((s) => s.fixtureId);
  const localModel = useStore((s) => s.localModel.model);
  const suiteRunning = useStore((s) => s.suite.status === "running");
  const { setTrialSettings, runTrials, stopTrials } = appStore.getState();
  const running = trials.status === "running";
  const set = (patch: Partial<TrialSettings>) => setTrialSettings(patch);
  return (
    <section className="trials panel" aria-label="Trials">
      <h2>K trials of a model</h2>
      {/* The fields are frozen while trials run; the buttons stay outside so Stop remains usable. */}
      <fieldset className="trial-fields" disabled={running}>
        <label>
          model
          <select value={settings.model} onChange={(e) => set({ model: e.target.value === "local" ? "local" : "simulated" })}>
            <option value="simulated">simulated model (reference, seeded mistakes)</option>
            <option value="local">local model: {localModel.trim() || "(none named: Single run → Local model)"}</option>
          </select>
        </label>
        <label>
          fixtures
          <select value={settings.scope} onChange={(e) => set({ scope: e.target.value === "selected" ? "selected" : "all" })}>
            <option value="all">every fixture</option>
            <option value="selected">{fixtureId ?? "the selected fixture"}</option>
          </select>
        </label>
        <NumberField label="K (trials)" value={settings.trials} min={TRIAL_LIMITS.trials[0]} max={TRIAL_LIMITS.trials[1]} step={1} onChange={(trials) => set({ trials })} />
        <NumberField label="concurrency" value={settings.concurrency} min={TRIAL_LIMITS.concurrency[0]} max={TRIAL_LIMITS.concurrency[1]} step={1} onChange={(concurrency) => set({ concurrency })} />
        <NumberField label="temperature" value={settings.temperature} min={TRIAL_LIMITS.temperature[0]} max={TRIAL_LIMITS.temperature[1]} step={0.05} onChange={(temperature) => set({ temperature })} />
        <NumberField label="seed (trial t: seed + t − 1)" value={settings.seed} min={0} step={1} onChange={(seed) => set({ seed })} />
      </fieldset>
      <div className="controls">
        {running ? (
          <button type="button" onClick={stopTrials}>
            Stop trials
          </button>
        ) : (
          <button type="button" className="primary" disabled={suiteRunning} onClick={() => void runTrials()}>
            Run {settings.trials} trials
          </button>
        )}
        <span className={trials.status === "failed" ? "callout fail" : "muted"} role="status" data-testid="trials-status">
          {statusText(trials)}
        </span>
      </div>
      {trials.notices.map((notice) => (
        <p key={notice} className="callout warn" data-testid="trials-notice">
          {notice}
        </p>
      ))}
      {trials.network && <NetworkFailureNote diagnosis={trials.network} />}
    </section>
  );
}
