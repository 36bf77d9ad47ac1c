// The attack matrix's data embedded in the app bundle: every fixtures/tasks/*.json and
// fixtures/injections/*.json, read through the same parsers as the CLI. Composed on first use, not
// at start-up: 171 generated fixtures cost a noticeable moment to validate.
// (Vite-specific: imported only by the browser side, never by the CLI.)
import type { Fixture } from "../schemas/fixture.ts";
import { composeMatrixFilesSteps, type DataFile, type MatrixCompose } from "../state/matrix/matrix-files.ts";
import { toEndInSlices } from "../state/scheduling/yield-to-page.ts";

const glob = (files: Record<string, string>): DataFile[] => {
  const encoder = new TextEncoder();
  return Object.entries(files).map(([path, text]) => ({ file: path.replace(/^\//, ""), bytes: encoder.encode(text) }));
};

const taskFiles = import.meta.glob("/fixtures/tasks/*.json", { eager: true, query: "?raw", import: "default" }) as Record<string, string>;
const injectionFiles = import.meta.glob("/fixtures/injections/*.json", { eager: true, query: "?raw", import: "default" }) as Record<string, string>;

/** The one composition: whoever asks first starts it, the rest wait for it. */
let composed: Promise<MatrixCompose> | null = null;

/** The matrix over the embedded fixtures, composed once, in slices between which the page paints and handles input (the matrix view, an import, the simulator). */
export const embeddedMatrixInSlices = (fixtures: readonly Fixture[]): Promise<MatrixCompose> =>
  (composed ??= toEndInSlices(composeMatrixFilesSteps(fixtures, glob(taskFiles), glob(injectionFiles))));

/** The generated fixtures, for the simulated model; none when the matrix does not compose. */
export const embeddedMatrixFixtures = async (fixtures: readonly Fixture[]): Promise<Fixture[]> => {
  const m = await embeddedMatrixInSlices(fixtures);
  return m.ok ? m.matrix.cells.map((c) => c.fixture) : [];
};
