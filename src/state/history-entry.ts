import type { Sha256Hex } from "../integrity/seal.ts";
import { canonicalJson } from "../runtime/canonical.ts";
import { SCORED_RUN_FORMAT, type ScoredRunExport, type ScoredSuiteExport } from "../schemas/export.ts";
import { HistoryEntry } from "../schemas/history.ts";

/** A run without its export time and seal: what makes two saves the same run. */
const contentOf = (run: ScoredRunExport) => {
  const { exported_at: _exportedAt, integrity: _integrity, ...content } = run;
  return content;
};

/**
 * The history entry for a sealed export. The id is a hash of the content, so replaying the same
 * scripted run (a reload replays the run named in the URL) updates one entry instead of adding another.
 */
export async function historyEntryOf(file: ScoredRunExport | ScoredSuiteExport, savedAt: string, sha256: Sha256Hex): Promise<HistoryEntry> {
  if (file.format === SCORED_RUN_FORMAT) {
    return HistoryEntry.parse({
      id: `run-${await sha256(canonicalJson(contentOf(file)))}`,
      saved_at: savedAt,
      kind: "run",
      label: `${file.fixture.id} / ${file.candidate.name}`,
      summary: { runs: 1, passed: file.passed ? 1 : 0 },
      file,
    });
  }
  return HistoryEntry.parse({
    id: `suite-${await sha256(canonicalJson(file.runs.map(contentOf)))}`,
    saved_at: savedAt,
    kind: "suite",
    label: `suite of ${file.runs.length}`,
    summary: { runs: file.runs.length, passed: file.runs.filter((r) => r.passed).length },
    file,
  });
}

/** Newest first; entries saved in the same instant keep their order. */
export const newestFirst = (entries: readonly HistoryEntry[]): HistoryEntry[] =>
  [...entries].sort((a, b) => (a.saved_at < b.saved_at ? 1 : a.saved_at > b.saved_at ? -1 : 0));
