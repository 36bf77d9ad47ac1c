import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadMatrixDir } from "../node/fixture-files.ts";
import { parseCli, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run matrix:build -- [--out DIR] [--fixtures DIR]
  Writes every attack-matrix fixture (each user task alone and with every injection that can reach it)
  as <id>.json into DIR (default build/matrix), one fixture per file like a hand-written one:
  npm run eval -- --fixtures DIR --candidate obedient runs them as plain fixtures.`;

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound matrix:build", io, () => build(argv, io));
}

async function build(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCli({ args: argv, options: { out: { type: "string", default: "build/matrix" }, fixtures: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }, USAGE);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const matrix = loadMatrixDir(values.fixtures);
  try {
    mkdirSync(values.out, { recursive: true });
    for (const cell of matrix.cells) writeFileSync(join(values.out, `${cell.id}.json`), `${JSON.stringify(cell.fixture, null, 2)}\n`);
  } catch {
    throw new UsageError(`cannot write into ${values.out}`);
  }
  const pairs = matrix.cells.filter((c) => c.injection !== null).length;
  io.stdout.write(`wrote ${matrix.cells.length} fixtures to ${values.out}: ${matrix.tasks.length} task baselines and ${pairs} task × injection pairs (${matrix.skipped.length} pairs skipped as not meaningful)\n`);
  return 0;
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
