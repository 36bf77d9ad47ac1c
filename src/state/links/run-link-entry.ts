import { exportRun } from "../../integrity/export.ts";
import type { Sha256Hex } from "../../integrity/seal.ts";
import type { CandidateKind } from "../../schemas/export.ts";
import type { Fixture } from "../../schemas/fixture.ts";
import type { HistoryEntry } from "../../schemas/history.ts";
import type { ScoredRun } from "../../schemas/scored-run.ts";
import { historyEntryOf } from "../history/history-entry.ts";
import type { HistoryStore } from "../history/history-store.ts";

// Making a run's link seals a fresh export of it and hashes its content: for a 1,000,003-event run
// that is half a minute of work, so an imported run's link is made in the import worker (which has
// the run already) and the page only learns the id. A run made in the page links to its history entry
// as it is saved; only one not saved (a replay from the page's address, a failed save) is linked here.

/**
 * Runs longer than this get no link: the link keeps a sealed export of the whole run in the browser's
 * storage (a 1,000,003-event run: ~250 MB, and ~30 s of hashing on two cores). Such a run is shared as
 * its exported file instead.
 */
export const MAX_LINKED_EVENTS = 100_000;

/** Whether a run is short enough to be kept for a link. */
export const linkable = (run: { events: { length: number } }): boolean => run.events.length <= MAX_LINKED_EVENTS;

/** A run's link: the id of its history entry and when the export that id hashes was written. */
export interface RunLinkId {
  linkId: string;
  exportedAt: string;
}

/** The history entry a link to this run names: its id is the content hash of the run's sealed export. */
export async function linkEntryOf(run: ScoredRun, fixture: Fixture, kind: CandidateKind, options: { sha256: Sha256Hex; nowIso: string }): Promise<HistoryEntry> {
  const file = await exportRun(run, fixture, kind, { includeDiagnostics: true, ...options });
  return historyEntryOf(file, options.nowIso, options.sha256);
}

/** Keeps the entry where a link finds it: in `links`, outside the analyst's history, unless the history holds it. */
export async function keepForLink(entry: HistoryEntry, stores: { history: HistoryStore; links: HistoryStore }): Promise<RunLinkId> {
  if (!(await stores.history.has(entry.id))) await stores.links.put(entry);
  return { linkId: entry.id, exportedAt: entry.file.exported_at };
}
