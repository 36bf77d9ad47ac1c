import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { CATEGORIES, fuzzCase, type Category, type FuzzCase } from "../fuzz/arbitraries.ts";
import { runCase } from "../fuzz/run-case.ts";
import { COLLECTED_TRACE_FORMAT } from "../schemas/collected-trace.ts";
import { loadFixtureDir } from "../node/fixture-files.ts";
import { runMain, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run fuzz -- [--runs N] [--seed S] [--out DIR]
  Property-based fuzzing of the loop and the boundary with generated raw replies (fast-check).
  Prints cases per category, crashes and violations of the invariants and of the independent oracles
  (claim equality, provenance, request timeouts, forgery naming); each failure's shrunk counter-example
  is saved as a finbound.collected-trace/v1 file in DIR (default fuzz-failures/).
  Exit status: 0 no crash and no violation, 1 otherwise, 2 bad usage.`;

interface Tally {
  cases: number;
  crashes: number;
  violations: number;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { runs: { type: "string", default: "10000" }, seed: { type: "string" }, out: { type: "string", default: "fuzz-failures" } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const runs = Number(values.runs);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
  if (!Number.isInteger(runs) || runs < 1) throw new UsageError("--runs must be a positive integer");
  if (!Number.isInteger(seed)) throw new UsageError("--seed must be an integer");
  const fixtures = loadFixtureDir();
  const tally = new Map<Category, Tally>(CATEGORIES.map((c) => [c, { cases: 0, crashes: 0, violations: 0 }]));
  const started = performance.now();
  const details = new Map<FuzzCase, string[]>();
  // Cases are tallied until the first failure; what fast-check runs after that is shrinking.
  let shrinking = false;
  const report = await fc.check(
    fc.asyncProperty(fuzzCase(fixtures), async (c) => {
      const result = await runCase(c, fixtures);
      const failed = result.crashed || result.violations.length > 0;
      if (failed) details.set(c, result.crashed ? [`crash: ${result.error}`] : result.violations);
      if (shrinking) return !failed;
      if (failed) shrinking = true;
      const t = tally.get(c.category) as Tally;
      t.cases += 1;
      if (result.crashed) t.crashes += 1;
      else if (result.violations.length > 0) t.violations += 1;
      return !failed;
    }),
    { numRuns: runs, seed },
  );
  const seconds = (performance.now() - started) / 1000;
  const rows = [...tally.entries()].map(([c, t]) => `${c.padEnd(14)} ${String(t.cases).padStart(8)} ${String(t.crashes).padStart(8)} ${String(t.violations).padStart(11)}`);
  const total = [...tally.values()].reduce((a, t) => ({ cases: a.cases + t.cases, crashes: a.crashes + t.crashes, violations: a.violations + t.violations }), { cases: 0, crashes: 0, violations: 0 });
  process.stdout.write(
    [
      `finbound fuzz: ${runs} runs requested, seed ${seed}, ${seconds.toFixed(1)} s (${Math.round(total.cases / seconds)} cases/s)`,
      `category          cases  crashes  violations`,
      ...rows,
      `${"total".padEnd(14)} ${String(total.cases).padStart(8)} ${String(total.crashes).padStart(8)} ${String(total.violations).padStart(11)}`,
      "",
    ].join("\n"),
  );
  if (!report.failed) return 0;
  const example = report.counterexample?.[0];
  if (example) {
    mkdirSync(values.out, { recursive: true });
    const file = join(values.out, `counterexample-seed-${seed}.json`);
    writeFileSync(file, `${JSON.stringify({ format: COLLECTED_TRACE_FORMAT, fixture: example.fixture, candidate: { name: `fuzz-${example.category}`, settings: { seed, path: report.counterexamplePath } }, responses: example.responses }, null, 2)}\n`);
    process.stdout.write(`FAILED: stopped at the first failing case (${total.cases} tallied), shrunk ${report.numShrinks} time(s) to:\n  ${(details.get(example) ?? [String(report.errorInstance ?? "property failed")]).join("\n  ")}\ncounter-example saved as ${file} (npm run score -- ${file})\n`);
  }
  return 1;
}

await runMain("finbound fuzz", main);
