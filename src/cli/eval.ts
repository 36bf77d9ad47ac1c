import { parseArgs } from "node:util";
import type { ScoredRun } from "../schemas/scored-run.ts";
import { evaluateScripted } from "../scoring/evaluate.ts";
import { loadFixtureDir } from "./fixture-files.ts";
import { emitRuns, parseFormat } from "./output.ts";
import { runMain, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run eval -- [--fixture ID]... [--candidate NAME] [--format table|json|junit] [--out FILE] [--fixtures DIR]
  Runs a scripted candidate (default: reference) over the fixtures (default: every fixture that has it).
  Exit status: 0 every run passed, 1 a run failed, 2 bad usage or an invalid input file.`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        fixture: { type: "string", multiple: true },
        candidate: { type: "string", default: "reference" },
        format: { type: "string" },
        out: { type: "string" },
        fixtures: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = parseFormat(values.format);
  const all = loadFixtureDir(values.fixtures);
  const name = values.candidate;
  const wanted = values.fixture ?? [];
  for (const id of wanted) {
    const fx = all.find((f) => f.id === id);
    if (!fx) throw new UsageError(`unknown fixture ${id} (known: ${all.map((f) => f.id).join(", ")})`);
    if (!Object.hasOwn(fx.candidates, name)) throw new UsageError(`fixture ${id} has no candidate ${name} (it has: ${Object.keys(fx.candidates).join(", ")})`);
  }
  const fixtures = wanted.length > 0 ? all.filter((f) => wanted.includes(f.id)) : all.filter((f) => Object.hasOwn(f.candidates, name));
  if (fixtures.length === 0) throw new UsageError(`no fixture has a candidate named ${name}`);
  const runs: ScoredRun[] = [];
  for (const fx of fixtures) {
    const run = await evaluateScripted(fx, name);
    if (run) runs.push(run);
  }
  return emitRuns(runs, format, values.out);
}

await runMain("finbound eval", main);
