import type { ScoredSuiteExport } from "../schemas/export.ts";

/** Runs written between two pauses. */
const RUNS_PER_PAUSE = 200;

/**
 * `JSON.stringify(file, null, 2)` and a newline, byte for byte, written run by run with `pause` awaited
 * between slices: one stringify of a 10,000-run suite (~100 MB) held the page for over a second.
 */
export async function suiteText(file: ScoredSuiteExport, pause: () => Promise<void>): Promise<string> {
  // The runs' place in the header, kept by the spread (an overridden key keeps its position).
  const mark = "\u0000runs\u0000";
  const head = JSON.stringify({ ...file, runs: mark }, null, 2);
  const parts: string[] = [];
  for (let i = 0; i < file.runs.length; i++) {
    if (i > 0 && i % RUNS_PER_PAUSE === 0) await pause();
    parts.push(`    ${JSON.stringify(file.runs[i], null, 2).replaceAll("\n", "\n    ")}`);
  }
  const runs = parts.length === 0 ? "[]" : `[\n${parts.join(",\n")}\n  ]`;
  // A function, so that "$" in the runs' text is never read as a replacement pattern.
  return `${head.replace(JSON.stringify(mark), () => runs)}\n`;
}
