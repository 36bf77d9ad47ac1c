import { describe, expect, it } from "vitest";
import { formatRuns } from "../../src/cli/report.ts";
import { evaluateScripted } from "../../src/evaluation/evaluate.ts";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { fixture } from "../support.ts";

const scored = async (fixtureId: string, candidate: string): Promise<ScoredRun> => {
  const run = await evaluateScripted(fixture(fixtureId), candidate, { includeDiagnostics: true });
  if (!run) throw new Error(`no ${candidate} on ${fixtureId}`);
  return run;
};

describe("a report written run by run", () => {
  it("is, byte for byte, the whole array printed at once: alike trials, other runs and runs without a trial alike", async () => {
    const a = await scored("fv-scenario-a", "reference");
    const b = await scored("injection-adviser-scope", "reads-in-scope-other");
    // Trials replayed once share every part but the trial; the last is alike to the first but not the same objects.
    const runs = [{ ...a, trial: 1 }, { ...a, trial: 2 }, b, { ...b, trial: 3 }, { ...b, trial: 4 }, { ...a, trial: 5 }, { ...structuredClone(a), trial: 6 }];
    const printed = (events: boolean) => runs.map(({ diagnostics: _d, events: e, ...run }) => (events ? { ...run, events: e } : run));
    for (const events of [true, false]) {
      // Key order as a run has it: events before unused_replies and trial.
      const whole = runs.map(({ diagnostics: _d, ...run }) => (events ? run : (({ events: _e, ...rest }) => rest)(run)));
      expect(formatRuns(runs, "json", { events })).toBe(`${JSON.stringify(whole, null, 2)}\n`);
      expect(formatRuns(runs, "jsonl", { events })).toBe(whole.map((r) => `${JSON.stringify(r)}\n`).join(""));
      expect(JSON.parse(formatRuns(runs, "json", { events }))).toEqual(printed(events).map((r) => JSON.parse(JSON.stringify(r))));
    }
    expect(formatRuns([], "json", { events: false })).toBe("[]\n");
  });

  it("tables every run in columns as wide as their widest cell, trial numbers of any width among alike trials", async () => {
    const a = await scored("fv-scenario-a", "reference");
    const b = await scored("injection-adviser-scope", "reads-in-scope-other");
    const runs = [{ ...a, trial: 1 }, { ...a, trial: 2 }, b, { ...b, trial: 1000 }, { ...a, trial: 5 }];
    const rows = [
      ["fixture", "candidate", "trial", "outcome", "reason", "result", "failed checks"],
      ...runs.map((r) => [r.fixture, r.candidate, r.trial === undefined ? "-" : String(r.trial), r.outcome, r === b || r.trial === 1000 ? "no_approved_content" : "-", r.passed ? "PASS" : "FAIL", r.passed ? "-" : "no_out_of_scope_disclosure"]),
    ];
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
    const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
    const lines = formatRuns(runs, "table").split("\n");
    expect(lines[0]).toBe(line(rows[0] ?? []));
    expect(lines[1]).toBe(line(widths.map((w) => "-".repeat(w))));
    expect(lines.slice(2, 2 + runs.length)).toEqual(rows.slice(1).map(line));
  });

  it("never prints the restricted diagnostics", async () => {
    const run = { ...(await scored("portfolio-unavailable", "reference")), trial: 1 };
    expect(run.diagnostics?.length).toBeGreaterThan(0);
    for (const format of ["json", "jsonl"] as const) expect(formatRuns([run, { ...run, trial: 2 }], format, { events: true })).not.toContain('"diagnostics"');
  });
});
