import { designOf, describeDesign, type Design } from "../evaluation/design.ts";
import { countRuns } from "../evaluation/run-counts.ts";
import { isInfrastructureFailure } from "../evaluation/reliability.ts";
import { clusterBootstrap, fixtureStatistic, formatEstimate, wilson, type Cluster } from "../evaluation/statistics.ts";
import type { Claim } from "../schemas/claim.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import type { Verdict } from "../schemas/verdict.ts";
import { html, trusted, type Html } from "./html.ts";
import { REPORT_CSS } from "./html-report-style.ts";
import { timelineTable } from "./html-timeline.ts";
import { failedChecks } from "../scoring/verdict.ts";
import { callFates, householdFates, runStarted } from "./run-facts.ts";

// One run or a suite as ONE self-contained HTML page, for people who do not run finbound: inline
// style, inline data, no script, no font, no image, and a Content-Security-Policy that forbids
// fetching anything, so the file opens from disk (file://) and makes no request.

export type SealStatus = "verified" | "unsealed" | "broken";

export interface HtmlReportOptions {
  /** The file the runs were read from: its name, never its folders, is printed under the title (the report is mailed). */
  source?: string;
  /** What the file's seals verified to (`verifyExport`); without it the report says they were not checked. */
  seal?: { status: SealStatus; message: string };
  /** The digest of the suite the runs came from, when they came from one. */
  suiteDigest?: string;
  /** The failures a run's fixture declares for its candidate (undefined: none declared): decides "as designed". */
  declaredFailures?: (fixtureId: string, candidate: string) => readonly string[] | undefined;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

interface RunRow {
  run: ScoredRunExport;
  index: number;
  failed: string[];
  design: Design | null;
}

const badge = (tone: string, text: string): Html => html`<span class="badge ${tone}">${text}</span>`;
const passBadge = (passed: boolean): Html => badge(passed ? "pass" : "fail", passed ? "PASS" : "FAIL");
const runLabel = (r: RunRow): string => `${r.run.fixture.id} · ${r.run.candidate.name}${r.run.trial === undefined ? "" : ` · trial ${r.run.trial}`}`;

function sealBanner(options: HtmlReportOptions): Html {
  const seal = options.seal;
  const digest = options.suiteDigest ? html` · suite digest <code>${options.suiteDigest}</code>` : "";
  if (!seal) return html`<div class="seal seal-unknown">Seals not checked: this page says nothing about whether the runs were edited after export.${digest}</div>`;
  const said = { verified: "Seals verified", unsealed: "NOT SEALED", broken: "NOT VERIFIED — the file was changed after export" }[seal.status];
  return html`<div class="seal seal-${seal.status}"><b>${said}</b>: ${seal.message}${digest}</div>`;
}

/** The runs judged on the candidate: an infrastructure failure was neither passed nor failed, so no rate counts it. */
const judged = (rows: readonly RunRow[]): RunRow[] => rows.filter((r) => !isInfrastructureFailure(r.run));

/**
 * The pass rate with its 95 % interval over the judged runs (docs/statistics.md): Wilson's when each
 * fixture × candidate ran once, else a bootstrap over those pairs, then their trials.
 */
function passRate(all: readonly RunRow[]): string {
  const rows = judged(all);
  const pairs = new Map<string, Cluster>();
  for (const r of rows) {
    const key = JSON.stringify([r.run.fixture.id, r.run.candidate.name]);
    const c = pairs.get(key) ?? { n: 0, c: 0 };
    c.n++;
    if (r.run.passed) c.c++;
    pairs.set(key, c);
  }
  const clusters = [...pairs.values()];
  const passed = rows.filter((r) => r.run.passed).length;
  return formatEstimate(clusters.every((c) => c.n === 1) ? wilson(passed, rows.length) : clusterBootstrap(clusters, fixtureStatistic.passRate));
}

function headline(rows: readonly RunRow[], designs: boolean): Html {
  const { passed, failed, infrastructure } = countRuns(rows.map((r) => r.run));
  const stat = (tone: string, n: number, what: string): Html => html`<div class="stat ${tone}"><b>${n}</b>${what}</div>`;
  const designed = rows.filter((r) => r.design?.status === "as_designed").length;
  const regressions = rows.filter((r) => r.design?.status === "regression").length;
  return html`<div class="stats">${stat("", rows.length, rows.length === 1 ? "run" : "runs")}${stat("pass", passed, "passed")}${stat("fail", failed, "failed")}${infrastructure > 0 ? stat("", infrastructure, "infrastructure") : ""}${
    designs ? [stat("pass", designed, "as designed"), stat(regressions > 0 ? "fail" : "", regressions, regressions === 1 ? "regression" : "regressions")] : ""
  }</div>${rows.length > 1 ? html`<p class="note" data-figure="pass-rate">Pass rate <b>${passRate(rows)}</b> (95 % interval${infrastructure > 0 ? `, over the ${rows.length - infrastructure} runs judged` : ""}).</p>` : ""}${
    designs
      ? html`<p class="note">A faulty candidate written to fail certain checks behaves <b>as designed</b> when it fails exactly those; the reference is as designed when it passes everything. Anything else is a regression.</p>`
      : ""
  }`;
}

/** The last part of a path, Windows' or POSIX's. */
const fileName = (path: string): string => path.split(/[\\/]/).at(-1) ?? path;

const unique = (values: Iterable<string>): string[] => [...new Set(values)];

/** For a suite: one row per fixture × candidate, every trial of the pair counted together. */
function matrix(rows: readonly RunRow[], designs: boolean): Html {
  const groups = new Map<string, RunRow[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.run.fixture.id, r.run.candidate.name]);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const body = [...groups.values()].map((g) => {
    const first = g[0]!.run;
    const passed = g.filter((r) => r.run.passed).length;
    const failed = unique(g.flatMap((r) => r.failed));
    const designText = designs ? unique(g.map((r) => (r.design ? describeDesign(r.design) : "—"))).join("; ") : "";
    const links = g.map((r) => html`<a href="#run-${r.index + 1}">${r.run.trial === undefined ? `#${r.index + 1}` : `trial ${r.run.trial}`}</a> `);
    const n = judged(g).length;
    const rate = g.length > 1 && n > 0 ? ` · ${formatEstimate(wilson(passed, n))}` : "";
    return html`<tr><td>${first.fixture.id}</td><td>${first.candidate.name}</td><td>${passed === g.length ? badge("pass", `${passed}/${g.length} passed`) : badge("fail", `${passed}/${g.length} passed`)}${rate}</td><td>${unique(g.map((r) => r.run.result.outcome)).join(", ")}</td><td>${failed.join(", ") || "—"}</td>${designs ? html`<td>${designText}</td>` : ""}<td>${links}</td></tr>`;
  });
  return html`<h2>Fixture × candidate</h2><table class="matrix"><thead><tr><th>fixture</th><th>candidate</th><th>result</th><th>outcome</th><th>failed checks</th>${designs ? html`<th>design</th>` : ""}<th>runs</th></tr></thead><tbody>${body}</tbody></table>`;
}

const verdictTone = (v: Verdict): string => (v.status === "pass" ? "pass" : v.status === "fail" ? "fail" : "na");

const verdictTable = (verdicts: readonly Verdict[]): Html =>
  html`<table class="verdicts"><thead><tr><th>check</th><th>result</th><th>explanation</th></tr></thead><tbody>${verdicts.map((v) => html`<tr><td class="mono">${v.check}</td><td>${badge(verdictTone(v), v.status.toUpperCase())}</td><td class="wrap">${v.explanation}</td></tr>`)}</tbody></table>`;

const claimTable = (claims: readonly Claim[]): Html =>
  claims.length === 0
    ? html`<p class="note">No claims.</p>`
    : html`<table class="claims"><thead><tr><th>kind</th><th>value</th><th>unit</th><th>scenario</th><th>as of</th><th>calculator</th><th>evidence</th></tr></thead><tbody>${claims.map((c) => html`<tr><td>${c.kind}</td><td class="mono">${c.value}</td><td>${c.unit}</td><td>${c.scenario ?? "—"}</td><td>${c.as_of}</td><td class="mono">${c.calculator}</td><td class="mono">${c.evidence_id}</td></tr>`)}</tbody></table>`;

function households(run: ScoredRunExport): Html {
  const fates = householdFates(callFates(run));
  const list = (items: readonly string[], tone: (h: string) => string): Html | string => (items.length === 0 ? "none" : html`${items.map((h) => html`${badge(tone(h), h)} `)}`);
  const outside = new Set(fates.disclosedOutOfScope);
  return html`<dl class="facts"><dt>denied (attempted, nothing disclosed)</dt><dd>${list(fates.denied, () => "denied")}</dd><dt>disclosed (read successfully)</dt><dd>${list(fates.disclosed, (h) => (outside.has(h) ? "out-of-scope" : "disclosed"))}</dd>${
    outside.size > 0 ? html`<dt>outside the task</dt><dd class="fail">${[...outside].join(", ")} — read although the task does not need it</dd>` : ""
  }</dl>`;
}

function runSection(r: RunRow, open: boolean): Html {
  const { run } = r;
  const started = runStarted(run);
  const result = run.result;
  type Fact = [string, Html | string];
  const when = (shown: boolean, fact: Fact): Fact[] => (shown ? [fact] : []);
  const facts: Fact[] = [
    ["fixture", html`${run.fixture.id} <code>${run.fixture.content_hash}</code>`],
    ["candidate", `${run.candidate.name} (${run.candidate.kind})`],
    ...when(run.trial !== undefined, ["trial", String(run.trial)]),
    ["outcome", `${result.outcome}${result.reason === null ? "" : ` (${result.reason})`}, set by the ${result.set_by}`],
    ["policy code", result.policy_code ?? "none"],
    ...when(r.design !== null, ["design", r.design ? describeDesign(r.design) : ""]),
    ...when(started !== undefined, ["principal", started?.context.principal ?? ""]),
    ...when(result.forgery_attempts.length > 0, ["forgery attempts", result.forgery_attempts.join(", ")]),
    ["seal", run.integrity ? html`digest <code>${run.integrity.digest}</code>` : "this run carries no seal"],
    ["exported", `${run.exported_at} by ${run.runtime_version}`],
  ];
  // The link target sits inside the section's body, not on the <details>: following "#run-N" to an
  // element in a closed section opens it (HTML's ancestor-details revealing), with no script.
  return html`<details class="run"${open ? trusted(" open") : ""}><summary>${passBadge(run.passed)} ${runLabel(r)} — ${result.outcome}${r.failed.length > 0 ? ` — fails ${r.failed.join(", ")}` : ""}</summary><span class="anchor" id="run-${r.index + 1}"></span>
<dl class="facts">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<h3>Answer given to the user</h3><p class="message">${result.message || "(no message)"}</p>
<h3>Checks</h3>${verdictTable(run.verdicts)}
<h3>Households</h3>${households(run)}
<h3>Claims</h3>${claimTable(result.claims)}
<h3>Timeline</h3>${timelineTable(run.events, callFates(run))}
</details>`;
}

/** One self-contained HTML page for the runs of one export (a run, a suite or a JSONL suite). */
export function htmlReportOfRuns(runs: readonly ScoredRunExport[], options: HtmlReportOptions = {}): string {
  let page = "";
  for (const part of htmlReportParts(runs, options)) page += part;
  return page;
}

const ROWS_PER_EMPTY_PART = 250;

/**
 * The same page in parts, in order: empty parts while the runs are read (points to pause at), then
 * all before the runs (the summary and a suite's matrix), each run's section, then the end.
 * Joined they are the page; the workbench lets itself paint between them, as a 10,000-run report
 * is seconds of work.
 */
export function* htmlReportParts(runs: readonly ScoredRunExport[], options: HtmlReportOptions = {}): Generator<string> {
  const declared = options.declaredFailures;
  const rows: RunRow[] = [];
  for (const [index, run] of runs.entries()) {
    const failed = failedChecks(run.verdicts);
    rows.push({ run, index, failed, design: declared ? designOf(failed, declared(run.fixture.id, run.candidate.name), run.passed) : null });
    // An empty part: a point where a caller may pause while 10,000 runs are read.
    if ((index + 1) % ROWS_PER_EMPTY_PART === 0) yield "";
  }
  const designs = declared !== undefined;
  const first = runs[0];
  const title = runs.length === 1 && first ? `finbound report — ${first.fixture.id} / ${first.candidate.name}` : `finbound report — ${runs.length} runs`;
  const sub = [options.source === undefined ? "" : fileName(options.source), first ? `exported ${first.exported_at}` : "", first?.runtime_version].filter(Boolean).join(" · ");
  // A single run opens; in a suite, the runs that did not behave as intended open.
  const opens = (r: RunRow): boolean => runs.length === 1 || (r.design ? r.design.status === "regression" || (r.design.status === "undeclared" && !r.run.passed) : !r.run.passed);
  yield html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><meta name="generator" content="finbound"><title>${title}</title><style>${trusted(REPORT_CSS)}</style></head>
<body><main>
<header><h1>${title}</h1><p class="sub">${sub}</p>${sealBanner(options)}</header>
<section class="headline"><h2>Summary</h2>${headline(rows, designs)}${runs.length > 1 ? matrix(rows, designs) : ""}</section>
<section class="runs"><h2>${runs.length === 1 ? "The run" : "Runs"}</h2>${rows.length === 0 ? html`<p class="note">The file holds no runs.</p>` : ""}`.text;
  for (const r of rows) yield runSection(r, opens(r)).text;
  yield html`</section>
<footer>Written by finbound from the export's own records. Denied = the boundary refused the attempt and nothing was disclosed; disclosed = the read succeeded. This page is one file: no script, no font, no image, and no request leaves it.</footer>
</main></body></html>
`.text;
}
