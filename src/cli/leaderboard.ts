import { basename } from "node:path";
import { anyWorse, buildLeaderboard, fixturesByTrials as trialsWords, leaderboardRun, metricLabel, METRICS, type CandidateRow, type Leaderboard, type LeaderboardRun, type MetricId, type MetricResult } from "../evaluation/leaderboard.ts";
import { scoreTraceToReplay, tracesToReplay, unknownTraceFixture } from "../evaluation/score-file.ts";
import { formatDifference, formatEstimate, type TrialsNeeded } from "../evaluation/statistics.ts";
import { html, trusted, type Html } from "../interop/html.ts";
import type { RefusalAt } from "../files/refusal.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { HALF_WIDTH_OPTION, HALF_WIDTH_USAGE, halfWidthFrom, trialsNeededLine } from "./reliability-table.ts";
import { parseCli, positiveInt, refusalError, UsageError } from "./usage-error.ts";

export const LEADERBOARD_FORMAT = "finbound.leaderboard/v1";
const FORMATS = ["table", "json", "markdown", "html"] as const;
type LeaderboardFormat = (typeof FORMATS)[number];

const USAGE = `usage: npm run leaderboard -- FILE... [--baseline FILE|NAME] [--metric METRIC] [--k K] [--format table|json|markdown|html]
                              [--half-width P] [--pool] [--fixtures DIR] [--max-bytes N]
  Ranks the candidates of any number of sealed suites, runs or JSONL suites (each verified, then every run
  re-scored by replay, as npm run score does). A candidate is the runs that recorded the same name, protocol,
  answering model, temperature, base seed, budget and reading settings: runs at different settings are never
  pooled, and the table says which settings split a name. Each file's runs are their own rows unless --pool.
  Every rate carries its 95 % interval; beside it, the paired difference to the baseline over the fixtures
  both ran (a paired bootstrap, or McNemar's exact test when each fixture ran once): better, worse or not
  distinguishable at 95 % (docs/statistics.md).
  --baseline FILE|NAME  the baseline: a file given (a.jsonl, or just a) holding one candidate, or a candidate's
                    name or label (default: the first file's)
  --metric M        what to rank by and gate on: ${METRICS.join(", ")}; pass^N sets k (default pass^k)
  --k K             pass^k's and pass@k's k (default: the most trials every candidate ran of each fixture)
  --pool            pool the runs of one candidate across files (reruns adding trials)
${HALF_WIDTH_USAGE}
${MAX_BYTES_USAGE}
  Exit status: 0 no candidate is distinguishably worse than the baseline on the metric, 1 one is,
  2 bad usage or a file that is unreadable, changed after export (NOT VERIFIED) or holds no runs.`;

/** The leaderboard's own usage errors, by code (a file it cannot rank is refused with the reader's or score's code). */
export const LEADERBOARD_USAGE_CODES = ["no_files", "duplicate_file", "unknown_format", "unknown_metric", "unknown_baseline", "ambiguous_baseline", "not_a_suite"] as const;
type LeaderboardUsageCode = (typeof LEADERBOARD_USAGE_CODES)[number];
const usageError = (message: string, code: LeaderboardUsageCode, at: RefusalAt = {}): UsageError => new UsageError(message, code, at);

/** --metric: a metric's id, or pass^N / pass@N naming k too. */
function metricFrom(value: string | undefined): { metric: MetricId; k?: number } {
  if (value === undefined) return { metric: "pass^k" };
  const withK = /^(pass[\^@])(\d+)$/.exec(value);
  if (withK) return { metric: withK[1] === "pass^" ? "pass^k" : "pass@k", k: positiveInt("metric", withK[2] as string) };
  if ((METRICS as readonly string[]).includes(value)) return { metric: value as MetricId };
  throw usageError(`--metric must be one of ${METRICS.join(", ")} or pass^N (got ${value})`, "unknown_metric");
}

/** Names a file is known by on the command line: its path, its base name, and that without extensions. */
const namesOf = (file: string): string[] => [file, basename(file), basename(file).replace(/\..*$/, "")];

type BaselineRow = Pick<CandidateRow, "key" | "label" | "identity" | "sources">;

