import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFixtureSet } from "../fixtures/load.ts";
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
