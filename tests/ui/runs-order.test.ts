import { describe, expect, it } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import type { RunDesign } from "../../src/state/suite/suite-design.ts";
import type { TableRun } from "../../src/ui/suite/runs-items.ts";
import { DESIGN_COLUMN, tableOrder, RUN_COLUMN, runLabel, runLabelLength } from "../../src/ui/suite/runs-order.ts";

const design = (status: RunDesign["status"]): RunDesign => ({ status, ok: status === "as_designed" || status === "passed", text: status });

/** A run with only what the matrix reads: its names, trial and verdicts' statuses. */
function run(index: number, fixture: string, candidate: string, status: RunDesign["status"], verdicts: Record<string, "pass" | "fail" | "n/a"> = {}, trial?: number): TableRun {
  const r = { fixture, candidate, ...(trial === undefined ? {} : { trial }), verdicts: Object.entries(verdicts).map(([check, s]) => ({ check, status: s })) } as unknown as ScoredRun;
  return { run: r, index, design: design(status) };
}

const all = { text: "", show: "all" } as const;
const ids = (rs: readonly TableRun[]): number[] => rs.map((r) => r.index);

const runs = [
  run(0, "fv", "reference", "as_designed", { outcome: "pass", leak: "pass" }),
  run(1, "fv", "leaky", "regression", { outcome: "pass", leak: "fail" }),
  run(2, "cc", "reference", "passed", { outcome: "fail" }),
  run(3, "cc", "leaky", "failed", { outcome: "pass", leak: "n/a" }),
  run(4, "fv", "reference", "regression", { outcome: "fail", leak: "pass" }, 10),
  run(5, "fv", "reference", "as_designed", { outcome: "pass", leak: "pass" }, 2),
];

describe("tableOrder", () => {
  it("keeps the suite's order with no sort", () => {
    expect(ids(tableOrder(runs, [], all))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("by design: regressions, then failures, then the rest; ties in the suite's order, reversed only in rank when descending", () => {
    expect(ids(tableOrder(runs, [{ id: DESIGN_COLUMN, desc: false }], all))).toEqual([1, 4, 3, 0, 2, 5]);
    expect(ids(tableOrder(runs, [{ id: DESIGN_COLUMN, desc: true }], all))).toEqual([0, 2, 5, 3, 1, 4]);
  });

  it("by a check: failures first, a run without that verdict last", () => {
    expect(ids(tableOrder(runs, [{ id: "leak", desc: false }], all))).toEqual([1, 0, 4, 5, 3, 2]);
  });

  it("by run: names in natural order (#2 before #10), case aside", () => {
    const named = [run(0, "fv", "Ref", "passed", {}, 10), run(1, "fv", "ref", "passed", {}, 2), run(2, "cc", "ref", "passed")];
    expect(ids(tableOrder(named, [{ id: RUN_COLUMN, desc: false }], all))).toEqual([2, 1, 0]);
  });

  it("sorts by a second column among ties of the first", () => {
    expect(ids(tableOrder(runs, [{ id: "outcome", desc: false }, { id: DESIGN_COLUMN, desc: false }], all))).toEqual([4, 2, 1, 3, 0, 5]);
  });

  it("filters by design and by words of the run's name in any case", () => {
    expect(ids(tableOrder(runs, [], { text: "", show: "regression" }))).toEqual([1, 4]);
    expect(ids(tableOrder(runs, [], { text: "", show: "ok" }))).toEqual([0, 2, 5]);
    expect(ids(tableOrder(runs, [], { text: "", show: "not_ok" }))).toEqual([1, 3, 4]);
    expect(ids(tableOrder(runs, [], { text: "CC / LEA", show: "all" }))).toEqual([3]);
    expect(ids(tableOrder(runs, [], { text: "#1", show: "all" }))).toEqual([4]);
  });
});

describe("runLabelLength", () => {
  it("is the length of the run's label, with and without a trial, for any names", () => {
    for (const [fixture, candidate, trial] of [["fv", "reference", undefined], ["claimed-authority", "forges-trace", 1], ["fv", "", 12], ["τ-bench ₹", "a / b", 100000]] as const) {
      const r = run(0, fixture, candidate, "passed", {}, trial).run;
      expect(runLabelLength(r)).toBe(runLabel(r).length);
    }
  });
});
