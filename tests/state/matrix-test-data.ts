import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { composeMatrix, type Matrix } from "../../src/fixture-set/matrix/compose.ts";
import type { StoreDeps } from "../../src/state/deps.ts";
import { composeMatrixFiles, type DataFile } from "../../src/state/matrix/matrix-files.ts";
import { FIXTURE_DIR, loadFixtures } from "../support.ts";
import { makeStore } from "./test-deps.ts";

/** The `*.json` files of fixtures/<folder> as the browser embeds them: path and bytes. */
export const dataFiles = (folder: "tasks" | "injections"): DataFile[] =>
  readdirSync(join(FIXTURE_DIR, folder))
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => ({ file: `fixtures/${folder}/${n}`, bytes: readFileSync(join(FIXTURE_DIR, folder, n)) }));

/** The whole matrix, composed as the workbench composes it. */
export function fullMatrix(): Matrix {
  const composed = composeMatrixFiles(loadFixtures(), dataFiles("tasks"), dataFiles("injections"));
  if (!composed.ok) throw new Error(composed.errors.join("\n"));
  return composed.matrix;
}

/** The matrix of only these tasks, for tests that run a model over HTTP. */
export function matrixOf(tasks: readonly string[]): Matrix {
  const full = fullMatrix();
  const composed = composeMatrix(full.tasks.filter((t) => tasks.includes(t.fixture)), loadFixtures(), full.injections);
  if (!composed.ok) throw new Error(composed.errors.join("\n"));
  return composed.matrix;
}

export const matrixStore = (matrix: Matrix, overrides: Partial<StoreDeps> = {}) => makeStore({ loadMatrix: () => ({ ok: true, matrix }), ...overrides });
