import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScoredRun } from "../../src/schemas/scored-run.ts";
import { suiteSummary } from "../../src/state/suite/suite-summary.ts";
import { runLabelLength } from "../../src/ui/suite/runs-order.ts";
import { RunsTable } from "../../src/ui/suite/RunsTable.tsx";
import { makeStore } from "../state/test-deps.ts";
import { loadFixtures } from "../support.ts";

// Each check cell draws one StatusBadge: counting them counts the rows drawn.
const drawn = vi.hoisted(() => ({ badges: 0 }));
vi.mock("../../src/ui/shared/badges.tsx", async (original) => {
  const badges = await original<typeof import("../../src/ui/shared/badges.tsx")>();
  return {
    ...badges,
    StatusBadge: (props: Parameters<typeof badges.StatusBadge>[0]) => {
      drawn.badges++;
      return badges.StatusBadge(props);
    },
  };
});

let runs: ScoredRun[] = [];

beforeAll(async () => {
  const store = makeStore();
  await store.getState().runSuite("injection-adviser-scope");
  const one = store.getState().suite.runs;
  // More runs than ALL_ROWS_UP_TO, so the matrix renders only the rows near its viewport.
  runs = Array.from({ length: Math.ceil(400 / one.length) }, (_, trial) => one.map((r) => ({ ...r, trial: trial + 1 }))).flat();
});

afterEach(cleanup);

/** A frame and the task after it: what a step of the matrix waits for. */
const painted = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
const spacerHeights = (matrix: HTMLElement) => [...matrix.querySelectorAll<HTMLElement>('tbody tr[aria-hidden="true"]')].map((r) => r.style.height);
const shownRows = (matrix: HTMLElement) => [...matrix.querySelectorAll<HTMLElement>("tbody tr[data-run]")];

describe("RunsTable, virtualized", () => {
  it("scrolling draws only the rows that come into view; the rows already shown are not drawn again", async () => {
    const summary = suiteSummary(runs, loadFixtures(), runLabelLength);
    const { getByTestId } = render(<RunsTable runs={runs} designs={summary.design.runs} checks={summary.checks} longestLabel={summary.longestLabel} onOpen={() => {}} />);
    const matrix = getByTestId("suite-matrix");
    expect(matrix.dataset.virtualized).toBe("true");
    // The rows come in steps, each after a paint: the first eight, the rest of those in view, the rows beyond it.
    expect(shownRows(matrix)).toHaveLength(8);
    // The rows not drawn yet keep their place: the spacer below holds every other row's height (27 px each).
    expect(spacerHeights(matrix)).toEqual([`${(runs.length - 8) * 27}px`]);
    await painted();
    const inView = shownRows(matrix).length;
    expect(inView).toBeGreaterThan(8);
    await painted();
    const before = shownRows(matrix).map((r) => r.dataset.index);
    expect(before.length).toBeGreaterThan(inView);
    expect(before.length).toBeLessThan(runs.length);

    drawn.badges = 0;
    // Five rows down (27 px each): five rows come into view, as many leave.
    Object.defineProperty(matrix, "scrollTop", { configurable: true, value: 5 * 27 });
    await act(async () => {
      fireEvent.scroll(matrix);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const after = shownRows(matrix).map((r) => r.dataset.index);
    const entered = after.filter((i) => !before.includes(i));
    expect(entered.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    // A badge per check cell of each new row (a run with no verdict for a check has none), none for the rows kept.
    expect(drawn.badges).toBeGreaterThan(0);
    expect(drawn.badges).toBeLessThanOrEqual(entered.length * (summary.checks.length + 1));
  });
});