/** The baseline's key: a given file's one candidate, or the candidate a name or label picks out; else a usage error with its code. */
function resolveBaseline(wanted: string, files: readonly string[], rows: readonly BaselineRow[]): string {
  const file = files.find((f) => namesOf(f).includes(wanted));
  const pick = (found: readonly BaselineRow[], what: string): string => {
    if (found.length === 1) return (found[0] as BaselineRow).key;
    throw usageError(`--baseline ${wanted}: ${what} ${found.length} candidates (${found.map((r) => r.label).join("; ")}); name one by its label`, "ambiguous_baseline");
  };
  if (file) return pick(rows.filter((r) => r.sources.includes(file)), `${file} holds`);
  const byLabel = rows.filter((r) => r.label === wanted);
  if (byLabel.length > 0) return pick(byLabel, "the label names");
  const byName = rows.filter((r) => r.identity.name === wanted);
  if (byName.length > 0) return pick(byName, "the name has");
  throw usageError(`--baseline ${wanted}: neither a file given nor a candidate's name (candidates: ${rows.map((r) => r.label).join("; ")})`, "unknown_baseline");
}

/** Every file's runs, verified and re-scored by replay, as npm run score reads them. */
async function readRuns(files: readonly string[], maxBytes: number, fixturesDir: string | undefined, io: CliIo): Promise<LeaderboardRun[]> {
  const byId = loadJudgingFixtures(fixturesDir);
  const fixtures = [...byId.values()];
  const runs: LeaderboardRun[] = [];
  for (const file of files) {
    const read = await tracesToReplay(readFileBytes(file, maxBytes), { fixtures, sha256: nodeSha256, limits: { maxBytes } });
    if (!read.ok) throw refusalError(file, read);
    if (read.kind === "collected-traces") throw usageError(`${file}: collected traces record no verdicts or seal; score them into a suite first (npm run score)`, "not_a_suite", { file });
    for (const note of read.notes) io.stderr.write(`note: ${file}: ${note}\n`);
    for (const trace of read.traces) {
      const scored = await scoreTraceToReplay(trace, fixtures);
      if (!scored.ok) throw refusalError(file, unknownTraceFixture(trace, true));
      runs.push(leaderboardRun(file, scored.run, byId.get(scored.run.fixture)));
    }
  }
  return runs;
}

const standingWords = { baseline: "baseline", better: "better", worse: "WORSE", not_distinguishable: "not distinguishable" } as const;

function versus(m: MetricResult | undefined): string {
  if (!m || m.standing === null) return "– (no fixture in common)";
  if (m.standing === "baseline" || !m.difference) return standingWords[m.standing];
  return `${formatDifference(m.difference)} ${standingWords[m.standing]}`;
}

function columns(rows: readonly string[][]): (cells: readonly string[]) => string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return (cells) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
}

function neededWords(l: Leaderboard, needed: TrialsNeeded | null): string {
  return trialsNeededLine(metricLabel(l.metric, l.k), l.halfWidth * 100, needed).replace(/^±\S+ points on \S+( needs)?:? ?/, "");
}

