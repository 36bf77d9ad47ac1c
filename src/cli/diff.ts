import { compareRuns, compareSuites, type ComparableRun, type RunComparison, type SuiteComparison } from "../evaluation/compare.ts";
import { readExportFile, runsOf, verifyExport } from "../integrity/export-file.ts";
import { notVerified } from "../integrity/verify-file.ts";
import type { ScoredRunExport } from "../schemas/export.ts";
import { isEntryPoint, runAsScript, runCommand, type CliIo } from "./command.ts";
import { loadJudgingFixtures } from "../node/fixture-files.ts";
import { nodeSha256 } from "./node-sha256.ts";
import { parseFormat } from "./output.ts";
import { MAX_BYTES_OPTION, MAX_BYTES_USAGE, maxBytesFrom, readFileBytes } from "./read-file.ts";
import { parseCli, refusalError, UsageError } from "./usage-error.ts";

const USAGE = `usage: npm run diff -- A B [--format table|json] [--fixture ID] [--fixtures DIR]
  Compares two exports (a scored run, a sealed suite or a JSONL suite; "before" A, "after" B).
  Two runs of one fixture: side by side, aligned by decision step, the differing steps and checks marked.
  Two suites: run by run (fixture, candidate and trial; fixture and trial when each suite holds one
  candidate, so model A can be compared with model B): fixed, regressed, unchanged, added, removed.
  A faulty candidate that fails exactly the checks it declares behaved as designed; a reference that
  fails, or a faulty candidate no longer caught, is a regression.
  --fixture ID      with two suites, also compare that fixture's runs step by step
${MAX_BYTES_USAGE}
  Exit status: 0 no regression, 1 a regression, 2 bad usage, an unreadable file or a file whose seal is broken.`;

const comparable = (r: ScoredRunExport): ComparableRun => ({ fixture: r.fixture.id, candidate: r.candidate.name, trial: r.trial, events: r.events, verdicts: r.verdicts, passed: r.passed, result: r.result });

async function readRuns(file: string, maxBytes: number, io: CliIo): Promise<{ kind: "run" | "suite"; runs: ComparableRun[] }> {
  const read = readExportFile(readFileBytes(file, maxBytes), { maxBytes });
  if (!read.ok) throw refusalError(file, read);
  const v = await verifyExport(read.value, nodeSha256);
  if (v.status === "broken") throw refusalError(file, { ...v, message: notVerified(v) });
  if (v.status === "unsealed") io.stderr.write(`warning: ${file}: ${v.message}\n`);
  return { kind: read.value.kind === "run" ? "run" : "suite", runs: runsOf(read.value).map(comparable) };
}

function runTable(c: RunComparison): string {
  const width = Math.max(12, ...c.steps.flatMap((s) => s.a.map((l) => l.length)));
  const lines = [
    `fixture ${c.fixture}`,
    `A  ${c.a.candidate}: ${c.a.outcome} — ${c.a.state}`,
    `B  ${c.b.candidate}: ${c.b.outcome} — ${c.b.state}`,
    "",
    `   step  ${"A".padEnd(width)}  B`,
  ];
  for (const s of c.steps) {
    const rows = Math.max(s.a.length, s.b.length);
    for (let i = 0; i < rows; i++) {
      const la = s.a[i] ?? "";
      const lb = s.b[i] ?? "";
      lines.push(`${la === lb ? " " : "≠"}  ${i === 0 ? String(s.step).padStart(4) : "    "}  ${la.padEnd(width)}  ${lb}`);
    }
  }
  lines.push("");
  if (c.verdicts.length === 0) lines.push("checks: the same in both");
  else for (const v of c.verdicts) lines.push(`check ${v.check}: ${v.a ?? "—"} → ${v.b ?? "—"}`);
  lines.push(c.firstDifference === null ? "the runs take the same steps" : `the runs part at step ${c.firstDifference}`);
  if (c.regressed) lines.push("REGRESSION: A behaved as intended, B does not");
  return `${lines.join("\n")}\n`;
}

function suiteTable(c: SuiteComparison): string {
  const width = Math.max(3, ...c.rows.map((r) => r.key.length));
  const changed = c.rows.filter((r) => r.change !== "unchanged");
  const lines = [
    `${c.rows.length} run(s): ${c.counts.regressed} regressed, ${c.counts.fixed} fixed, ${c.counts.unchanged} unchanged, ${c.counts.added} added, ${c.counts.removed} removed`,
    ...(changed.length === 0 ? [] : ["", `${"run".padEnd(width)}  change     A → B`]),
    ...changed.map((r) => `${r.key.padEnd(width)}  ${r.change.padEnd(9)}  ${r.a ?? "—"} → ${r.b ?? "—"}`),
  ];
  return `${lines.join("\n")}\n`;
}

export function main(argv: string[], io: CliIo): Promise<number> {
  return runCommand("finbound diff", io, async () => {
    const { values, positionals } = parseCli({ args: argv, options: { format: { type: "string" }, fixture: { type: "string" }, fixtures: { type: "string" }, ...MAX_BYTES_OPTION }, strict: true, allowPositionals: true }, USAGE);
    if (positionals.length !== 2) throw new UsageError(`give exactly two files, A (before) and B (after)\n${USAGE}`);
    const format = parseFormat(values.format, ["table", "json"]);
    const maxBytes = maxBytesFrom(values["max-bytes"]);
    const [fileA, fileB] = positionals as [string, string];
    const a = await readRuns(fileA, maxBytes, io);
    const b = await readRuns(fileB, maxBytes, io);
    const byId = loadJudgingFixtures(values.fixtures, [...a.runs, ...b.runs].map((r) => r.fixture));
    const fixtures = [...byId.values()];
    if (a.kind === "run" && b.kind === "run") {
      const [ra, rb] = [a.runs[0], b.runs[0]] as [ComparableRun, ComparableRun];
      if (ra.fixture !== rb.fixture) throw new UsageError(`the runs are of different fixtures (${ra.fixture}, ${rb.fixture}): compare runs of one fixture`);
      const c = compareRuns(ra, rb, byId.get(ra.fixture));
      io.stdout.write(format === "json" ? `${JSON.stringify(c, null, 2)}\n` : runTable(c));
      return c.regressed ? 1 : 0;
    }
    const c = compareSuites(a.runs, b.runs, fixtures);
    let steps: RunComparison | null = null;
    if (values.fixture) {
      const ra = a.runs.find((r) => r.fixture === values.fixture);
      const rb = b.runs.find((r) => r.fixture === values.fixture);
      if (!ra || !rb) throw new UsageError(`--fixture ${values.fixture}: not in both files`);
      steps = compareRuns(ra, rb, byId.get(values.fixture));
    }
    io.stdout.write(format === "json" ? `${JSON.stringify(steps ? { ...c, steps } : c, null, 2)}\n` : `${suiteTable(c)}${steps ? `\n${runTable(steps)}` : ""}`);
    return c.counts.regressed > 0 ? 1 : 0;
  });
}

if (isEntryPoint(import.meta.url)) await runAsScript(main);
