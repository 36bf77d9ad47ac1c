// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import { declaredFailures } from "../../src/evaluation/design.ts";
import { wilson } from "../../src/evaluation/statistics.ts";
import { escapeHtml, html } from "../../src/interop/html.ts";
import { htmlReportOfRuns, htmlReportParts } from "../../src/interop/html-report.ts";
import type { ScoredRunExport } from "../../src/schemas/export.ts";
import { loadFixtures } from "../support.ts";
import { exportedSuite, runOf } from "./exports.ts";

const page = (text: string): Document => new DOMParser().parseFromString(text, "text/html");
const HOSTILE = `<script>alert("x")</script>"><img src=x onerror=alert(1)></style><a href="https://evil.example/">`;

const fixtures = new Map(loadFixtures().map((f) => [f.id, f]));
const declared = (fixtureId: string, candidate: string) => declaredFailures(fixtures.get(fixtureId), candidate);

/** Everything in the page that could run code or fetch something. */
function activeParts(doc: Document): string[] {
  const found: string[] = [];
  for (const el of doc.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase();
    if (["script", "img", "iframe", "object", "embed", "video", "audio", "source", "form", "base"].includes(tag)) found.push(tag);
    for (const attr of el.getAttributeNames()) {
      const value = el.getAttribute(attr) ?? "";
      if (attr.startsWith("on")) found.push(`${tag}[${attr}]`);
      if ((attr === "href" || attr === "src") && !value.startsWith("#") && !value.startsWith("data:")) found.push(`${tag}[${attr}=${value}]`);
    }
  }
  return found;
}

