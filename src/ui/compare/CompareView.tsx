import { useMemo } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { compareFixtureIds, compareFixtureOf, compareRunOptions, compareSuiteOptions, type CompareMode, type CompareOption, type CompareSide, type CompareSlot } from "../../state/compare/compare-slice.ts";
import { visible } from "../shared/inert.ts";
import { RunDiff } from "./RunDiff.tsx";
import { SuiteDiff } from "./SuiteDiff.tsx";
import "./compare.css";

const MODES: { mode: CompareMode; label: string }[] = [
  { mode: "runs", label: "Two runs" },
  { mode: "suites", label: "Two suites" },
];

function SidePicker({ slot, side, options, loading }: { slot: CompareSlot; side: CompareSide | null; options: readonly CompareOption[]; loading: boolean }) {
  const name = slot.toUpperCase();
  const groups = [...new Set(options.map((o) => o.group))];
  return (
    <div className="compare-picker" data-side={slot}>
      <label>
        <span className="side-letter">{name}</span>
        {/* A chooser: the side is kept as picked (shown beside it), whatever the workbench loads next. */}
        <select aria-label={`Side ${name}`} value="" disabled={options.length === 0} onChange={(e) => void appStore.getState().pickForCompare(slot, e.target.value)}>
          <option value="">{options.length === 0 ? "nothing to pick yet" : side ? `pick another ${name}…` : `choose ${name}…`}</option>
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              {options.filter((o) => o.group === g).map((o) => (
                <option key={o.id} value={o.id}>{visible(o.label)}</option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <span className="side-label" data-testid={`compare-side-${slot}`}>
        {loading ? "verifying and re-scoring…" : side ? visible(side.label) : <span className="muted">not chosen</span>}
      </span>
    </div>
  );
}

/** Two runs of one fixture, or two suites, side by side: from the current run, the suite and history. */
export function CompareView() {
  const compare = useStore((s) => s.compare);
  const run = useStore((s) => s.run);
  const suite = useStore((s) => s.suite);
  const history = useStore((s) => s.history);
  const workbenchFixture = useStore((s) => s.fixtureId);
  const { setCompareMode, setCompareFixture, swapCompare, compareSuiteRow } = appStore.getState();
  const { mode } = compare;
  const sources = useMemo(() => ({ run, suite, history }), [run, suite, history]);
  const fixtureId = compareFixtureOf({ ...sources, compare, fixtureId: workbenchFixture });
  const fixtureIds = useMemo(() => compareFixtureIds(sources), [sources]);
  const options = useMemo(() => (mode === "runs" ? compareRunOptions(sources, fixtureId) : compareSuiteOptions(sources)), [mode, sources, fixtureId]);
  const pair = compare[mode];
  const loading = (slot: CompareSlot): boolean => compare.loading?.mode === mode && compare.loading.slot === slot;

  return (
    <section className="compare" aria-label="Compare">
      <div className="controls compare-controls">
        <div className="segmented" role="group" aria-label="Compare what">
          {MODES.map((m) => (
            <button key={m.mode} type="button" aria-pressed={mode === m.mode} onClick={() => setCompareMode(m.mode)}>
              {m.label}
            </button>
          ))}
        </div>
        {mode === "runs" && (
          <label className="muted">
            fixture{" "}
            <select aria-label="Fixture" value={fixtureId ?? ""} onChange={(e) => setCompareFixture(e.target.value)}>
              {fixtureId === null && <option value="">—</option>}
              {[...new Set([...(fixtureId === null ? [] : [fixtureId]), ...fixtureIds])].map((id) => (
                <option key={id} value={id}>{id}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="compare-pickers">
        <SidePicker slot="a" side={pair.a} options={options} loading={loading("a")} />
        <button type="button" onClick={swapCompare} disabled={!pair.a && !pair.b} aria-label="Swap A and B" title="Swap A and B">⇄</button>
        <SidePicker slot="b" side={pair.b} options={options} loading={loading("b")} />
      </div>
      {compare.problem && <p className="callout fail" role="alert">{visible(compare.problem)}</p>}
      {mode === "runs" ? (
        <RunDiff a={compare.runs.a} b={compare.runs.b} result={compare.runs.result} />
      ) : (
        <SuiteDiff a={compare.suites.a} b={compare.suites.b} result={compare.suites.result} onOpenRow={compareSuiteRow} />
      )}
    </section>
  );
}