function table(l: Leaderboard): string {
  const chosen = metricLabel(l.metric, l.k);
  const baseline = l.rows.find((r) => r.key === l.baseline);
  const head = ["#", "candidate", "file", "runs", "infra", "fixtures×trials", `${chosen} [95 %]`, "vs baseline"];
  const body = l.rows.map((r, i) => [String(i + 1), r.label, r.sources.join(", "), String(r.runs), String(r.infrastructure), trialsWords(r), formatEstimate(r.metrics[l.metric]?.estimate ?? null), versus(r.metrics[l.metric])]);
  const line = columns([head, ...body]);
  const metrics = (Object.keys(l.rows[0]?.metrics ?? {}) as MetricId[]).filter((m) => l.rows.some((r) => r.metrics[m]?.estimate));
  const blocks = l.rows.flatMap((r) => {
    const rows = metrics.map((m) => [`  ${metricLabel(m, l.k)}`, formatEstimate(r.metrics[m]?.estimate ?? null), versus(r.metrics[m])]);
    const inner = columns(rows);
    return [`${l.rows.indexOf(r) + 1}  ${r.label}`, ...rows.map(inner), ""];
  });
  // Each check's pass rate: one row per check, one column per candidate (by rank).
  const checkNames = [...new Set(l.rows.flatMap((r) => Object.keys(r.checks)))].sort();
  const checkHead = ["check", ...l.rows.map((_, i) => `#${i + 1}`)];
  const checkRows = checkNames.map((c) => [c, ...l.rows.map((r) => (r.checks[c] ? `${formatEstimate(r.checks[c].estimate)} (${r.checks[c].passed}/${r.checks[c].of})` : "–"))]);
  const checkLine = columns([checkHead, ...checkRows]);
  const needed = columns(l.rows.map((r) => [`  ${r.label}`, neededWords(l, r.trialsNeeded)]));
  const worse = l.rows.filter((r) => r.metrics[l.metric]?.standing === "worse");
  return [
    `leaderboard by ${chosen}${l.metric === "pass^k" || l.metric === "pass@k" ? ` (k = ${l.k})` : ""}; baseline ${baseline?.label ?? "–"}; 95 % intervals, differences over the fixtures both ran (docs/statistics.md)`,
    "",
    line(head),
    line(head.map((h, i) => "-".repeat(Math.max(h.length, ...body.map((b) => (b[i] ?? "").length))))),
    ...body.map(line),
    "",
    ...l.splits.map((s) => `note: ${s.name} is split by ${s.settings.map((x) => x.replace("_", " ")).join(", ")} into ${s.rows.length} candidates; runs at different settings are never pooled`),
    ...(l.splits.length > 0 ? [""] : []),
    "every metric (95 % interval; difference to the baseline):",
    "",
    ...blocks,
    "each check's pass rate over the runs that judged it (95 % interval; columns by rank):",
    "",
    checkLine(checkHead),
    ...checkRows.map(checkLine),
    "",
    `trials per fixture for ±${l.halfWidth * 100} points on ${chosen}, by the variance observed:`,
    ...l.rows.map((r) => needed([`  ${r.label}`, neededWords(l, r.trialsNeeded)])),
    "",
    worse.length === 0 ? `no candidate is distinguishably worse than the baseline on ${chosen}` : `distinguishably worse than the baseline on ${chosen}: ${worse.map((r) => r.label).join("; ")}`,
    "",
  ].join("\n");
}

function markdown(l: Leaderboard): string {
  const metrics = (Object.keys(l.rows[0]?.metrics ?? {}) as MetricId[]).filter((m) => l.rows.some((r) => r.metrics[m]?.estimate));
  const cell = (s: string): string => s.replaceAll("|", "\\|");
  const head = ["#", "candidate", "file", "fixtures×trials", ...metrics.map((m) => `${metricLabel(m, l.k)}${m === l.metric ? " (ranked)" : ""}`)];
  const rows = l.rows.map((r, i) => [String(i + 1), r.label, r.sources.join(", "), trialsWords(r), ...metrics.map((m) => `${formatEstimate(r.metrics[m]?.estimate ?? null)}<br>${versus(r.metrics[m])}`)]);
  const checks = [...new Set(l.rows.flatMap((r) => Object.keys(r.checks)))].sort();
  return [
    `## Leaderboard by ${metricLabel(l.metric, l.k)}`,
    "",
    `95 % intervals; each difference is to the baseline (${l.rows.find((r) => r.key === l.baseline)?.label ?? "–"}) over the fixtures both ran.`,
    "",
    `| ${head.map(cell).join(" | ")} |`,
    `|${head.map(() => " --- ").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
    "",
    ...l.splits.map((s) => `- ${s.name} is split by ${s.settings.join(", ")} into ${s.rows.length} candidates.`),
    ...(l.splits.length > 0 ? [""] : []),
    "### Checks",
    "",
    `| check | ${l.rows.map((r) => cell(r.label)).join(" | ")} |`,
    `| --- |${l.rows.map(() => " --- ").join("|")}|`,
    ...checks.map((c) => `| ${c} | ${l.rows.map((r) => (r.checks[c] ? `${formatEstimate(r.checks[c].estimate)} (${r.checks[c].passed}/${r.checks[c].of})` : "–")).join(" | ")} |`),
    "",
    `### Trials per fixture for ±${l.halfWidth * 100} points on ${metricLabel(l.metric, l.k)}`,
    "",
    ...l.rows.map((r) => `- ${cell(r.label)}: ${neededWords(l, r.trialsNeeded)}`),
    "",
  ].join("\n");
}

