import { cleanup, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import type { RunDesign } from "../../src/state/suite/suite-design.ts";
import { suiteSummary } from "../../src/state/suite/suite-summary.ts";
import { runLabelLength, withFilter } from "../../src/ui/suite/runs-order.ts";
import { checkLabel } from "../../src/ui/suite/check-label.ts";
import { RunsTable } from "../../src/ui/suite/RunsTable.tsx";
import { makeStore } from "../state/test-deps.ts";
import { loadFixtures } from "../support.ts";

let runs: readonly ScoredRun[] = [];
let designs: readonly RunDesign[] = [];

beforeAll(async () => {
  // One fixture's suite, not every fixture's: the rules shown here hold for any list of runs, and
  // rendering all 48 runs took 2.5 s in jsdom on a busy machine (5.5 s with the queries), past the timeout.
  const store = makeStore();
  await store.getState().runSuite("injection-adviser-scope");
  runs = store.getState().suite.runs;
  designs = suiteSummary(runs, loadFixtures(), runLabelLength).design.runs;
});

afterEach(cleanup);

/** The columns and the run column's width, as the suite view works them out. */
const figuresOf = (shown: readonly ScoredRun[]) => {
  const summary = suiteSummary(shown, loadFixtures(), runLabelLength);
  return { checks: summary.checks, longestLabel: summary.longestLabel };
};

const bodyRows = (matrix: HTMLElement) => within(matrix).getAllByRole("row").filter((r) => r.closest("tbody") && r.dataset.run);
const runNames = (matrix: HTMLElement) => bodyRows(matrix).map((r) => `${r.dataset.run ?? ""}${r.dataset.trial ? ` #${r.dataset.trial}` : ""}`);

/** The same suite with one faulty candidate renamed "reference": a reference that fails is a regression. */
function withRegression(): { runs: ScoredRun[]; designs: RunDesign[] } {
  const changed = runs.map((r) => (r.candidate === "reads-in-scope-other" ? { ...r, candidate: "reference", trial: 2 } : r));
  return { runs: changed, designs: suiteSummary(changed, loadFixtures(), runLabelLength).design.runs };
}

describe("RunsTable", () => {
  it("shows one row per run and a column per check, headed in words with the check id as its title", () => {
    expect(runs.length).toBeGreaterThan(0);
    const { getByTestId } = render(<RunsTable {...figuresOf(runs)} runs={runs} designs={designs} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    expect(bodyRows(matrix)).toHaveLength(runs.length);
    const headers = within(matrix).getAllByRole("columnheader");
    // The suite opens sorted by design (regressions first): that heading carries the sort mark.
    expect(headers.map((h) => h.textContent)).toEqual(expect.arrayContaining(["run", "design ▲", "no out of scope disclosure"]));
    const head = headers.find((h) => h.dataset.column === "no_out_of_scope_disclosure");
    expect(head?.querySelector("button")?.title).toMatch(/^no_out_of_scope_disclosure/);
  });

  it("check headings are words that wrap: snake_case and claim fields spelled out", () => {
    expect(checkLabel("no_out_of_scope_disclosure")).toBe("no out of scope disclosure");
    expect(checkLabel("claim[0].as_of")).toBe("claim 0 as of");
    expect(checkLabel("claims.count")).toBe("claims count");
  });

  it("marks the out-of-scope read as a fail in its column, and as designed", () => {
    const { getByTestId } = render(<RunsTable {...figuresOf(runs)} runs={runs} designs={designs} onOpen={() => {}} />);
    const row = bodyRows(getByTestId("suite-matrix")).find((r) => r.dataset.run === "injection-adviser-scope/reads-in-scope-other");
    expect(row).toBeDefined();
    const cell = row?.querySelector<HTMLElement>('td[data-check="no_out_of_scope_disclosure"]');
    expect(cell?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("fail");
    expect(cell?.title).not.toBe("");
    expect(row?.dataset.design).toBe("as_designed");
  });

  it("opens a run by click and by Enter", () => {
    const onOpen = vi.fn();
    const { getByTestId } = render(<RunsTable {...figuresOf(runs)} runs={runs} designs={designs} onOpen={onOpen} />);
    const rows = bodyRows(getByTestId("suite-matrix"));
    const index = Math.min(2, rows.length - 1);
    const row = rows[index];
    if (!row) throw new Error("no row");
    fireEvent.click(row);
    expect(onOpen).toHaveBeenLastCalledWith(index);
    fireEvent.keyDown(row, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(index);
  });

  it("a regression is listed first and marked, and a click opens it by its place in the suite", () => {
    const suite = withRegression();
    const onOpen = vi.fn();
    const { getByTestId } = render(<RunsTable {...figuresOf(suite.runs)} runs={suite.runs} designs={suite.designs} onOpen={onOpen} />);
    const [first] = bodyRows(getByTestId("suite-matrix"));
    expect(first?.dataset).toMatchObject({ run: "injection-adviser-scope/reference", trial: "2", design: "regression" });
    expect(first?.querySelector("[data-design=regression]")?.getAttribute("title")).toBe("regression: also fails no_out_of_scope_disclosure");
    if (first) fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith(suite.runs.findIndex((r) => r.trial === 2));
  });

  it("filters by design and by name", () => {
    const suite = withRegression();
    const { getByTestId, getByLabelText } = render(<RunsTable {...figuresOf(suite.runs)} runs={suite.runs} designs={suite.designs} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    fireEvent.change(getByLabelText("Show"), { target: { value: "regression" } });
    expect(runNames(matrix)).toEqual(["injection-adviser-scope/reference #2"]);
    expect(getByTestId("matrix-shown").textContent).toMatch(new RegExp(`^1 of ${suite.runs.length} runs`));
    fireEvent.change(getByLabelText("Show"), { target: { value: "ok" } });
    expect(bodyRows(matrix)).toHaveLength(suite.runs.length - 1);
    fireEvent.change(getByLabelText("Show"), { target: { value: "all" } });
    fireEvent.change(getByLabelText("Filter runs"), { target: { value: "HOUSEHOLD" } });
    expect(runNames(matrix)).toEqual(["injection-adviser-scope/reads-other-household"]);
    // Both filters hold at once: setting one keeps the other.
    fireEvent.change(getByLabelText("Filter runs"), { target: { value: "reference" } });
    fireEvent.change(getByLabelText("Show"), { target: { value: "regression" } });
    expect(runNames(matrix)).toEqual(["injection-adviser-scope/reference #2"]);
    fireEvent.change(getByLabelText("Filter runs"), { target: { value: "HOUSEHOLD" } });
    expect(runNames(matrix)).toEqual([]);
    expect((getByLabelText("Show") as HTMLSelectElement).value).toBe("regression");
  });

  it("sorts by a check with failures first, and back to the suite's order", () => {
    const { getByTestId } = render(<RunsTable {...figuresOf(runs)} runs={runs} designs={designs} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    const head = within(matrix).getAllByRole("columnheader").find((h) => h.dataset.column === "no_out_of_scope_disclosure");
    const button = head?.querySelector("button");
    if (!head || !button) throw new Error("no heading");
    fireEvent.click(button);
    expect(head.getAttribute("aria-sort")).toBe("ascending");
    expect(runNames(matrix)[0]).toBe("injection-adviser-scope/reads-in-scope-other");
    fireEvent.click(button);
    fireEvent.click(button);
    expect(head.getAttribute("aria-sort")).toBeNull();
    expect(runNames(matrix)).toEqual(runs.map((r) => `${r.fixture}/${r.candidate}`));
  });

  it("groups by candidate under headings with counts; a heading folds its group", () => {
    const suite = withRegression();
    const { getByTestId, getByLabelText } = render(<RunsTable {...figuresOf(suite.runs)} runs={suite.runs} designs={suite.designs} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    fireEvent.change(getByLabelText("Group by"), { target: { value: "candidate" } });
    const groups = [...matrix.querySelectorAll<HTMLElement>("tr[data-group]")];
    expect(groups.map((g) => g.dataset.group)).toEqual([...new Set(["reference", ...suite.runs.map((r) => r.candidate)])]);
    const reference = groups[0];
    expect(reference?.textContent).toContain("2 runs, 1 as designed");
    expect(reference?.textContent).toContain("1 regression");
    const fold = reference?.querySelector("button");
    if (fold) fireEvent.click(fold);
    expect(fold?.getAttribute("aria-expanded")).toBe("false");
    expect(runNames(matrix).some((n) => n.endsWith("/reference") || n.endsWith("/reference #2"))).toBe(false);
    expect(bodyRows(matrix)).toHaveLength(suite.runs.length - 2);
  });
});

describe("withFilter", () => {
  const filters = [
    { id: "run", value: "fv" },
    { id: "design", value: "regression" },
  ];
  it("adds a column's value, replaces it in its place, and removes it when undefined, leaving the others", () => {
    expect(withFilter([], "run", "fv")).toEqual([{ id: "run", value: "fv" }]);
    expect(withFilter(filters, "run", "hh")).toEqual([
      { id: "run", value: "hh" },
      { id: "design", value: "regression" },
    ]);
    expect(withFilter(filters, "run", undefined)).toEqual([{ id: "design", value: "regression" }]);
    expect(withFilter(filters, "other", undefined)).toEqual(filters);
  });
});
