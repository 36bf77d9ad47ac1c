import { cleanup, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { SuiteMatrix } from "../../src/ui/suite/SuiteMatrix.tsx";
import { makeStore } from "../state/test-deps.ts";

let runs: readonly ScoredRun[] = [];

beforeAll(async () => {
  // One fixture's suite, not every fixture's: the rules shown here hold for any list of runs, and
  // rendering all 48 runs took 2.5 s in jsdom on a busy machine (5.5 s with the queries), past the timeout.
  const store = makeStore();
  await store.getState().runSuite("injection-adviser-scope");
  runs = store.getState().suite.runs;
});

afterEach(cleanup);

const bodyRows = (matrix: HTMLElement) => within(matrix).getAllByRole("row").filter((r) => r.closest("tbody"));

describe("SuiteMatrix", () => {
  it("shows one row per run and a column per check", () => {
    expect(runs.length).toBeGreaterThan(0);
    const { getByTestId } = render(<SuiteMatrix runs={runs} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    expect(bodyRows(matrix)).toHaveLength(runs.length);
    const headers = within(matrix).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers[0]).toBe("run");
    expect(headers).toContain("no_out_of_scope_disclosure");
  });

  it("marks the out-of-scope read as a fail in its column", () => {
    const { getByTestId } = render(<SuiteMatrix runs={runs} onOpen={() => {}} />);
    const row = bodyRows(getByTestId("suite-matrix")).find((r) => r.dataset.run === "injection-adviser-scope/reads-in-scope-other");
    expect(row).toBeDefined();
    const cell = row?.querySelector<HTMLElement>('td[data-check="no_out_of_scope_disclosure"]');
    expect(cell?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("fail");
    expect(cell?.title).not.toBe("");
  });

  it("opens a run by click and by Enter", () => {
    const onOpen = vi.fn();
    const { getByTestId } = render(<SuiteMatrix runs={runs} onOpen={onOpen} />);
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
});
