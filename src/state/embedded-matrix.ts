// The attack matrix's data embedded in the app bundle: every fixtures/tasks/*.json and
// fixtures/injections/*.json, read through the same parsers as the CLI. Composed on first use, not
// at start-up: 171 generated fixtures cost a noticeable moment to validate.
// (Vite-specific: imported only by the browser side, never by the CLI.)
import type { Fixture } from "../schemas/fixture.ts";
import { composeMatrixFilesSteps, type DataFile, type MatrixCompose } from "./matrix-files.ts";
import { toEnd } from "../fixtures/matrix/compose.ts";
import { toEndInSlices } from "./yield-to-page.ts";

const glob = (files: Record<string, string>): DataFile[] => {
  const encoder = new TextEncoder();
  return Object.entries(files).map(([path, text]) => ({ file: path.replace(/^\//, ""), bytes: encoder.encode(text) }));
};

const taskFiles = import.meta.glob("/fixtures/tasks/*.json", { eager: true, query: "?raw", import: "default" }) as Record<string, string>;
const injectionFiles = import.meta.glob("/fixtures/injections/*.json", { eager: true, query: "?raw", import: "default" }) as Record<string, string>;

let composed: MatrixCompose | null = null;

const steps = (fixtures: readonly Fixture[]) => composeMatrixFilesSteps(fixtures, glob(taskFiles), glob(injectionFiles));

/** The matrix over the embedded fixtures, composed once. */
export function embeddedMatrix(fixtures: readonly Fixture[]): MatrixCompose {
  return (composed ??= toEnd(steps(fixtures)));
}

/** embeddedMatrix, composed in slices between which the page paints and handles input (the matrix view, an import). */
export async function embeddedMatrixInSlices(fixtures: readonly Fixture[]): Promise<MatrixCompose> {
  if (composed) return composed;
  const done = await toEndInSlices(steps(fixtures));
  return (composed ??= done);
}

/** The generated fixtures, for the simulated model; none when the matrix does not compose. */
export const embeddedMatrixFixtures = (fixtures: readonly Fixture[]): Fixture[] => {
  const m = embeddedMatrix(fixtures);
  return m.ok ? m.matrix.cells.map((c) => c.fixture) : [];
};
