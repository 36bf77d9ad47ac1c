import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compareSuiteOptions } from "../../src/state/compare/compare-slice.ts";
import { historyEntryOf } from "../../src/state/history/history-entry.ts";
import { createMemoryHistory } from "../../src/state/history/memory-history.ts";
import type { ScoredSuiteExport } from "../../src/schemas/export.ts";
import { matrixOf, matrixStore } from "./matrix-test-data.ts";

const sha256 = async (text: string) => createHash("sha256").update(text).digest("hex");

describe("compare a saved attack-matrix suite", () => {
  it("a matrix suite from the history opens in Compare on a page that has not loaded the matrix yet", async () => {
    const matrix = matrixOf(["holdings-hh1001"]);
    const first = matrixStore(matrix);
    await first.getState().runMatrix();
    const exported = await first.getState().exportMatrix({ includeDiagnostics: false });
    const file = JSON.parse(exported!.text) as ScoredSuiteExport;
    const history = createMemoryHistory();
    await history.put(await historyEntryOf(file, "2026-11-30T00:00:00.000Z", sha256));

    const page = matrixStore(matrix, { history });
    await page.getState().loadHistory();
    expect(page.getState().matrix.status).toBe("unloaded");
    page.getState().setCompareMode("suites");
    const saved = compareSuiteOptions(page.getState()).find((o) => o.group === "History");
    expect(saved).toBeDefined();
    expect(await page.getState().pickForCompare("a", saved!.id)).toBe(true);
    expect(page.getState().compare.problem).toBeNull();
    expect(page.getState().compare.suites.a?.runs).toHaveLength(file.runs.length);
  });
});
