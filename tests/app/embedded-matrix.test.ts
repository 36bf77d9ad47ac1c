import { describe, expect, it } from "vitest";
import { composeMatrixFiles } from "../../src/state/matrix/matrix-files.ts";
import { embeddedMatrixFixtures, embeddedMatrixInSlices } from "../../src/app/embedded-matrix.ts";
import { loadFixtures } from "../support.ts";
import { readFileSync, readdirSync } from "node:fs";

const dataFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => ({ file: `${dir}/${f}`, bytes: readFileSync(`${dir}/${f}`) }));

describe("the embedded attack matrix", () => {
  it("composed in slices, is the matrix composed in one go from fixtures/, and is then kept", async () => {
    const fixtures = loadFixtures();
    const inSlices = await embeddedMatrixInSlices(fixtures);
    const whole = composeMatrixFiles(fixtures, dataFiles("fixtures/tasks"), dataFiles("fixtures/injections"));
    expect(inSlices.ok && whole.ok).toBe(true);
    if (!inSlices.ok || !whole.ok) return;
    expect(inSlices.matrix.cells.length).toBeGreaterThan(100);
    expect(inSlices).toEqual(whole);
    // Kept: asked again, the same matrix, not composed anew.
    expect(await embeddedMatrixInSlices(fixtures)).toBe(inSlices);
    expect(await embeddedMatrixFixtures(fixtures)).toEqual(inSlices.matrix.cells.map((c) => c.fixture));
  });
});
