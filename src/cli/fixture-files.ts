import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseInjectionSet } from "../fixtures/injections.ts";
import { parseFixtureSet } from "../fixtures/load.ts";
import { composeMatrix, type Matrix } from "../fixtures/matrix/compose.ts";
import { parseTaskSet } from "../fixtures/tasks.ts";
import type { Fixture } from "../schemas/fixture.ts";
import { UsageError } from "./usage-error.ts";

export const DEFAULT_FIXTURE_DIR = fileURLToPath(new URL("../../fixtures/", import.meta.url));

/** Loads and validates every `*.json` in the folder; any bad file is a usage error naming it and the field. */
export function loadFixtureDir(dir: string = DEFAULT_FIXTURE_DIR): Fixture[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw new UsageError(`cannot read the fixture folder ${dir}`);
  }
  const shown = (n: string): string => relative(process.cwd(), join(dir, n)) || n;
  // Bytes, not text: the one file reader decides what is valid UTF-8 (src/files/read-json-file.ts).
  const read = (n: string): Uint8Array => {
    try {
      return readFileSync(join(dir, n));
    } catch {
      throw new UsageError(`${shown(n)}: cannot read the file`);
    }
  };
  const set = parseFixtureSet(names.map((n) => ({ file: shown(n), text: read(n) })));
  if (!set.ok) throw new UsageError(`invalid fixture file(s):\n  ${set.errors.map((e) => e.message).join("\n  ")}`);
  if (set.fixtures.length === 0) throw new UsageError(`no fixture files (*.json) in ${dir}`);
  return set.fixtures;
}

/** The `*.json` files of a folder as bytes, each named by its path relative to the working directory. */
function readDataFolder(dir: string): { file: string; bytes: Uint8Array }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw new UsageError(`cannot read the folder ${dir}`);
  }
  return names.map((n) => {
    const file = relative(process.cwd(), join(dir, n)) || n;
    try {
      return { file, bytes: readFileSync(join(dir, n)) };
    } catch {
      throw new UsageError(`${file}: cannot read the file`);
    }
  });
}

/**
 * The attack matrix of a fixture folder: its fixtures, `tasks/*.json` and `injections/*.json`,
 * each file validated, composed into generated fixtures (src/fixtures/matrix).
 */
export function loadMatrixDir(dir: string = DEFAULT_FIXTURE_DIR): Matrix {
  const fixtures = loadFixtureDir(dir);
  const tasks = parseTaskSet(readDataFolder(join(dir, "tasks")));
  const injections = parseInjectionSet(readDataFolder(join(dir, "injections")));
  const errors = [...(tasks.ok ? [] : tasks.errors), ...(injections.ok ? [] : injections.errors)];
  if (errors.length > 0 || !tasks.ok || !injections.ok) throw new UsageError(`invalid matrix file(s):\n  ${errors.join("\n  ")}`);
  const composed = composeMatrix(tasks.tasks, fixtures, injections.injections);
  if (!composed.ok) throw new UsageError(`the attack matrix does not compose:\n  ${composed.errors.join("\n  ")}`);
  return composed.matrix;
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
