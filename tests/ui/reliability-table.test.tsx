import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Reliability } from "../../src/evaluation/trial-reliability.ts";
import { ReliabilityFigures, ReliabilityTable } from "../../src/ui/suite/ReliabilityTable.tsx";

afterEach(cleanup);

// Two fixtures, K = 3: "a" passed 2 of 3; "b" had one run fail on the server side, passed 1 of the 2 counted,
// so pass^3 is undefined for it and the overall pass^3 is "a"'s alone.
const RELIABILITY: Reliability = {
  k: 3,
  fixtures: [
    { fixture: "a", runs: 3, infrastructure: 0, n: 3, c: 2, passHat: [2 / 3, 1 / 3, 0], passAt: [2 / 3, 1, 1] },
    { fixture: "b", runs: 3, infrastructure: 1, n: 2, c: 1, passHat: [0.5, 0, null], passAt: [0.5, 1, null] },
  ],
  passHat: [7 / 12, 1 / 6, 0],
  passAt: [7 / 12, 1, 1],
  infrastructure: 1,
  runs: 6,
  outcomes: { answered: 3, unavailable: 2, invalid_output: 1 },
  latencyMs: { p50: 812, p95: 2100 },
  tokensPerRun: 240.4,
};

const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent);

describe("the reliability table", () => {
  it("shows counted, passed, excluded and pass^1, pass^K, pass@K per fixture and overall; an undefined pass^k reads —", () => {
    const { getByTestId } = render(<ReliabilityTable reliability={RELIABILITY} />);
    const rows = within(getByTestId("passk-table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["overall (mean of fixtures)", "a", "b"]);
    expect(rows.map(cells)).toEqual([
      ["5", "3", "1", "58.3 %", "0.0 %", "100.0 %"],
      ["3", "2", "0", "66.7 %", "0.0 %", "100.0 %"],
      ["2", "1", "1", "50.0 %", "—", "—"],
    ]);
  });

  it("shows the outcome distribution, latency p50 / p95 and tokens per run", () => {
    const { getByTestId } = render(<ReliabilityFigures reliability={RELIABILITY} />);
    expect(getByTestId("latency").textContent).toBe("812 ms / 2,100 ms");
    expect(getByTestId("reliability-figures").textContent).toContain("6 (1 excluded: infrastructure)");
    expect(getByTestId("reliability-figures").textContent).toContain("240");
    const counts = [...getByTestId("outcome-distribution").querySelectorAll("[data-outcome-count]")].map((e) => `${e.getAttribute("data-outcome-count")}=${e.textContent?.replace(/\D+/g, "")}`);
    expect(counts).toEqual(["answered=3", "unavailable=2", "invalid_output=1"]);
  });

  it("shows pass^1, pass^K and pass@K with their 95 % intervals, pass^K only over fixtures with K counted trials", () => {
    const { getByTestId } = render(<ReliabilityFigures reliability={RELIABILITY} />);
    // pass^3 counts "a" alone (b has 2 counted trials): a resample of its 3 trials passes all 3 at most in (2/3)³ ≈ 30 %.
    expect(getByTestId("passk-intervals").textContent).toMatch(/^pass1 58 % \[\d+, \d+\] · pass3 0 % \[0, 100\] · pass@3 100 % \[\d+, 100\]$/);
  });
});
