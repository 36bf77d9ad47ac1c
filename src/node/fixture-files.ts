import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseInjectionSet } from "../fixture-set/injections.ts";
import { parseFixtureSet } from "../fixture-set/parse.ts";
import { composeMatrix, type Matrix, type MatrixCell } from "../fixture-set/matrix/compose.ts";
import { parseTaskSet } from "../fixture-set/tasks.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { InputError } from "./input-error.ts";

export const DEFAULT_FIXTURE_DIR = fileURLToPath(new URL("../../fixtures", import.meta.url));

/** Loads and validates every `*.json` in the folder; any bad file is a usage error naming it and the field. */
export function loadFixtureDir(dir: string = DEFAULT_FIXTURE_DIR): Fixture[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw new InputError(`cannot read the fixture folder ${dir}`, "unreadable_folder");
  }
  const shown = (n: string): string => relative(process.cwd(), join(dir, n)) || n;
  // Bytes, not text: the one file reader decides what is valid UTF-8 (src/files/read-json-file.ts).
  const read = (n: string): Uint8Array => {
    try {
      return readFileSync(join(dir, n));
    } catch {
      throw new InputError(`${shown(n)}: cannot read the file`, "unreadable_file");
    }
  };
  const set = parseFixtureSet(names.map((n) => ({ file: shown(n), text: read(n) })));
  if (!set.ok) throw new InputError(`invalid fixture file(s):\n  ${set.errors.map((e) => e.message).join("\n  ")}`, "invalid_fixture");
  if (set.fixtures.length === 0) throw new InputError(`no fixture files (*.json) in ${dir}`, "no_fixtures");
  return set.fixtures;
}

/**
 * The fixtures chosen with --fixture (every one that `has` the candidate when none is named); a
 * fixture unknown, or without the candidate, is a usage error.
 */
export function selectFixtures(all: readonly Fixture[], wanted: readonly string[], has: (f: Fixture) => boolean, name: string): Fixture[] {
  for (const id of wanted) {
    const fx = all.find((f) => f.id === id);
    if (!fx) throw new InputError(`unknown fixture ${id} (known: ${all.map((f) => f.id).join(", ")})`, "unknown_fixture");
    if (!has(fx)) throw new InputError(`fixture ${id} has no candidate ${name} (it has: ${Object.keys(fx.candidates).join(", ")})`, "unknown_candidate");
  }
  const chosen = wanted.length > 0 ? all.filter((f) => wanted.includes(f.id)) : all.filter(has);
  if (chosen.length === 0) throw new InputError(`no fixture has a candidate named ${name}`, "unknown_candidate");
  return chosen;
}

/** The `*.json` files of a folder as bytes, each named by its path relative to the working directory. */
function readDataFolder(dir: string): { file: string; bytes: Uint8Array }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw new InputError(`cannot read the folder ${dir}`, "unreadable_folder");
  }
  return names.map((n) => {
    const file = relative(process.cwd(), join(dir, n)) || n;
    try {
      return { file, bytes: readFileSync(join(dir, n)) };
    } catch {
      throw new InputError(`${file}: cannot read the file`, "unreadable_file");
    }
  });
}

/**
 * The attack matrix of a fixture folder: its fixtures, `tasks/*.json` and `injections/*.json`,
 * each file validated, composed into generated fixtures (src/fixture-set/matrix).
 */
export function loadMatrixDir(dir: string = DEFAULT_FIXTURE_DIR): Matrix {
  const fixtures = loadFixtureDir(dir);
  const tasks = parseTaskSet(readDataFolder(join(dir, "tasks")));
  const injections = parseInjectionSet(readDataFolder(join(dir, "injections")));
  const errors = [...(tasks.ok ? [] : tasks.errors), ...(injections.ok ? [] : injections.errors)];
  if (errors.length > 0 || !tasks.ok || !injections.ok) throw new InputError(`invalid matrix file(s):\n  ${errors.join("\n  ")}`, "invalid_matrix");
  const composed = composeMatrix(tasks.tasks, fixtures, injections.injections);
  if (!composed.ok) throw new InputError(`the attack matrix does not compose:\n  ${composed.errors.join("\n  ")}`, "invalid_matrix");
  return composed.matrix;
}

/** The matrix's cells chosen with --task and --injection (a task's baseline is kept whenever the task is). */
export function chooseCells(matrix: Matrix, tasks: readonly string[], injections: readonly string[]): MatrixCell[] {
  const known = { tasks: matrix.tasks.map((t) => t.fixture), injections: matrix.injections.map((i) => i.id) };
  for (const t of tasks) if (!known.tasks.includes(t)) throw new InputError(`unknown task ${t} (tasks: ${known.tasks.join(", ")})`, "unknown_task");
  for (const i of injections) if (!known.injections.includes(i)) throw new InputError(`unknown injection ${i} (injections: ${known.injections.join(", ")})`, "unknown_injection");
  return matrix.cells.filter((c) => (tasks.length === 0 || tasks.includes(c.task)) && (injections.length === 0 || c.injection === null || injections.includes(c.injection)));
}

/**
 * The fixtures runs are judged against: the folder's, and the attack matrix's generated ones when
 * some run needs them (`needed` names the fixture ids in play; when they are not known before the
 * file is read, as for `npm run verify`, always). `npm run diff` and `npm run report` use it to find
 * each candidate's declared expected failures, `npm run verify` to replay every run.
 */
export function loadJudgingFixtures(dir: string | undefined, needed?: readonly string[]): Map<string, Fixture> {
  const root = dir ?? DEFAULT_FIXTURE_DIR;
  const fixtures = new Map<string, Fixture>(loadFixtureDir(root).map((f) => [f.id, f]));
  const wanted = needed === undefined || needed.some((id) => !fixtures.has(id));
  if (wanted && existsSync(join(root, "tasks"))) for (const c of loadMatrixDir(root).cells) fixtures.set(c.fixture.id, c.fixture);
  return fixtures;
}
