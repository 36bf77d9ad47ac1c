import { useMemo } from "react";
import { appStore, useStore } from "../../app/app-store.ts";
import { metricLabel, type CandidateRow, type MetricId } from "../../state/leaderboard/leaderboard-format.ts";
import { entrySourceName, type LeaderboardState } from "../../state/leaderboard/leaderboard-slice.ts";
import { FilePicker } from "../shared/FilePicker.tsx";
import { visible } from "../shared/inert.ts";
import { HeatMap } from "./HeatMap.tsx";
import { AfterPaint } from "../shared/after-paint.tsx";
import { chartHeight, LeaderboardChart } from "./LeaderboardChart.tsx";
import { LeaderboardTable } from "./LeaderboardTable.tsx";
import "./leaderboard.css";

function statusLine(l: LeaderboardState, picked: number): string {
  if (l.status === "reading" && l.progress) return `Reading ${l.progress.source + 1} of ${l.progress.sources}: ${l.progress.runsDone} runs verified and re-scored…`;
  if (l.status === "reading" || l.status === "ranking") return "Ranking…";
  if (l.opening) return `Reading the runs of ${l.opening.fixture} again from their sources…`;
  if (l.status === "ready" && l.table) {
    const runs = l.sources.reduce((n, s) => n + s.runs, 0);
    return `${l.table.leaderboard.rows.length} candidates from ${l.sources.length} sources (${runs} runs, each verified and re-scored).`;
  }
  return picked === 0 ? "Pick suites from History or import files, then rank them." : `${picked} picked.`;
}

