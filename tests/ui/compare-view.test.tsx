import { cleanup, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { compareRunOptions } from "../../src/state/compare/compare-slice.ts";
import { RunDiff } from "../../src/ui/compare/RunDiff.tsx";
import { SuiteDiff } from "../../src/ui/compare/SuiteDiff.tsx";
import { makeStore } from "../state/test-deps.ts";

const FIXTURE = "injection-adviser-scope";
const scrolled: Element[] = [];

beforeAll(() => {
  // jsdom lays nothing out: record which element was asked to scroll into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

afterEach(() => {
  cleanup();
  scrolled.length = 0;
});

/** A store comparing the reference with `b`, both from the suite of the fixture. */
async function comparing(b: string) {
  const store = makeStore();
  await store.getState().runSuite(FIXTURE);
  const s = store.getState();
  s.setCompareFixture(FIXTURE);
  const id = (candidate: string) => compareRunOptions(s, FIXTURE).find((o) => o.label.startsWith(`suite — ${candidate} `))?.id ?? "";
  await store.getState().pickForCompare("a", id("reference"));
  await store.getState().pickForCompare("b", id(b));
  return store;
}

describe("RunDiff", () => {
  it("aligns the runs by step, marks the steps and lines that differ, and scrolls the first difference into view", async () => {
    const { compare } = (await comparing("reads-in-scope-other")).getState();
    const { getByTestId } = render(<RunDiff a={compare.runs.a} b={compare.runs.b} result={compare.runs.result} />);
    const table = getByTestId("compare-steps");
    const first = table.querySelector<HTMLElement>("tr[data-first-difference]");
    expect(first?.dataset).toMatchObject({ step: "1", same: "false" });
    expect(scrolled).toEqual([first]);
    const disclosed = first?.querySelector(".step-line.disclosed");
    expect(disclosed?.textContent).toBe("DISCLOSED ev-1 portfolio.read HH-1002");
    expect(disclosed?.closest("td")).toBe(first?.querySelectorAll("td")[1]);
    expect(disclosed?.hasAttribute("data-changed")).toBe(true);
    expect(getByTestId("first-difference").textContent).toContain("The runs part at step 1.");
    const changes = within(getByTestId("verdict-changes")).getAllByRole("listitem");
    expect(changes.map((li) => li.dataset.check)).toEqual(["no_out_of_scope_disclosure"]);
    expect(getByTestId("compare-head-b").textContent).toContain("as designed (fails no_out_of_scope_disclosure)");
  });

  it("asks for two runs until both are chosen", () => {
    const { container } = render(<RunDiff a={null} b={null} result={null} />);
    expect(container.textContent).toMatch(/^Choose two runs/);
  });
});

describe("SuiteDiff", () => {
  it("counts the changes, lists regressions first, and a row opens its two runs step by step", async () => {
    const store = makeStore();
    await store.getState().runSuite(FIXTURE);
    const runs = store.getState().suite.runs;
    store.getState().setCompareMode("suites");
    await store.getState().pickForCompare("a", "suite");
    // After: the reference fails the way the faulty candidate does; one candidate is gone.
    const failing = runs.find((r) => r.candidate === "reads-in-scope-other");
    if (!failing) throw new Error("no run");
    store.getState().loadSuite([...runs.filter((r) => r.candidate !== "reference" && r.candidate !== "reads-other-household"), { ...failing, candidate: "reference" }], "imported");
    await store.getState().pickForCompare("b", "suite");
    const { compare } = store.getState();
    const onOpenRow = vi.fn();
    const { getByTestId, getByLabelText } = render(<SuiteDiff a={compare.suites.a} b={compare.suites.b} result={compare.suites.result} onOpenRow={onOpenRow} />);
    expect(getByTestId("suite-compare-counts").textContent).toBe(`${runs.length} runs: 1 regressed, 0 fixed, 0 added, 1 removed, ${runs.length - 2} unchanged`);
    const rows = () => [...getByTestId("suite-compare-table").querySelectorAll<HTMLElement>("tbody tr")];
    // The changed rows first, the regression at the top.
    expect(rows().map((r) => r.dataset.change)).toEqual(["regressed", "removed"]);
    fireEvent.change(getByLabelText("Show"), { target: { value: "all" } });
    expect(rows().map((r) => r.dataset.change)).toEqual(["regressed", "removed", ...Array(runs.length - 2).fill("unchanged")]);
    const regressed = rows()[0];
    const button = regressed?.querySelector("button");
    if (button) fireEvent.click(button);
    expect(onOpenRow).toHaveBeenCalledWith(regressed?.dataset.key);
    // A removed run has no B side to step through.
    expect(rows()[1]?.querySelector("button")).toBeNull();
  });
});
