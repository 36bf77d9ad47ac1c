import type { ScoredSuiteExport } from "../../schemas/export.ts";

/** Runs written between two pauses. */
const RUNS_PER_PAUSE = 200;

/**
 * `JSON.stringify(file, null, 2)` and a newline, byte for byte, in parts: the text before the runs,
 * each run (with the separator before it), and the text after them, written run by run with `pause`
 * awaited between slices. One stringify of a 10,000-run suite (~100 MB) held the page for over a
 * second, and joining the parts is itself a long task: a download encodes them as they are.
 */
export async function suiteTextParts(file: ScoredSuiteExport, pause: () => Promise<void>): Promise<string[]> {
  // The runs' place in the header, kept by the spread (an overridden key keeps its position).
  const mark = JSON.stringify("\u0000runs\u0000");
  const head = JSON.stringify({ ...file, runs: JSON.parse(mark) as string }, null, 2);
  const at = head.indexOf(mark);
  const [before, after] = [head.slice(0, at), head.slice(at + mark.length)];
  if (file.runs.length === 0) return [`${before}[]${after}\n`];
  const parts = [`${before}[\n`];
  for (let i = 0; i < file.runs.length; i++) {
    if (i > 0 && i % RUNS_PER_PAUSE === 0) await pause();
    // Written inside a wrapper that puts it where the runs' items sit, so it comes indented as they are.
    const wrapped = JSON.stringify({ runs: [file.runs[i]] }, null, 2);
    parts.push(`${i === 0 ? "" : ",\n"}${wrapped.slice(WRAPPER_HEAD.length, wrapped.length - WRAPPER_TAIL.length)}`);
  }
  parts.push(`\n  ]${after}\n`);
  return parts;
}
const WRAPPER_HEAD = '{\n  "runs": [\n';
const WRAPPER_TAIL = "\n  ]\n}";