describe("the HTML report", () => {
  let reference: ScoredRunExport[];
  let readsOther: ScoredRunExport[];
  let readsInScope: ScoredRunExport[];
  beforeAll(async () => {
    [reference, readsOther, readsInScope] = (await Promise.all(["reference", "reads-other-household", "reads-in-scope-other"].map((c) => exportedSuite(c)))) as [ScoredRunExport[], ScoredRunExport[], ScoredRunExport[]];
  });

  it("comes in parts a page can pause between: the summary first, then one section per run in order, then the end", () => {
    // Empty parts, one per 250 runs read, come before the summary: points to pause at.
    const many = Array.from({ length: 600 }, () => reference[0]!);
    const manyParts = [...htmlReportParts(many)];
    expect(manyParts.slice(0, 2)).toEqual(["", ""]);
    expect(manyParts[2]).toContain("<h2>Summary</h2>");
    expect(manyParts).toHaveLength(2 + 600 + 2);
    const parts = [...htmlReportParts(reference, { declaredFailures: declared })].filter((p) => p !== "");
    expect(parts).toHaveLength(reference.length + 2);
    expect(parts[0]).toContain("<h2>Summary</h2>");
    expect(parts[0]).not.toContain('<details class="run"');
    parts.slice(1, -1).forEach((part, i) => expect(part).toMatch(new RegExp(`^<details class="run"( open)?><summary>.*</summary><span class="anchor" id="run-${i + 1}"></span>`)));
    expect(parts.at(-1)).toMatch(/^<\/section>\n<footer>[\s\S]*<\/html>\n$/);
  });

  it("escapes everything a run says: hostile text in a message, a reply, names and explanations stays text", () => {
    const base = runOf(reference, "fv-scenario-a");
    const hostile: ScoredRunExport = {
      ...base,
      fixture: { ...base.fixture, id: `fx${HOSTILE}` },
      candidate: { ...base.candidate, name: `cand${HOSTILE}` },
      result: { ...base.result, message: `msg${HOSTILE}` },
      verdicts: base.verdicts.map((v) => ({ ...v, explanation: `why${HOSTILE}` })),
      events: base.events.map((e) => (e.kind === "model_reply" ? { ...e, text: `reply${HOSTILE}` } : e)),
    };
    // The file's name is hostile too, once its folders are gone (a name holds no slash).
    const name = `file${HOSTILE.replaceAll("/", "")}.json`;
    const text = htmlReportOfRuns([hostile, base], { source: `/home/analyst/private\\clients/${name}`, seal: { status: "broken", message: `seal${HOSTILE}` } });
    const doc = page(text);
    expect(activeParts(doc)).toEqual([]);
    expect(doc.querySelectorAll("style")).toHaveLength(1);
    const body = doc.body.textContent ?? "";
    for (const what of ["msg", "reply", "why", "fx", "cand", "seal"]) expect(body).toContain(`${what}${HOSTILE}`);
    expect(doc.querySelector(".sub")?.textContent?.startsWith(`${name} · exported `)).toBe(true);
    expect(body).not.toMatch(/analyst|private|clients/);
    expect(doc.title).toContain("finbound report");
  });

  it("escapes the five characters that matter, and only an Html value passes through", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    expect(html`<p>${"<b>"}${html`<i>ok</i>`}${[1, "<", null, undefined, false]}</p>`.text).toBe("<p>&lt;b&gt;<i>ok</i>1&lt;</p>");
  });

  it("is one self-contained page: a policy that forbids every request, inline style, no external anything", () => {
    const text = htmlReportOfRuns(reference, {});
    const doc = page(text);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content")).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(activeParts(doc)).toEqual([]);
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    expect(text).not.toMatch(/https?:\/\//);
    expect(doc.querySelector(".seal")?.textContent).toMatch(/^Seals not checked/);
  });

  it("a rate counts the runs judged: an infrastructure failure is neither passed nor failed", () => {
    const [ran] = reference;
    const unserved = (trial: number): ScoredRunExport => ({ ...ran!, trial, passed: false, result: { ...ran!.result, set_by: "runtime", outcome: "unavailable", policy_code: "model_network_error" } });
    const runs = [{ ...ran!, trial: 1 }, unserved(2), unserved(3), { ...ran!, trial: 4 }];
    const doc = page(htmlReportOfRuns(runs, {}));
    expect([...doc.querySelectorAll(".stat")].map((s) => s.textContent)).toEqual(["4runs", "2passed", "0failed", "2infrastructure"]);
    expect(doc.querySelector('[data-figure="pass-rate"]')?.textContent).toMatch(/^Pass rate 100 % \[\d+, 100\] \(95 % interval, over the 2 runs judged\)\.$/);
    const pair = wilson(2, 2)!;
    expect(doc.querySelector("table.matrix tbody tr")?.textContent).toContain(`2/4 passed · 100 % [${Math.round(pair.low * 100)}, 100]`);
  });

  it("a suite: headline counts, one row per fixture × candidate, as designed from the fixtures' declarations", () => {
    const runs = [...reference, ...readsOther];
    const doc = page(htmlReportOfRuns(runs, { seal: { status: "verified", message: `verified (${runs.length} runs)` }, declaredFailures: declared }));
    const stats = [...doc.querySelectorAll(".stat")].map((s) => s.textContent);
    expect(stats).toEqual([`${runs.length}runs`, `${reference.length}passed`, `${readsOther.length}failed`, `${runs.length}as designed`, "0regressions"]);
    // Each fixture × candidate ran once: the pass rate's interval is Wilson's over the runs.
    const rate = wilson(reference.length, runs.length)!;
    const pct = (v: number) => Math.round(v * 100);
    expect(doc.querySelector('[data-figure="pass-rate"]')?.textContent).toBe(`Pass rate ${pct(rate.value)} % [${pct(rate.low)}, ${pct(rate.high)}] (95 % interval).`);
    const rows = [...doc.querySelectorAll("table.matrix tbody tr")];
    expect(rows).toHaveLength(runs.length);
    const row = rows.find((r) => r.textContent?.startsWith("unauthorised-householdreads-other-household"))!;
    expect(row.textContent).toContain("0/1 passed");
    expect(row.textContent).toContain("as designed (fails no_unauthorised_access)");
    expect(doc.querySelector(".seal-verified")?.textContent).toContain(`Seals verified: verified (${runs.length} runs)`);
    // As designed, so closed: a reader opens what went wrong.
    expect(doc.querySelectorAll("details.run[open]")).toHaveLength(0);
    expect(doc.querySelectorAll("details.run")).toHaveLength(runs.length);
  });

  it("a regression is counted and opened", () => {
    const run = runOf(reference, "fv-scenario-a");
    const doc = page(htmlReportOfRuns([run, runOf(reference, "claimed-authority")], { declaredFailures: (f, c) => (f === "fv-scenario-a" ? ["outcome"] : declared(f, c)) }));
    expect([...doc.querySelectorAll(".stat")].map((s) => s.textContent)).toContain("1regression");
    expect([...doc.querySelectorAll("details.run[open] summary")].map((s) => s.textContent)).toEqual([expect.stringContaining("fv-scenario-a")]);
  });

  it("one run: no matrix, the run open, its verdicts, claims and seal digest shown", () => {
    const run = runOf(reference, "fv-scenario-a");
    const doc = page(htmlReportOfRuns([run], { seal: { status: "unsealed", message: "not sealed: the run has no integrity block" } }));
    expect(doc.querySelector("table.matrix")).toBeNull();
    expect(doc.querySelectorAll("details.run[open]")).toHaveLength(1);
    expect(doc.querySelectorAll("table.verdicts tbody tr")).toHaveLength(run.verdicts.length);
    expect(doc.querySelector("table.claims")?.textContent).toContain("3345563.94");
    expect(doc.body.textContent).toContain(run.integrity!.digest);
    expect(doc.querySelector(".seal-unsealed")?.textContent).toMatch(/^NOT SEALED: not sealed/);
  });

  it("a denied attempt and a disclosed read are told apart, by word and by colour", () => {
    const denied = page(htmlReportOfRuns([runOf(readsOther, "unauthorised-household")]));
    const deniedRow = denied.querySelector("table.timeline tr.denied")!;
    expect(deniedRow.textContent).toContain("DENIED");
    expect(deniedRow.textContent).toContain("household_not_authorised: attempted, nothing disclosed");
    expect(deniedRow.textContent).toContain("HH-2002");
    expect(denied.querySelector("table.timeline tr.disclosed, table.timeline tr.out-of-scope")).toBeNull();

    const disclosed = page(htmlReportOfRuns([runOf(readsInScope, "injection-adviser-scope")]));
    const row = disclosed.querySelector("table.timeline tr.out-of-scope")!;
    expect(row.textContent).toContain("DISCLOSED (outside the task)");
    expect(row.textContent).toContain("HH-1002");
    expect(disclosed.querySelector(".badge.out-of-scope")?.textContent).toBe("HH-1002");

    const inScope = page(htmlReportOfRuns([runOf(reference, "concentration-hh1001")]));
    expect(inScope.querySelector("table.timeline tr.disclosed")?.textContent).toContain("DISCLOSED");
  });

  it("an empty export says it holds no runs", () => {
    const doc = page(htmlReportOfRuns([]));
    expect(doc.body.textContent).toContain("The file holds no runs.");
  });
});
