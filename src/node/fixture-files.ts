import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseInjectionSet } from "../fixture-set/injections.ts";
import { parseFixtureSet } from "../fixture-set/parse.ts";
import { composeMatrix, type Matrix, type MatrixCell } from "../fixture-set/matrix/compose.ts";
import { parseTaskSet } from "../fixture-set/tasks.ts";
import type { Fixture } from "../schemas/fixture.ts";
import type { RefusalAt } from "../files/refusal.ts";
import { InputError } from "./input-error.ts";

export const DEFAULT_FIXTURE_DIR = fileURLToPath(new URL("../../fixtures", import.meta.url));

export const FIXTURE_DIR_PROBLEM_CODES = ["unreadable_folder", "unreadable_file", "invalid_fixture", "no_fixtures", "unknown_fixture", "unknown_candidate", "invalid_matrix", "unknown_task", "unknown_injection"] as const;
export type FixtureDirProblemCode = (typeof FIXTURE_DIR_PROBLEM_CODES)[number];

/** What a fixture folder's refusal knows beside its code: its words are made from this alone (describeFixtureDirProblem). */
type FixtureDirProblemDetail =
  | { code: "unreadable_folder"; dir: string; fixtures: boolean }
  | { code: "unreadable_file"; file: string }
  | { code: "invalid_fixture"; problems: readonly string[] }
  | { code: "no_fixtures"; dir: string }
  | { code: "unknown_fixture"; id: string; known: readonly string[] }
  | { code: "unknown_candidate"; name: string; fixture?: { id: string; has: readonly string[] } }
  | { code: "invalid_matrix"; problems: readonly string[]; composing: boolean }
  | { code: "unknown_task"; id: string; known: readonly string[] }
  | { code: "unknown_injection"; id: string; known: readonly string[] };

export function describeFixtureDirProblem(detail: FixtureDirProblemDetail): string {
  switch (detail.code) {
    case "unreadable_folder":
      return `cannot read the ${detail.fixtures ? "fixture " : ""}folder ${detail.dir}`;
    case "unreadable_file":
      return `${detail.file}: cannot read the file`;
    case "invalid_fixture":
      return `invalid fixture file(s):\n  ${detail.problems.join("\n  ")}`;
    case "no_fixtures":
      return `no fixture files (*.json) in ${detail.dir}`;
    case "unknown_fixture":
      return `unknown fixture ${detail.id} (known: ${detail.known.join(", ")})`;
    case "unknown_candidate":
      return detail.fixture ? `fixture ${detail.fixture.id} has no candidate ${detail.name} (it has: ${detail.fixture.has.join(", ")})` : `no fixture has a candidate named ${detail.name}`;
    case "invalid_matrix":
      return `${detail.composing ? "the attack matrix does not compose" : "invalid matrix file(s)"}:\n  ${detail.problems.join("\n  ")}`;
    case "unknown_task":
      return `unknown task ${detail.id} (tasks: ${detail.known.join(", ")})`;
    case "unknown_injection":
      return `unknown injection ${detail.id} (injections: ${detail.known.join(", ")})`;
  }
}

/** A fixture folder's refusal as the entry points' InputError: its code, its words, and the file when one is to blame. */
const refuse = (detail: FixtureDirProblemDetail, at: RefusalAt = {}): InputError => new InputError(describeFixtureDirProblem(detail), detail.code, at);

/** Loads and validates every `*.json` in the folder; any bad file is a usage error naming it and the field. */
export function loadFixtureDir(dir: string = DEFAULT_FIXTURE_DIR): Fixture[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw refuse({ code: "unreadable_folder", dir, fixtures: true }, { file: dir });
  }
  const shown = (n: string): string => relative(process.cwd(), join(dir, n)) || n;
  // Bytes, not text: the one file reader decides what is valid UTF-8 (src/files/read-json-file.ts).
  const read = (n: string): Uint8Array => {
    try {
      return readFileSync(join(dir, n));
    } catch {
      throw refuse({ code: "unreadable_file", file: shown(n) }, { file: shown(n) });
    }
  };
  const set = parseFixtureSet(names.map((n) => ({ file: shown(n), text: read(n) })));
  if (!set.ok) throw refuse({ code: "invalid_fixture", problems: set.errors.map((e) => e.message) }, set.errors.length === 1 ? set.errors[0]?.at : {});
  if (set.fixtures.length === 0) throw refuse({ code: "no_fixtures", dir }, { file: dir });
  return set.fixtures;
}

/**
 * The fixtures chosen with --fixture (every one that `has` the candidate when none is named); a
 * fixture unknown, or without the candidate, is a usage error.
 */
export function selectFixtures(all: readonly Fixture[], wanted: readonly string[], has: (f: Fixture) => boolean, name: string): Fixture[] {
  for (const id of wanted) {
    const fx = all.find((f) => f.id === id);
    if (!fx) throw refuse({ code: "unknown_fixture", id, known: all.map((f) => f.id) });
    if (!has(fx)) throw refuse({ code: "unknown_candidate", name, fixture: { id, has: Object.keys(fx.candidates) } });
  }
  const chosen = wanted.length > 0 ? all.filter((f) => wanted.includes(f.id)) : all.filter(has);
  if (chosen.length === 0) throw refuse({ code: "unknown_candidate", name });
  return chosen;
}

/** The `*.json` files of a folder as bytes, each named by its path relative to the working directory. */
function readDataFolder(dir: string): { file: string; bytes: Uint8Array }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw refuse({ code: "unreadable_folder", dir, fixtures: false }, { file: dir });
  }
  return names.map((n) => {
    const file = relative(process.cwd(), join(dir, n)) || n;
    try {
      return { file, bytes: readFileSync(join(dir, n)) };
    } catch {
      throw refuse({ code: "unreadable_file", file }, { file });
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
  if (errors.length > 0 || !tasks.ok || !injections.ok) throw refuse({ code: "invalid_matrix", problems: errors, composing: false });
  const composed = composeMatrix(tasks.tasks, fixtures, injections.injections);
  if (!composed.ok) throw refuse({ code: "invalid_matrix", problems: composed.errors, composing: true });
  return composed.matrix;
}

/** The matrix's cells chosen with --task and --injection (a task's baseline is kept whenever the task is). */
export function chooseCells(matrix: Matrix, tasks: readonly string[], injections: readonly string[]): MatrixCell[] {
  const known = { tasks: matrix.tasks.map((t) => t.fixture), injections: matrix.injections.map((i) => i.id) };
  for (const t of tasks) if (!known.tasks.includes(t)) throw refuse({ code: "unknown_task", id: t, known: known.tasks });
  for (const i of injections) if (!known.injections.includes(i)) throw refuse({ code: "unknown_injection", id: i, known: known.injections });
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
