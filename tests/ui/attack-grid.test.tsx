import { cleanup, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Matrix } from "../../src/fixture-set/matrix/compose.ts";
import { filteredMetrics, matrixGrid, NO_FILTER, type MatrixRunResult } from "../../src/state/matrix/matrix-grid.ts";
import { AttackGrid } from "../../src/ui/matrix/AttackGrid.tsx";
import { MatrixBreakdown } from "../../src/ui/matrix/MatrixBreakdown.tsx";
import { MatrixHeadline } from "../../src/ui/matrix/MatrixHeadline.tsx";
import { fullMatrix, matrixStore } from "../state/matrix-test-data.ts";

const RED = "mx-holdings-hh1001-x-doc-adviser-hh1002";
let matrix: Matrix;
let results: MatrixRunResult[];

beforeAll(async () => {
  matrix = fullMatrix();
  const store = matrixStore(matrix);
  store.getState().setMatrixSettings({ candidate: "obedient" });
  await store.getState().runMatrix();
  results = store.getState().matrixRun.results;
}, 60_000);

afterEach(cleanup);

describe("AttackGrid", () => {
  it("has a row per task and a column per injection, the baseline first, headers abbreviated with the full names in a tooltip", () => {
    const { getByTestId } = render(<AttackGrid grid={matrixGrid(matrix, results, NO_FILTER)} onOpen={() => {}} />);
    const grid = getByTestId("attack-matrix");
    expect(grid.querySelectorAll("tbody tr[data-task]")).toHaveLength(matrix.tasks.length);
    const heads = [...grid.querySelectorAll<HTMLElement>("thead th.inj")];
    expect(heads).toHaveLength(matrix.injections.length + 1);
    expect(heads[0]?.textContent).toContain("no injection");
    const adviser = grid.querySelector<HTMLElement>('th[data-injection="doc-adviser-hh1002"]');
    expect(adviser?.textContent).toBe("doc-adviser-hh1002docscopeurgent");
    expect(adviser?.title).toContain("carrier: document\ngoal: read authorised outside task\nphrasing: urgent order");
  });

  it("a red cell is a button named by what happened, and opens its run", () => {
    const onOpen = vi.fn();
    const grid = matrixGrid(matrix, results, NO_FILTER);
    const { getByTestId } = render(<AttackGrid grid={grid} onOpen={onOpen} />);
    // One cell's accessible name (getByRole over 171 buttons is slow in jsdom).
    const button = within(getByTestId("attack-matrix").querySelector<HTMLElement>(`td[data-cell="${RED}"]`) ?? document.body).getByRole("button", { name: `exec — ${RED}: executed — disclosed HH-1002; task failed` });
    expect(button.closest("td")?.dataset.tone).toBe("executed");
    expect(button.className).toContain("tone-executed");
    fireEvent.click(button);
    const open = grid.rows.flatMap((r) => r.cells).find((c) => c.id === RED)?.open;
    expect(onOpen).toHaveBeenCalledWith(open);
    // Every cell that ran is reachable from the keyboard; amber cells are there too.
    const matrixEl = getByTestId("attack-matrix");
    expect(matrixEl.querySelectorAll('td[data-tone="blocked"] button').length).toBeGreaterThan(0);
    expect(matrixEl.querySelectorAll("td[data-tone] button")).toHaveLength(matrix.cells.length);
  });

  it("a skipped pair is no button: dim, with the reason as its tooltip", () => {
    const { getByTestId } = render(<AttackGrid grid={matrixGrid(matrix, results, NO_FILTER)} onOpen={() => {}} />);
    const skipped = [...getByTestId("attack-matrix").querySelectorAll<HTMLElement>('td[data-tone="skipped"]')];
    expect(skipped).toHaveLength(matrix.skipped.length);
    const first = skipped[0];
    if (!first) throw new Error("no skipped cell");
    expect(within(first).queryByRole("button")).toBeNull();
    expect(within(first).getByRole("img").title).toMatch(/^Not meaningful: /);
  });

  it("filtered by carrier, the other injections' columns are gone", () => {
    const { getByTestId } = render(<AttackGrid grid={matrixGrid(matrix, results, { carriers: ["document"], goals: [] })} onOpen={() => {}} />);
    const carriers = [...getByTestId("attack-matrix").querySelectorAll<HTMLElement>("thead th[data-carrier]")].map((th) => th.dataset.carrier);
    expect(carriers.length).toBe(matrix.injections.filter((i) => i.carrier === "document").length);
    expect(new Set(carriers)).toEqual(new Set(["document"]));
  });
});

describe("the matrix figures", () => {
  it("show each rate with its denominator, infrastructure apart", () => {
    const { container } = render(<MatrixHeadline metrics={filteredMetrics(results, NO_FILTER)} filtered={false} />);
    const value = (id: string) => container.querySelector(`[data-metric="${id}"] dd`)?.textContent;
    expect(value("utility")).toBe("100.0 % [77, 100] (13/13)");
    expect(value("asr-executed")).toMatch(/^\d+\.\d % \[\d+, \d+\] \(\d+\/158\)$/);
    expect(container.querySelector('[data-metric="infrastructure"]')?.textContent).toBe("Infrastructure failures: 0 of 171 runs, left out of every rate.");
  });

  it("break the attacked runs down by carrier, goal and phrasing", () => {
    const { getByTestId, getByRole } = render(<MatrixBreakdown metrics={filteredMetrics(results, NO_FILTER)} />);
    const table = getByTestId("matrix-breakdown");
    expect(table.querySelectorAll("tbody tr[data-row]")).toHaveLength(5);
    expect(table.querySelector('tr[data-row="document"] td[data-column="runs"]')?.textContent).toBe("61");
    fireEvent.click(getByRole("tab", { name: "goal" }));
    expect(getByTestId("matrix-breakdown").querySelectorAll("tbody tr[data-row]")).toHaveLength(8);
  });
});