const PAGE_CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f3f3}.worse{color:#a0281c;font-weight:600}.better{color:#1c6a2e;font-weight:600}.diff{display:block;font-size:12px;color:#555}`;

function htmlPage(l: Leaderboard): string {
  const metrics = (Object.keys(l.rows[0]?.metrics ?? {}) as MetricId[]).filter((m) => l.rows.some((r) => r.metrics[m]?.estimate));
  const checks = [...new Set(l.rows.flatMap((r) => Object.keys(r.checks)))].sort();
  const metricCell = (m: MetricResult | undefined): Html => html`<td>${formatEstimate(m?.estimate ?? null)}<span class="diff ${m?.standing ?? ""}">${versus(m)}</span></td>`;
  const page = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>finbound leaderboard</title><style>${trusted(PAGE_CSS)}</style></head><body>
<h1>Leaderboard by ${metricLabel(l.metric, l.k)}</h1>
<p>95 % intervals; each difference is to the baseline (${l.rows.find((r) => r.key === l.baseline)?.label ?? "–"}) over the fixtures both ran.</p>
<table><thead><tr><th>#</th><th>candidate</th><th>file</th><th>fixtures×trials</th>${metrics.map((m) => html`<th>${metricLabel(m, l.k)}</th>`)}</tr></thead><tbody>${l.rows.map(
    (r, i) => html`<tr><td>${i + 1}</td><td>${r.label}</td><td>${r.sources.join(", ")}</td><td>${trialsWords(r)}</td>${metrics.map((m) => metricCell(r.metrics[m]))}</tr>`,
  )}</tbody></table>
${l.splits.map((s) => html`<p>${s.name} is split by ${s.settings.join(", ")} into ${s.rows.length} candidates.</p>`)}
<h2>Checks</h2>
<table><thead><tr><th>check</th>${l.rows.map((r) => html`<th>${r.label}</th>`)}</tr></thead><tbody>${checks.map(
    (c) => html`<tr><td>${c}</td>${l.rows.map((r) => html`<td>${r.checks[c] ? `${formatEstimate(r.checks[c].estimate)} (${r.checks[c].passed}/${r.checks[c].of})` : "–"}</td>`)}</tr>`,
  )}</tbody></table>
<h2>Trials per fixture for ±${l.halfWidth * 100} points</h2>
<ul>${l.rows.map((r) => html`<li>${r.label}: ${neededWords(l, r.trialsNeeded)}</li>`)}</ul>
</body></html>
`;
  return page.text;
}

function json(l: Leaderboard): string {
  return `${JSON.stringify({ format: LEADERBOARD_FORMAT, ...l }, null, 2)}\n`;
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound leaderboard", io, async () => {
    const { values, positionals } = parseCli(
      {
        args: argv,
        options: { baseline: { type: "string" }, metric: { type: "string" }, k: { type: "string" }, format: { type: "string" }, pool: { type: "boolean" }, fixtures: { type: "string" }, help: { type: "boolean", short: "h" }, ...HALF_WIDTH_OPTION, ...MAX_BYTES_OPTION },
        strict: true,
        allowPositionals: true,
      },
      USAGE,
    );
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length === 0) throw usageError(`no file given\n${USAGE}`, "no_files");
    const twice = positionals.find((f, i) => positionals.indexOf(f) !== i);
    if (twice) throw usageError(`${twice} is given twice: its runs would count twice`, "duplicate_file", { file: twice });
    const format = (values.format ?? "table") as LeaderboardFormat;
    if (!FORMATS.includes(format)) throw usageError(`--format must be one of ${FORMATS.join(", ")} (got ${values.format})`, "unknown_format");
    const chosen = metricFrom(values.metric);
    const k = values.k === undefined ? chosen.k : positiveInt("k", values.k);
    const halfWidth = halfWidthFrom(values["half-width"]);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const runs = await readRuns(positionals, maxBytes, values.fixtures, io);
    const wanted = values.baseline ?? (positionals[0] as string);
    const built = buildLeaderboard(runs, {
      metric: chosen.metric,
      baseline: (rows) => resolveBaseline(wanted, positionals, rows),
      ...(k === undefined ? {} : { k }),
      pool: values.pool === true,
      halfWidth: halfWidth / 100,
    });
    if (!built.ok) throw new UsageError(built.message, built.code);
    const l = built.leaderboard;
    io.stdout.write(format === "json" ? json(l) : format === "markdown" ? markdown(l) : format === "html" ? htmlPage(l) : table(l));
    return anyWorse(l) ? 1 : 0;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
