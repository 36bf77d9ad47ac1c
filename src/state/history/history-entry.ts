import type { Sha256Hex } from "../../integrity/seal.ts";
import { canonicalJson } from "../../runtime/canonical.ts";
import { SCORED_RUN_FORMAT, type ScoredRunExport, type ScoredSuiteExport } from "../../schemas/export.ts";
import { HistoryEntry } from "../../schemas/history.ts";
import type { DesignCounts } from "../suite/suite-design.ts";

/** A run without its export time and seal: what makes two saves the same run. */
const contentOf = (run: ScoredRunExport) => {
  const { exported_at: _exportedAt, integrity: _integrity, ...content } = run;
  return content;
};

/** What the saving view knows of the file that the file does not say: what ran, and the headline's figures. */
export interface EntryFacts {
  /** The words History lists the entry under; by default the run's fixture and candidate, or the suite's size. */
  label?: string;
  design?: DesignCounts;
}

/**
 * The history entry for a sealed export. The id is a hash of the content, so replaying the same
 * scripted run (a reload replays the run named in the URL) updates one entry instead of adding another.
 */
export async function historyEntryOf(file: ScoredRunExport | ScoredSuiteExport, savedAt: string, sha256: Sha256Hex, facts: EntryFacts = {}): Promise<HistoryEntry> {
  const design = facts.design ? { ok: facts.design.ok, regressions: facts.design.regressions, failed: facts.design.failed, declared: facts.design.declared, infrastructure: facts.design.infrastructure } : {};
  if (file.format === SCORED_RUN_FORMAT) {
    return HistoryEntry.parse({
      id: `run-${await sha256(canonicalJson(contentOf(file)))}`,
      saved_at: savedAt,
      kind: "run",
      label: facts.label ?? `${file.fixture.id} / ${file.candidate.name}`,
      summary: { runs: 1, passed: file.passed ? 1 : 0, ...design },
      file,
    });
  }
  return HistoryEntry.parse({
    id: `suite-${await sha256(canonicalJson(file.runs.map(contentOf)))}`,
    saved_at: savedAt,
    kind: "suite",
    label: facts.label ?? `suite of ${file.runs.length}`,
    summary: { runs: file.runs.length, passed: file.runs.filter((r) => r.passed).length, ...design },
    file,
  });
}

/** An entry's figures as the suite view's headline gave them; null for an entry saved before they were kept. */
export function entryDesign(summary: HistoryEntry["summary"]): DesignCounts | null {
  const { runs, ok, regressions, failed, declared, infrastructure } = summary;
  if (ok === undefined || regressions === undefined || failed === undefined || declared === undefined || infrastructure === undefined) return null;
  return { total: runs, ok, regressions, failed, declared, infrastructure };
}

/** Newest first; entries saved in the same instant keep their order. */
export const newestFirst = (entries: readonly HistoryEntry[]): HistoryEntry[] =>
  [...entries].sort((a, b) => (a.saved_at < b.saved_at ? 1 : a.saved_at > b.saved_at ? -1 : 0));