/** Suites from History and imported files: what the leaderboard ranks. */
function Sources() {
  const entries = useStore((s) => s.history.entries);
  const l = useStore((s) => s.leaderboard);
  const { toggleLeaderboardEntry, addLeaderboardFile, removeLeaderboardFile, rankLeaderboard } = appStore.getState();
  // An entry deleted from History since it was ticked is not a source any more.
  const picked = l.entries.filter((id) => entries.some((e) => e.id === id)).length + l.files.length;
  const busy = l.status === "reading" || l.status === "ranking";
  // Suites first: a suite is what a leaderboard usually ranks; a saved run is one run.
  const listed = useMemo(() => [...entries.filter((e) => e.kind === "suite"), ...entries.filter((e) => e.kind === "run")], [entries]);
  return (
    <section className="panel leaderboard-sources" aria-label="Sources">
      <div className="panel-head">
        <h2>Sources</h2>
        <span className="muted">every source is verified and re-scored as Import reads it; a source's runs are its own rows</span>
      </div>
      {listed.length === 0 ? (
        <p className="muted">History is empty: run trials in the Suite view, or import files here.</p>
      ) : (
        <fieldset className="source-list">
          <legend>From History</legend>
          {listed.map((e) => (
            <label key={e.id} data-entry={e.id}>
              <input type="checkbox" checked={l.entries.includes(e.id)} onChange={() => toggleLeaderboardEntry(e.id)} /> <span className="mono">{visible(entrySourceName(e))}</span>{" "}
              <span className="muted">({e.kind}, {e.summary.runs} runs)</span>
            </label>
          ))}
        </fieldset>
      )}
      {l.files.length > 0 && (
        <ul className="source-files">
          {l.files.map((f) => (
            <li key={f.name}>
              <span className="mono">{visible(f.name)}</span>{" "}
              <button type="button" aria-label={`Remove ${f.name}`} onClick={() => removeLeaderboardFile(f.name)}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      <div className="controls">
        <FilePicker label="Import a file…" testId="leaderboard-file" accept=".json,.jsonl,application/json" title="A sealed suite or run, or a JSONL suite written by npm run eval" onFile={(file) => addLeaderboardFile(file.name, file)} />
        <button type="button" className="primary" disabled={picked === 0 || busy} onClick={() => void rankLeaderboard()}>
          Rank {picked} {picked === 1 ? "source" : "sources"}
        </button>
        <p role="status" className="muted" data-testid="leaderboard-status">{statusLine(l, picked)}</p>
      </div>
      {l.sources.some((s) => !s.verified) && (
        <ul className="callout warn">
          {l.sources.filter((s) => !s.verified).map((s) => (
            <li key={s.name}>{visible(`${s.name}: ${s.verification}`)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Options({ l, rows }: { l: LeaderboardState; rows: readonly CandidateRow[] }) {
  const { setLeaderboardOptions, setCellAction } = appStore.getState();
  const present = l.table?.leaderboard.available ?? [];
  const k = l.table?.leaderboard.k ?? 1;
  return (
    <div className="controls leaderboard-options">
      <label>
        rank by{" "}
        <select aria-label="Rank by" value={l.options.metric} onChange={(e) => void setLeaderboardOptions({ metric: e.target.value as MetricId })}>
          {present.map((m) => (
            <option key={m} value={m}>{metricLabel(m, k)}</option>
          ))}
        </select>
      </label>
      <label>
        baseline{" "}
        <select aria-label="Baseline" value={l.options.baseline ?? ""} onChange={(e) => void setLeaderboardOptions({ baseline: e.target.value })}>
          {rows.map((r) => (
            <option key={r.key} value={r.key}>{visible(r.label)}</option>
          ))}
        </select>
      </label>
      <label title="One candidate's runs in several sources counted as one row (reruns adding trials)">
        <input type="checkbox" checked={l.options.pool} onChange={(e) => void setLeaderboardOptions({ pool: e.target.checked, baseline: null })} /> pool across sources
      </label>
      <div className="segmented" role="group" aria-label="A click on a cell">
        <button type="button" aria-pressed={l.cellAction === "open"} onClick={() => setCellAction("open")}>opens its runs</button>
        <button type="button" aria-pressed={l.cellAction === "compare"} onClick={() => setCellAction("compare")}>picks two to compare</button>
      </div>
    </div>
  );
}

/** Many candidates side by side: the table with its intervals, the bars, and the fixtures × candidates heat map. */
export function LeaderboardView() {
  const l = useStore((s) => s.leaderboard);
  const { chooseLeaderboardCell } = appStore.getState();
  const table = l.table;
  const rows = useMemo(() => {
    if (!table) return [];
    const byKey = new Map(table.leaderboard.rows.map((r) => [r.key, r]));
    return table.order.flatMap((key) => byKey.get(key) ?? []);
  }, [table]);
  const title = table ? metricLabel(table.leaderboard.metric, table.leaderboard.k) : "";
  const worse = rows.filter((r) => table && r.metrics[table.leaderboard.metric]?.standing === "worse");
  return (
    <section className="leaderboard" aria-label="Leaderboard">
      <Sources />
      {l.problem && <p className="callout fail" role="alert">{visible(l.problem)}</p>}
      {table && (
        <>
          <Options l={l} rows={table.leaderboard.rows} />
          <p className={worse.length > 0 ? "callout fail" : "callout info"} data-testid="leaderboard-verdict">
            {worse.length === 0
              ? `No candidate is distinguishably worse than the baseline on ${title}.`
              : `Distinguishably worse than the baseline on ${title}: ${worse.map((r) => r.label).join("; ")}. Regressions are listed first.`}
          </p>
          {table.leaderboard.splits.map((s) => (
            <p key={s.name} className="muted">
              {visible(`${s.name} is split by ${s.settings.join(", ").replaceAll("_", " ")} into ${s.rows.length} candidates: runs at different settings are never pooled.`)}
            </p>
          ))}
          <div className="leaderboard-top">
            <div className="leaderboard-scroll" role="region" aria-label="Candidates" tabIndex={0}>
              <LeaderboardTable rows={rows} metric={table.leaderboard.metric} title={title} />
            </div>
            {/* Drawn in a task of its own after the table and the heat map have painted, again for each ranking: the chart library draws in one task it cannot slice. */}
            <AfterPaint key={`${table.leaderboard.metric} ${table.leaderboard.baseline} ${l.options.pool}`} placeholder={<div className="leaderboard-chart-slot" style={{ height: chartHeight(rows.length) }} />}>
              <LeaderboardChart rows={rows} metric={table.leaderboard.metric} baseline={table.leaderboard.baseline} title={title} />
            </AfterPaint>
          </div>
          {l.cellAction === "compare" && (
            <p className="muted" role="status">{l.picked ? `A: ${l.picked.fixture}. Pick B.` : "Pick A, then B: Compare opens with both."}</p>
          )}
          <HeatMap table={table} rows={rows} picked={l.picked} opening={l.opening} onCell={(cell) => void chooseLeaderboardCell(cell)} action={l.cellAction === "open" ? "opens its runs" : "picks it for Compare"} />
        </>
      )}
    </section>
  );
}
